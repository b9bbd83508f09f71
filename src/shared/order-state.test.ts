import { describe, expect, it } from 'vitest';
import { orderState, orderStateMove, type OrderState, type OrderStateSubject } from './order-state';

const order = (over: Partial<OrderStateSubject>): OrderStateSubject => ({
  bookingStatus: 'confirmed',
  paymentStatus: 'paid',
  totalAmount: 3150,
  weightAdjustmentProcessed: false,
  finalTotalAmount: null,
  progress: null,
  ...over,
});
const picked = order({ bookingStatus: 'in-progress' });
const washing = order({ bookingStatus: 'in-progress', progress: 'washing' });
const weighed = order({ bookingStatus: 'completed', weightAdjustmentProcessed: true, finalTotalAmount: 2485 });
const weighedWashing = { ...weighed, progress: 'washing' as const };
const ready = { ...weighed, progress: 'ready' as const };
const out = { ...weighed, progress: 'out_for_delivery' as const };

describe('one state for an order', () => {
  it.each([
    ['booked', order({}), 'confirmed'],
    ['picked up', picked, 'in-progress'],
    ['washing, not weighed', washing, 'washing'],
    ['weighed while washing: weighed', weighedWashing, 'completed'],
    ['ready', ready, 'ready'],
    ['out for delivery', out, 'out_for_delivery'],
    ['delivered', order({ bookingStatus: 'delivered', weightAdjustmentProcessed: true }), 'delivered'],
  ] as const)('%s reads %s', (_name, b, state) => {
    expect(orderState(b)).toBe(state);
  });

  it.each<[string, OrderStateSubject, OrderState, true | RegExp]>([
    ['booked → picked up', order({}), 'in-progress', true],
    ['booked → washing: picked up first', order({}), 'washing', /picked up first/],
    ['picked up → washing', picked, 'washing', true],
    ['picked up → weighed: by the weight only', picked, 'completed', /Enter the weight/],
    ['washing → ready: weighed first', washing, 'ready', /Weigh it first/],
    ['washing → picked up: only forward', washing, 'in-progress', /only moves forward/],
    ['washing → booked: a mistake corrected', washing, 'confirmed', true],
    ['weighed → ready', weighed, 'ready', true],
    ['weighed → out for delivery', weighed, 'out_for_delivery', true],
    ['weighed → delivered', weighed, 'delivered', true],
    ['ready → washing: only forward', ready, 'washing', /already/],
    ['out for delivery → delivered', out, 'delivered', true],
    ['out for delivery → weighed: already weighed', out, 'completed', /weighed already/],
    ['weighed → cancelled: charged', weighed, 'cancelled', /weighed and charged/],
    ['picked up → cancelled', picked, 'cancelled', true],
    ['picked up → delivered: weigh first', picked, 'delivered', /entering the weight/],
  ])('%s', (_name, b, to, expected) => {
    const move = orderStateMove(b, to);
    if (expected === true) expect(move).toEqual({ allowed: true });
    else expect(move.allowed === false && move.reason).toMatch(expected);
  });
});
