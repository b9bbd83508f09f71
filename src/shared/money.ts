// Money is integer cents everywhere; this is the one place it becomes dollars for display.

/** How a card payment's state reads to people (spec: back-office 2, requires_capture is "Authorized"). */
export function paymentIntentLabel(status: string | null): string {
  if (!status) return 'No card payment';
  if (status === 'requires_capture') return 'Authorized';
  return status;
}

/**
 * 3150 -> "$31.50"; whole dollars drop the cents when `compact` (3000 -> "$30"); -300 -> "-$3.00".
 * Written out rather than with Intl.NumberFormat, whose first currency format loads the browser's
 * locale data: about 25 ms of a slow phone's page start, in one block (decision 065). It writes
 * what `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })` writes (money.test.ts
 * holds it to that), except that -0 is "$0.00".
 */
export function formatCents(cents: number, options: { compact?: boolean } = {}): string {
  if (!Number.isInteger(cents)) throw new Error(`formatCents expects integer cents, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  if (options.compact && abs % 100 === 0) return `${sign}$${dollars}`;
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}
