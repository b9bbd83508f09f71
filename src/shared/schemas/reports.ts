// The Reports tab's contract (decision 026): a range of pick-up dates in, the figures, the series
// for the chart and the breakdowns out. zod/mini: the back office's browser code imports it.
import * as z from 'zod/mini';
import { maxReportDays, reportDays, reportRangeMessages } from '../report-range';
import { isIsoDate } from '../dates';

export const reportQuerySchema = z
  .strictObject({
    from: z.string({ error: reportRangeMessages.from }).check(z.refine(isIsoDate, reportRangeMessages.from)),
    to: z.string({ error: reportRangeMessages.to }).check(z.refine(isIsoDate, reportRangeMessages.to)),
  })
  .check(
    // a malformed end is already reported by its own field
    z.refine((q) => !isIsoDate(q.from) || !isIsoDate(q.to) || q.to >= q.from, { message: reportRangeMessages.order, path: ['to'] }),
    z.refine((q) => !isIsoDate(q.from) || !isIsoDate(q.to) || q.to < q.from || reportDays(q.from, q.to) <= maxReportDays, { message: reportRangeMessages.length, path: ['to'] }),
  );
export type ReportQuery = z.infer<typeof reportQuerySchema>;

const count = z.number().check(z.int(), z.minimum(0));
const cents = z.number().check(z.int());

export const reportFiguresSchema = z.object({
  /** decision 015's revenue of the bookings picked up in the range */
  revenueCents: cents,
  /** not cancelled */
  bookings: count,
  cancelledBookings: count,
  weighedBookings: count,
  poundsWashedTenths: count,
  averageBillCents: cents,
  tipsCents: cents,
  amountDueCents: cents,
  giftCardsSold: count,
  giftCardSalesCents: cents,
  giftCardLiabilityCents: cents,
  proPayoutsCents: cents,
  /** decision 026 (amended): manual and subscription invoices paid in the range's days (business time) */
  invoicesPaid: count,
  /** what they came to, tax included: income beside booking revenue */
  invoiceIncomeCents: cents,
  /** booking revenue + invoice income */
  totalIncomeCents: cents,
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

export const reportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** the day the gift-card liability is read at: the range's last day, or today when that is later */
  liabilityOn: z.string(),
  /** nothing booked, sold or paid out in the range: the tab shows its empty state */
  empty: z.boolean(),
  figures: reportFiguresSchema,
  bucket: z.enum(['day', 'week']),
  /** one point per day, or per 7 days from `from` (the last may be shorter), zeros included */
  series: z.array(z.object({ start: z.string(), revenueCents: cents, bookings: count })),
  /** the towns with the most bookings, the rest summed as "Other towns" */
  towns: z.array(z.object({ town: z.string(), bookings: count })),
  /** every pick-up window: its bookings against its places (capacity a window × the days it was offered) */
  windows: z.array(z.object({ window: z.string(), bookings: count, capacity: count, percent: count })),
  /** weekday × window, fullest first */
  busiest: z.array(z.object({ weekday: z.number(), window: z.string(), bookings: count, capacity: count, percent: count })),
});
export type Report = z.infer<typeof reportSchema>;
