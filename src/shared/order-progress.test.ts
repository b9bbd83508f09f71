// Live progress (decision 023), table-driven: where an order is for each status and laundry step,
// which moves are open and why the others are not, and the timeline the customer reads.
import { describe, expect, it } from 'vitest';
import { currentStage, nextLaundryStep, orderTimeline, progressMove, type LaundryStep, type ProgressSubject } from './order-progress';
import type { BookingStatus } from './schemas/back-office';

const order = (bookingStatus: BookingStatus, progress: LaundryStep | null = null, weighed = false): ProgressSubject => ({ bookingStatus, progress, weightAdjustmentProcessed: weighed });

describe('where an order is', () => {
  it.each([
    ['pending', null, null],
    ['cancelled', null, null],
    ['confirmed', null, 'booked'],
    ['in-progress', null, 'picked_up'],
    ['in-progress', 'washing', 'washing'],
    ['completed', null, 'picked_up'],
    ['completed', 'ready', 'ready'],
    ['completed', 'out_for_delivery', 'out_for_delivery'],
    ['delivered', 'out_for_delivery', 'delivered'],
  ] as const)('%s with %s is at %s', (status, progress, stage) => {
    expect(currentStage(order(status, progress))).toBe(stage);
  });
});

describe('moving the laundry forward', () => {
  it.each([
    // [status, progress, weighed, to, allowed or the reason]
    ['in-progress', null, false, 'washing', true],
    ['in-progress', 'washing', false, 'washing', true],
    ['in-progress', 'washing', false, 'ready', 'Weigh it first: it is ready once the bill is weighed and charged.'],
    ['completed', 'washing', true, 'ready', true],
    ['completed', null, true, 'out_for_delivery', true],
    ['completed', 'ready', true, 'out_for_delivery', true],
    ['completed', 'ready', true, 'washing', 'It is ready already: progress only moves forward.'],
    ['completed', 'out_for_delivery', true, 'ready', 'It is out for delivery already: progress only moves forward.'],
    ['confirmed', null, false, 'washing', 'Mark it picked up first.'],
    ['delivered', 'out_for_delivery', true, 'washing', 'It is delivered already.'],
    ['cancelled', null, false, 'washing', 'This order is not going ahead: it was cancelled or never confirmed.'],
    ['pending', null, false, 'ready', 'This order is not going ahead: it was cancelled or never confirmed.'],
  ] as const)('%s/%s (weighed %s) → %s: %s', (status, progress, weighed, to, expected) => {
    const move = progressMove(order(status, progress, weighed), to);
    expect(move.allowed ? true : move.reason).toBe(expected);
  });

  it.each([
    ['confirmed', null, false, null],
    ['in-progress', null, false, 'washing'],
    ['in-progress', 'washing', false, null],
    ['completed', 'washing', true, 'ready'],
    ['completed', null, true, 'washing'],
    ['completed', 'ready', true, 'out_for_delivery'],
    ['completed', 'out_for_delivery', true, null],
    ['delivered', 'out_for_delivery', true, null],
  ] as const)('the next step of %s/%s (weighed %s) is %s', (status, progress, weighed, next) => {
    expect(nextLaundryStep(order(status, progress, weighed))).toBe(next);
  });
});

describe('the timeline the customer reads', () => {
  it('marks the stages done, the one now, the ones to come, with the times reached', () => {
    const steps = orderTimeline(order('completed', 'ready'), { booked: '2026-11-20T15:00:00.000Z', picked_up: '2026-11-23T14:00:00.000Z', ready: '2026-11-24T20:00:00.000Z' });
    expect(steps.map((s) => [s.label, s.state, s.at])).toEqual([
      ['Booked', 'done', '2026-11-20T15:00:00.000Z'],
      ['Picked up', 'done', '2026-11-23T14:00:00.000Z'],
      // skipped straight to ready: done, with no time of its own
      ['Washing', 'done', null],
      ['Ready', 'current', '2026-11-24T20:00:00.000Z'],
      ['Out for delivery', 'next', null],
      ['Delivered', 'next', null],
    ]);
  });

  it('a time recorded for a stage the order went back from is not shown', () => {
    const steps = orderTimeline(order('confirmed'), { booked: '2026-11-20T15:00:00.000Z', picked_up: '2026-11-23T14:00:00.000Z' });
    expect(steps.filter((s) => s.at !== null).map((s) => s.stage)).toEqual(['booked']);
    expect(steps[1]).toMatchObject({ state: 'next', at: null });
  });

  it('a cancelled order has no current stage', () => {
    expect(orderTimeline(order('cancelled'), {}).every((s) => s.state === 'next')).toBe(true);
  });
});
