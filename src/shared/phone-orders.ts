// A booking staff take on the phone (decision 058): priced and checked as the wizard's, paid by the
// customer from a link sent by email, by text, or both. The values the database checks and the
// words the pages read.

export const payLinkChannels = ['email', 'text', 'both'] as const;
export type PayLinkChannel = (typeof payLinkChannels)[number];
export const payLinkChannelLabels: Record<PayLinkChannel, string> = {
  email: 'By email',
  text: 'By text',
  both: 'By email and text',
};

/** What the customer's pay page shows of a phone order: waiting for the card, paid, or no longer payable. */
export const phoneOrderStates = ['awaiting_payment', 'paid', 'closed'] as const;
export type PhoneOrderState = (typeof phoneOrderStates)[number];

/** Why a phone order can no longer be paid, in the customer's words. */
export const phoneOrderClosedWords = {
  cancelled: 'This order was cancelled, so there is nothing to pay. Please call us to book again.',
  passed: 'The pick-up time of this order has passed, so it can no longer be paid. Please call us to choose another time.',
} as const;
export type PhoneOrderClosedWhy = keyof typeof phoneOrderClosedWords;

/** The pay page's address: the booking and the link's signature (the customer's secret). */
export function phoneOrderPayPath(bookingId: string, token: string): string {
  return `/pay?order=${bookingId}&token=${token}`;
}
