// Money is integer cents everywhere; this is the one place it becomes dollars for display.

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** How a card payment's state reads to people (spec: back-office 2, requires_capture is "Authorized"). */
export function paymentIntentLabel(status: string | null): string {
  if (!status) return 'No card payment';
  if (status === 'requires_capture') return 'Authorized';
  return status;
}

/** 3150 -> "$31.50"; whole dollars drop the cents when `compact` (3000 -> "$30"). */
export function formatCents(cents: number, options: { compact?: boolean } = {}): string {
  if (!Number.isInteger(cents)) throw new Error(`formatCents expects integer cents, got ${cents}`);
  if (options.compact && cents % 100 === 0) return usdWhole.format(cents / 100);
  return usd.format(cents / 100);
}
