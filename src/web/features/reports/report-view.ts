// What the Reports tab shows, as words and rows (decision 026): the figures formatted, the chart's
// labels, the rows of each chart's table. Pure: the server computed every amount.
import { pickupWindowLabel } from '../../../shared/business';
import { businessTimeZone } from '../../lib/business-time';
import { addDays, todayIn } from '../../../shared/dates';
import { formatCents } from '../../../shared/money';
import { monthRange } from '../../../shared/report-range';
import type { Report } from '../../../shared/schemas/reports';

const counts = new Intl.NumberFormat('en-US');
const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const weekdays = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const day = (iso: string) => monthDay.format(new Date(`${iso}T00:00:00Z`));

/** This month in the business time zone, as the month input writes it ('2026-11'). */
export const currentMonth = (now = new Date()) => todayIn(businessTimeZone(), now).slice(0, 7);

/** "November 2026", or "Nov 3 – Dec 9, 2026" for a custom range. */
export function rangeTitle(from: string, to: string): string {
  const month = monthRange(from.slice(0, 7));
  if (month && month.from === from && month.to === to) return monthYear.format(new Date(`${from}T00:00:00Z`));
  const year = (iso: string) => iso.slice(0, 4);
  return year(from) === year(to) ? `${day(from)} – ${day(to)}, ${year(to)}` : `${day(from)}, ${year(from)} – ${day(to)}, ${year(to)}`;
}

export type ReportPoint = Report['series'][number];

/** A point of the series as its table row reads it: "Dec 2", or "Dec 2 – Dec 8" for 7 days (the last cut at the range's end). */
export function pointLabel(point: ReportPoint, bucket: Report['bucket'], to: string): string {
  if (bucket === 'day') return day(point.start);
  const last = addDays(point.start, 6) < to ? addDays(point.start, 6) : to;
  return last === point.start ? day(point.start) : `${day(point.start)} – ${day(last)}`;
}

/**
 * Which labels an axis shows so that none overlap: every one when `count` labels of `labelPx`
 * fit in `widthPx`, else every second, third... (a 31-day month on a phone: about one a week).
 */
export function labelEvery(count: number, widthPx: number, labelPx: number): number {
  const fit = Math.max(1, Math.floor(widthPx / labelPx));
  return Math.max(1, Math.ceil(count / fit));
}

export type FigureCard = { label: string; value: string; note?: string };

export function figureCards(r: Report): FigureCard[] {
  const f = r.figures;
  return [
    { label: 'Revenue', value: formatCents(f.revenueCents), note: 'Card payments less refunds, plus gift cards used; tips excluded' },
    // decision 026 (amended): paid invoices beside booking revenue, and the two together
    { label: 'Invoice income', value: formatCents(f.invoiceIncomeCents), note: `${counts.format(f.invoicesPaid)} ${f.invoicesPaid === 1 ? 'invoice' : 'invoices'} paid, manual and subscription` },
    { label: 'Total income', value: formatCents(f.totalIncomeCents), note: 'Revenue plus invoice income' },
    { label: 'Bookings', value: counts.format(f.bookings), note: f.cancelledBookings ? `${counts.format(f.cancelledBookings)} cancelled, not counted` : 'Cancelled bookings not counted' },
    { label: 'Pounds washed', value: `${counts.format(Math.floor(f.poundsWashedTenths / 10))}.${f.poundsWashedTenths % 10} lb`, note: `${counts.format(f.weighedBookings)} weighed ${f.weighedBookings === 1 ? 'booking' : 'bookings'}` },
    { label: 'Average bill', value: formatCents(f.averageBillCents), note: 'Revenue per weighed booking' },
    { label: 'Tips', value: formatCents(f.tipsCents), note: 'The pros’, not revenue' },
    { label: 'Amount due', value: formatCents(f.amountDueCents), note: 'Still to be paid on these bookings' },
    { label: 'Gift-card sales', value: formatCents(f.giftCardSalesCents), note: `${counts.format(f.giftCardsSold)} ${f.giftCardsSold === 1 ? 'card' : 'cards'} bought on the site` },
    { label: 'Gift-card liability', value: formatCents(f.giftCardLiabilityCents), note: `Left on cards on ${day(r.liabilityOn)}, ${r.liabilityOn.slice(0, 4)}` },
    { label: 'Pro payouts', value: formatCents(f.proPayoutsCents), note: 'Transfers that went through' },
  ];
}

export const windowLabel = pickupWindowLabel;
export const weekdayName = (isoWeekday: number) => weekdays[isoWeekday] ?? `Day ${isoWeekday}`;
export const formatCount = (n: number) => counts.format(n);
