// What the business says about a gift card (spec: customer-site 7 send-gift-card-email; docs/design.md
// 5.6): the card to its recipient, the receipt to whoever bought it. Queued in the transaction that
// issued the card, once each (their dedupe keys name the card).
import type { DbOrTx } from '../db/client';
import type { NotificationContext } from './notifications.service';
import { queueEmail } from './send-email';
import { instantAt } from '../../shared/dates';
import { readSettings } from '../settings/settings.service';

/** spec: customer-site 7, send-gift-card-email: recipient_name defaults to "Valued Customer". */
export const defaultRecipientName = 'Valued Customer';

export type GiftCardForEmail = {
  id: string;
  code: string;
  amount: number;
  purchaserEmail: string | null;
  recipientEmail: string | null;
  recipientName: string | null;
  message: string;
  senderName?: string | null;
  /** The day the buyer chose for the recipient's email (YYYY-MM-DD); null or absent: at once. */
  deliverOn?: string | null;
};

/** A chosen delivery day's email goes out at 8 in the morning, the business's time. */
const deliveryHour = 8;

/** First 8 and last 6 characters of a checkout session id (spec: customer-site 2, the success page). */
export function shortTransactionId(sessionId: string): string {
  return sessionId.length <= 14 ? sessionId : `${sessionId.slice(0, 8)}...${sessionId.slice(-6)}`;
}

function recipientNameOf(card: GiftCardForEmail): string {
  return card.recipientName?.trim() || defaultRecipientName;
}

/**
 * The card's code to its recipient. `dedupeKey` names this sending: the issue's own key queues it
 * once; staff sending it again give a new one. Answers false when the card has no recipient email.
 */
export async function queueGiftCardToRecipient(
  tx: DbOrTx,
  card: GiftCardForEmail,
  notify: NotificationContext,
  dedupeKey = `gift-card:${card.id}:recipient`,
  when: { notBefore?: Date } = {},
): Promise<boolean> {
  if (!card.recipientEmail) return false;
  return queueEmail(
    tx,
    'giftCard',
    {
      code: card.code,
      amountCents: card.amount,
      recipientName: recipientNameOf(card),
      purchaserEmail: card.purchaserEmail ?? 'a friend',
      senderName: card.senderName?.trim() || null,
      message: card.message,
      bookUrl: `${notify.publicUrl}/book`,
    },
    { to: card.recipientEmail, dedupeKey, ...when },
  );
}

/** Both emails of a card just bought: the card to the recipient, the receipt to the purchaser. */
export async function queueGiftCardPurchaseEmails(tx: DbOrTx, card: GiftCardForEmail & { stripeSessionId: string }, notify: NotificationContext): Promise<void> {
  // on the day the buyer chose, at 8 in the morning; otherwise at once
  const timeZone = notify.timeZone ?? (await readSettings(tx)).settings.business.timeZone;
  const notBefore = card.deliverOn ? instantAt(card.deliverOn, deliveryHour, timeZone) : undefined;
  await queueGiftCardToRecipient(tx, card, notify, undefined, notBefore ? { notBefore } : {});
  if (!card.purchaserEmail) return;
  await queueEmail(
    tx,
    'giftCardReceipt',
    {
      amountCents: card.amount,
      recipientName: recipientNameOf(card),
      recipientEmail: card.recipientEmail ?? '',
      message: card.message,
      deliverOn: card.deliverOn ?? null,
      transaction: shortTransactionId(card.stripeSessionId),
    },
    { to: card.purchaserEmail, dedupeKey: `gift-card:${card.id}:receipt` },
  );
}
