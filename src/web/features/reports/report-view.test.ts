import { describe, expect, it } from 'vitest';
import type { Report } from '../../../shared/schemas/reports';
import { currentMonth, labelEvery, figureCards, pointLabel, rangeTitle } from './report-view';

const figures: Report['figures'] = {
  revenueCents: 19_385,
  bookings: 5,
  cancelledBookings: 1,
  weighedBookings: 4,
  poundsWashedTenths: 1142,
  averageBillCents: 4846,
  tipsCents: 0,
  amountDueCents: 700,
  giftCardsSold: 1,
  giftCardSalesCents: 6000,
  giftCardLiabilityCents: 12_500,
  proPayoutsCents: 1065,
  invoicesPaid: 2,
  invoiceIncomeCents: 17_010,
  totalIncomeCents: 36_395,
};
const report = (r: Partial<Report> = {}): Report => ({ from: '2026-12-01', to: '2026-12-31', liabilityOn: '2026-12-31', empty: false, figures, bucket: 'day', series: [], towns: [], windows: [], busiest: [], ...r });

describe('the Reports tab’s words', () => {
  it('titles a month and a custom range', () => {
    expect(rangeTitle('2026-12-01', '2026-12-31')).toBe('December 2026');
    expect(rangeTitle('2026-12-02', '2026-12-31')).toBe('Dec 2 – Dec 31, 2026');
    expect(rangeTitle('2026-11-15', '2027-01-10')).toBe('Nov 15, 2026 – Jan 10, 2027');
  });
  it('reads this month in the business time zone', () => {
    // 02:00 on December 1st in London is still November 30th in South Carolina
    expect(currentMonth(new Date('2026-12-01T02:00:00Z'))).toBe('2026-11');
  });
  it('labels a day, and 7 days cut at the end of the range', () => {
    expect(pointLabel({ start: '2026-12-02', revenueCents: 0, bookings: 0 }, 'day', '2026-12-31')).toBe('Dec 2');
    expect(pointLabel({ start: '2026-12-01', revenueCents: 0, bookings: 0 }, 'week', '2027-02-28')).toBe('Dec 1 – Dec 7');
    expect(pointLabel({ start: '2026-12-29', revenueCents: 0, bookings: 0 }, 'week', '2026-12-30')).toBe('Dec 29 – Dec 30');
    expect(pointLabel({ start: '2026-12-30', revenueCents: 0, bookings: 0 }, 'week', '2026-12-30')).toBe('Dec 30');
  });
  it('labels every point that fits on the axis, so that none overlap on a phone', () => {
    expect(labelEvery(31, 300, 48)).toBe(6); // a month at 375 px: Dec 1, 7, 13...
    expect(labelEvery(31, 1100, 48)).toBe(2);
    expect(labelEvery(7, 1100, 48)).toBe(1);
    expect(labelEvery(157, 300, 48)).toBe(27);
    expect(labelEvery(5, 0, 48)).toBe(5);
  });
  it('formats the figures as the cards show them', () => {
    expect(figureCards(report()).map((c) => [c.label, c.value])).toEqual([
      ['Revenue', '$193.85'],
      ['Invoice income', '$170.10'],
      ['Total income', '$363.95'],
      ['Bookings', '5'],
      ['Pounds washed', '114.2 lb'],
      ['Average bill', '$48.46'],
      ['Tips', '$0.00'],
      ['Amount due', '$7.00'],
      ['Gift-card sales', '$60.00'],
      ['Gift-card liability', '$125.00'],
      ['Pro payouts', '$10.65'],
    ]);
    expect(figureCards(report()).find((c) => c.label === 'Bookings')!.note).toBe('1 cancelled, not counted');
    expect(figureCards(report()).find((c) => c.label === 'Invoice income')!.note).toBe('2 invoices paid, manual and subscription');
  });
});
