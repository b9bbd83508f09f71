// How the Gift Cards tab reads a card (beyond the spec: the back office's view of gift-card
// purchases). The code comes from the server already masked but for its last 4 characters: a
// card's code is its recipient's secret (docs/design.md 9, one-time secrets), never shown to staff.
import type { StaffGiftCard } from '../back-office-api';

/** Bought on the site through a checkout, or issued another way (seed, staff). */
export function giftCardOrigin(card: Pick<StaffGiftCard, 'sold'>): 'Sold' | 'Issued' {
  return card.sold ? 'Sold' : 'Issued';
}

/**
 * What a screen reader says for the masked code: its last 4 characters, not a row of mask
 * characters. Only the last 4 are ever kept, whatever the server masks with.
 */
export function codeEndingText(maskedCode: string): string {
  const ending = maskedCode.replace(/[^A-Za-z0-9]/g, '').slice(-4);
  return ending ? `Code ending ${ending}` : 'Code hidden';
}

/** The recipient's email, when the card has one: the only address the card's email goes to. */
export function resendAddress(card: Pick<StaffGiftCard, 'recipientEmail'>): string | null {
  const email = card.recipientEmail?.trim();
  return email ? email : null;
}

export function recipientLabel(card: Pick<StaffGiftCard, 'recipientName' | 'recipientEmail'>): string {
  return card.recipientName?.trim() || card.recipientEmail?.trim() || 'No recipient recorded';
}
