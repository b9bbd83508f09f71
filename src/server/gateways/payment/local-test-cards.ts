// Stripe's test cards on the local gateway's checkout page (docs/design.md 5.10): which numbers it
// takes, how each behaves, and the messages Stripe's own form gives for a card typed wrong.

/** How a test card behaves (Stripe's test cards: README). */
export type CardBehaviour = 'ok' | 'declined' | 'requires_authentication' | 'fails_off_session';

export const testCards: Record<string, CardBehaviour> = {
  '4242424242424242': 'ok',
  '4000000000000002': 'declined',
  '4000002500003155': 'requires_authentication',
  '4000000000000341': 'fails_off_session',
};

/** What the checkout page's form sends. */
export type CardInput = { number: string; expiry: string; cvc: string; zip: string };

/** A message for each field typed wrong (none: the card can be tried); `today` decides expiry. */
export function validateTestCard(card: CardInput, today: Date): Partial<Record<keyof CardInput, string>> {
  const fields: Partial<Record<keyof CardInput, string>> = {};
  const number = card.number.replace(/\s+/g, '');
  if (!/^\d{16}$/.test(number)) fields.number = 'Your card number is incomplete.';
  else if (!testCards[number]) fields.number = 'Use a test card number, such as 4242 4242 4242 4242.';
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(card.expiry);
  if (!m) fields.expiry = "Your card's expiration date is incomplete.";
  else {
    const month = Number(m[1]);
    const year = 2000 + Number(m[2]);
    const expired = year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1);
    if (month < 1 || month > 12) fields.expiry = "Your card's expiration month is invalid.";
    else if (expired) fields.expiry = "Your card's expiration date is in the past.";
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) fields.cvc = "Your card's security code is incomplete.";
  if (!/^\d{5}$/.test(card.zip.trim())) fields.zip = 'Your ZIP is incomplete.';
  return fields;
}
