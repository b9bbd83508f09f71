// What /gift-card-success says, from what the server answered (spec: customer-site 2, 4, 9): it
// looks the purchase up to 6 times, 2 s apart, until the card is issued, then celebrates for
// 3 seconds. An unknown or unpaid session is said plainly, never celebrated.
import type { GiftCardPurchaseStatus } from '../../../shared/schemas/gift-card-purchase';

// spec: customer-site 9, "Lookup on the success page: 6 attempts, 2-second interval. Celebration flag: 3 seconds."
export const giftCardLookups = 6;
export const giftCardLookupIntervalMs = 2000;
export const celebrationMs = 3000;
/** spec: customer-site 9, "The card arrives by email within 5 minutes". */
export const giftCardEmailMinutes = 5;

export type GiftCardSuccessState =
  | 'loading'
  /** The gateway said paid and the card exists: celebrate. */
  | 'issued'
  /** Paid, the gateway's word on its way: still looking. */
  | 'confirming'
  /** Still not issued after every look: what to do now. */
  | 'still_confirming'
  /** The checkout was left, declined or expired: no card, nothing charged. */
  | 'not_paid'
  /** No purchase with this session (or no session in the address). */
  | 'not_found'
  /** The server could not be asked (network, server error, too many requests): try again. */
  | 'unavailable';

export function giftCardSuccessState(input: {
  hasSession: boolean;
  isLoading: boolean;
  status: GiftCardPurchaseStatus['status'] | undefined;
  errorStatus: number | null;
  looks: number;
}): GiftCardSuccessState {
  if (!input.hasSession) return 'not_found';
  if (input.isLoading) return 'loading';
  if (input.errorStatus !== null) return input.errorStatus === 404 || input.errorStatus === 400 ? 'not_found' : 'unavailable';
  switch (input.status) {
    case 'issued':
      return 'issued';
    case 'not_paid':
      return 'not_paid';
    case 'pending':
      return input.looks < giftCardLookups ? 'confirming' : 'still_confirming';
    default:
      return 'unavailable';
  }
}

/** Whether the page should look again after `looks` answers, the last one saying `status`. */
export function lookAgain(status: GiftCardPurchaseStatus['status'] | undefined, looks: number): boolean {
  return status === 'pending' && looks < giftCardLookups;
}
