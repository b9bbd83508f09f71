import { describe, expect, it } from 'vitest';
import { firstBillingDate, followingBillingDate, nextBillingDate } from './pricing-invoices';

// spec: back-office 4 (next billing date) and the months after it (docs/design.md 9 invoices)
describe('a subscription’s billing dates', () => {
  it.each<[string, number, string[]]>([
    // start on the 20th with billing day 15: the 15th of the next month
    ['2026-11-20', 15, ['2026-12-15', '2027-01-15', '2027-02-15']],
    // start on 10 January with billing day 31: 31 January, then the last of February, then 31 March
    ['2027-01-10', 31, ['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']],
    ['2028-01-10', 31, ['2028-01-31', '2028-02-29', '2028-03-31']],
    // the billing day is the start date itself: that day
    ['2026-11-15', 15, ['2026-11-15', '2026-12-15']],
    ['2026-12-20', 1, ['2027-01-01', '2027-02-01']],
  ])('start %s, billing day %i → %j', (start, day, dates) => {
    const seen = [nextBillingDate(start, day)];
    while (seen.length < dates.length) seen.push(followingBillingDate(seen.at(-1)!, day));
    expect(seen).toEqual(dates);
  });
});

// decision 019: a start date in the past is not billed back
describe('a new subscription’s first billing date', () => {
  it.each<[string, number, string, string]>([
    ['2027-01-05', 1, '2027-07-10', '2027-08-01'],
    ['2027-07-01', 5, '2027-07-10', '2027-08-05'],
    ['2027-07-01', 31, '2027-07-10', '2027-07-31'],
    ['2027-07-10', 10, '2027-07-10', '2027-07-10'],
    ['2027-09-20', 15, '2027-07-10', '2027-10-15'],
  ])('start %s, billing day %i, today %s → %s', (start, day, today, first) => {
    expect(firstBillingDate(start, day, today)).toBe(first);
  });
});
