// How the pro's money reads (decision 018). Every amount is the server's: these only format
// (formatCents, poundsLabel) and choose words; nothing is added up here.
import { formatCents } from '../../../shared/money';
import { poundsLabel } from '../../../shared/pricing-receipts';
import { payoutStatusLabels, type PayoutStatus } from '../../../shared/schemas/laundry-pros';
import type { ProEarning, ProPortal } from '../../../shared/schemas/pro-portal';

/** "$10.65 per lb · $0.00 tips" under the unpaid balance. */
export function unpaidBreakdown(unpaid: ProPortal['unpaid']): string {
  return `${formatCents(unpaid.perPoundCents)} per lb · ${formatCents(unpaid.tipCents)} tips`;
}

/** An order's state of payment: what is still owed on it, or "Paid". */
export function earningPaidText(earning: Pick<ProEarning, 'unpaidCents'>): { text: string; paid: boolean } {
  return earning.unpaidCents > 0 ? { text: `Unpaid ${formatCents(earning.unpaidCents)}`, paid: false } : { text: 'Paid', paid: true };
}

/** "14.2 lb"; a completed order always has a weight, a missing one reads as not weighed. */
export function weightText(weightTenths: number): string {
  return weightTenths > 0 ? poundsLabel(weightTenths) : 'Not weighed';
}

export const payoutBadge: Record<PayoutStatus, { label: string; variant: 'success' | 'warning' | 'destructive' | 'secondary' }> = {
  processing: { label: payoutStatusLabels.processing, variant: 'secondary' },
  paid: { label: payoutStatusLabels.paid, variant: 'success' },
  partly_paid: { label: payoutStatusLabels.partly_paid, variant: 'warning' },
  failed: { label: payoutStatusLabels.failed, variant: 'destructive' },
};

export function statementLinkText(year: number): string {
  return `Download ${year} statement (CSV)`;
}

/** An order within a payout: its transfer's state. */
export const payoutOrderStatusText: Record<'pending' | 'paid' | 'failed', string> = { pending: 'Processing', paid: 'Paid', failed: 'Failed' };
