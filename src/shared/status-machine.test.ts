import { describe, expect, it } from 'vitest';
import type { BookingStatus } from './schemas/back-office';
import { statusMove, type StatusSubject } from './status-machine';

const paid = (bookingStatus: BookingStatus, extra: Partial<StatusSubject> = {}): StatusSubject => ({
  bookingStatus,
  paymentStatus: 'paid',
  totalAmount: 3150,
  weightAdjustmentProcessed: false,
  finalTotalAmount: null,
  ...extra,
});
const weighed = (s: BookingStatus) => paid(s, { weightAdjustmentProcessed: true, finalTotalAmount: 2585 });
const unpaid = (s: BookingStatus) => paid(s, { paymentStatus: 'pending' });

// docs/design.md 9, status machine: [booking, to, allowed, reason (part of it) when refused]
const table: [string, StatusSubject, BookingStatus, boolean, string?][] = [
  ['paid pending → confirmed', paid('pending'), 'confirmed', true],
  ['unpaid pending → confirmed', unpaid('pending'), 'confirmed', false, 'not paid yet'],
  ['free pending → confirmed', paid('pending', { paymentStatus: 'pending', totalAmount: 0 }), 'confirmed', true],
  ['pending → in-progress (a jump)', paid('pending'), 'in-progress', false, 'move it to Confirmed first'],
  ['confirmed → in-progress (picked up)', paid('confirmed'), 'in-progress', true],
  ['confirmed → completed (a jump)', paid('confirmed'), 'completed', false, 'entering the weight'],
  ['confirmed → delivered (a jump)', paid('confirmed'), 'delivered', false, 'entering the weight'],
  ['in-progress → completed (only by weighing)', paid('in-progress'), 'completed', false, 'Enter the weight'],
  ['in-progress → delivered (a jump)', paid('in-progress'), 'delivered', false, 'entering the weight'],
  ['completed → delivered', weighed('completed'), 'delivered', true],
  ['delivered → completed (a step back)', weighed('delivered'), 'completed', true],
  ['completed → in-progress (the weighing stays)', weighed('completed'), 'in-progress', false, 'cannot be undone'],
  ['delivered → in-progress (a jump back)', weighed('delivered'), 'in-progress', false, 'move it to Completed first'],
  ['in-progress → confirmed (a step back)', paid('in-progress'), 'confirmed', true],
  ['paid confirmed → pending', paid('confirmed'), 'pending', false, 'stays confirmed'],
  ['unpaid confirmed → pending (a step back)', unpaid('confirmed'), 'pending', true],
  ['pending → cancelled', unpaid('pending'), 'cancelled', true],
  ['confirmed → cancelled', paid('confirmed'), 'cancelled', true],
  ['in-progress → cancelled (before the weighing)', paid('in-progress'), 'cancelled', true],
  ['weighed completed → cancelled', weighed('completed'), 'cancelled', false, 'can no longer be cancelled'],
  ['weighed delivered → cancelled', weighed('delivered'), 'cancelled', false, 'can no longer be cancelled'],
  ['being weighed → cancelled', paid('in-progress', { finalTotalAmount: 2585 }), 'cancelled', false, 'being charged'],
  ['cancelled → confirmed', paid('cancelled', { paymentStatus: 'refunded' }), 'confirmed', false, 'cannot be reopened'],
  ['cancelled → pending', unpaid('cancelled'), 'pending', false, 'cannot be reopened'],
  ['confirmed → confirmed (nothing to do)', paid('confirmed'), 'confirmed', true],
];

describe('the status machine (docs/design.md 9)', () => {
  it.each(table)('%s', (_name, booking, to, allowed, reason) => {
    const move = statusMove(booking, to);
    expect(move.allowed).toBe(allowed);
    if (!move.allowed) expect(move.reason).toContain(reason);
  });
});
