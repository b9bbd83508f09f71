// What the pay page says (docs/design.md 5.4; an invoice's too, docs/design.md 9 invoices): the amount and a Pay button while something is due; back
// from the checkout it looks again a bounded number of times, then says plainly what is true.

export type PayState = 'bad_link' | 'loading' | 'unavailable' | 'due' | 'confirming' | 'still_confirming' | 'paid';

/** How many times the page asks again after the checkout, every 2 s. */
export const payPolls = 8;

export function payState(input: { hasLink: boolean; backFromCheckout: boolean; isLoading: boolean; errorStatus: number | null; data: { amountDueCents: number } | undefined; looks: number }): PayState {
  if (!input.hasLink) return 'bad_link';
  if (input.isLoading) return 'loading';
  if (input.errorStatus !== null) return input.errorStatus === 403 || input.errorStatus === 400 ? 'bad_link' : 'unavailable';
  if (!input.data) return 'unavailable';
  if (input.data.amountDueCents <= 0) return 'paid';
  if (!input.backFromCheckout) return 'due';
  return input.looks < payPolls ? 'confirming' : 'still_confirming';
}
