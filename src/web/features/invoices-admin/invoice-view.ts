// How the Invoices tab reads an invoice and a subscription (spec: back-office 2 "Manual Invoices
// table", 4). Nothing here computes money or dates the server owns: totals, overdue and the next
// billing date come from the server and are only worded and formatted.
import { formatCents } from '../../../shared/money';
import { formatDate } from '../../lib/format';
import type { StaffInvoice, Subscription } from './invoices-api';

/**
 * A calendar date ('YYYY-MM-DD', already in the business's time zone) as staff read it. Read at
 * noon UTC so that no time zone moves it to the day before.
 */
export function calendarDate(isoDate: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? formatDate(`${isoDate}T12:00:00Z`) : isoDate;
}

export const invoiceStatusLabels = { pending: 'Pending', paid: 'Paid' } as const satisfies Record<StaffInvoice['status'], string>;

/** spec: back-office 2, the Actions column once paid: 'Paid {date}'. */
export function paidLabel(invoice: Pick<StaffInvoice, 'paidAt'>): string {
  return invoice.paidAt ? `Paid ${formatDate(invoice.paidAt)}` : 'Paid';
}

/**
 * decision 019: a card payment that reached the invoice once it was paid, and what became of the
 * money: given back to the card, being given back, or to refund by hand (the gateway refused).
 */
export function extraPaymentNotes(invoice: Pick<StaffInvoice, 'extraPayments'>): { text: string; tone: 'done' | 'attention' }[] {
  return invoice.extraPayments.map(({ amountCents, refund }) => {
    const amount = formatCents(amountCents);
    if (refund === 'refunded') return { text: `Paid twice: the second payment of ${amount} by card was refunded`, tone: 'done' };
    if (refund === 'pending') return { text: `Paid twice: refunding ${amount} to the card`, tone: 'attention' };
    return { text: `Paid twice: refund ${amount} by hand (the automatic refund failed)`, tone: 'attention' };
  });
}

/** The confirmation before Mark Paid: which invoice, whose, and how much. */
export function markPaidQuestion(invoice: Pick<StaffInvoice, 'invoiceNumber' | 'clientName' | 'totalCents'>): { title: string; description: string } {
  return {
    title: `Mark ${invoice.invoiceNumber} as paid?`,
    description: `${invoice.clientName}'s invoice for ${formatCents(invoice.totalCents)} is recorded as paid today, under your name, and the client's card payment link is closed. Do this once the money has arrived.`,
  };
}

/** The list's empty text: the spec's words, and a hint when a filter hides the rest. */
export function emptyInvoicesHint(filters: { status: string; q: string }): string | null {
  return filters.status !== 'all' || filters.q ? 'Try another search or status.' : null;
}

const ordinalRules = new Intl.PluralRules('en-US', { type: 'ordinal' });
const ordinalSuffixes: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** spec: back-office 3, the billing day (1-31) as staff say it: "15th of each month". */
export function billingDayLabel(day: number): string {
  return `${day}${ordinalSuffixes[ordinalRules.select(day)] ?? 'th'} of each month`;
}

export const subscriptionStatusLabels = { active: 'Active', paused: 'Paused', ended: 'Ended' } as const satisfies Record<Subscription['status'], string>;

/** The monthly price and, when there is one, its tax as the server holds it: "$120.00 + $9.60 tax". */
export function monthlyPriceLabel(subscription: Pick<Subscription, 'monthlyPriceCents' | 'taxCents'>): string {
  const price = `${formatCents(subscription.monthlyPriceCents)} a month`;
  return subscription.taxCents > 0 ? `${price} + ${formatCents(subscription.taxCents)} tax` : price;
}
