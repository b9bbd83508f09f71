// A gift card bought at a card checkout (docs/design.md 5.6; 9, checkout purposes: gift_card_purchase).
// The checkout charges at once; the purchase rides in the session's metadata, so the gateway's word
// alone is enough to issue the card, even when its event arrives before our own record. Gift-card
// sales own the purpose and register its handler with payments at start-up (register.ts, decision 051).
import type { Db } from '../db/client';
import { issueGiftCard } from '../gift-cards/issue-gift-card';
import type { CheckoutSession, PaymentGateway } from '../gateways/payment/payment-gateway';
import { queueGiftCardPurchaseEmails } from '../notifications/gift-card-emails';
import { domainError } from '../error-catalogue';
import { purposeMetadata, recordCheckout, type CheckoutSubject } from '../payments/checkout-purposes';
import type { CheckoutHandler } from '../payments/handler-registry';

export type GiftCardPurchase = {
  amountCents: number;
  purchaserEmail: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
  /** Who it is from, as the buyer signed it; '' for none (the email then names their address). */
  senderName: string;
  /** The day to email the recipient (YYYY-MM-DD); '' for at once. */
  deliverOn: string;
};

/** Stripe keeps a metadata value to 500 characters: every field of the purchase form fits. */
const metadataValueMax = 500;

function purchaseMetadata(p: GiftCardPurchase): Record<string, string> {
  const fields = {
    amount_cents: String(p.amountCents),
    purchaser_email: p.purchaserEmail,
    recipient_name: p.recipientName,
    recipient_email: p.recipientEmail,
    message: p.message,
    sender_name: p.senderName,
    deliver_on: p.deliverOn,
  };
  for (const [key, value] of Object.entries(fields))
    if (value.length > metadataValueMax) throw new RangeError(`${key} is longer than the gateway keeps (${value.length} > ${metadataValueMax})`);
  // an empty value unsets a key at Stripe: left out, and read back as '' (giftCardPurchaseOf)
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));
}

/** The purchase a session carries, or null when its metadata is not one (then nothing is issued). */
export function giftCardPurchaseOf(metadata: Record<string, string>): GiftCardPurchase | null {
  const amountCents = Number(metadata.amount_cents);
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || !metadata.recipient_email) return null;
  return {
    amountCents,
    purchaserEmail: metadata.purchaser_email ?? '',
    recipientName: metadata.recipient_name ?? '',
    recipientEmail: metadata.recipient_email,
    message: metadata.message ?? '',
    senderName: metadata.sender_name ?? '',
    deliverOn: metadata.deliver_on ?? '',
  };
}

/**
 * Opens the card checkout of a gift card (captured at once) and records it with its purpose; the
 * card's id is the checkout's subject. A gateway that refuses or does not answer is the spec's
 * "Failed to create gift card payment. Please try again." (409), and nothing is recorded.
 */
export async function startGiftCardCheckout(
  db: Db,
  gateway: PaymentGateway,
  request: GiftCardPurchase & { giftCardId: string; description: string; publicUrl: string },
  onGatewayError: (err: unknown) => void,
): Promise<{ url: string; sessionId: string }> {
  const subject: CheckoutSubject = { purpose: 'gift_card_purchase', subjectId: request.giftCardId };
  const metadata = { ...purchaseMetadata(request), ...purposeMetadata(subject) };
  let session: CheckoutSession;
  try {
    session = await gateway.createCheckout({
      purpose: 'gift_card',
      amountCents: request.amountCents,
      description: request.description,
      customerEmail: request.purchaserEmail,
      metadata,
      successUrl: `${request.publicUrl}/gift-card-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${request.publicUrl}/gift-card-cancelled?session_id={CHECKOUT_SESSION_ID}`,
      // a fresh card id per purchase: one checkout for it, however often the call is retried
      idempotencyKey: `gift-card:${request.giftCardId}:checkout`,
    });
  } catch (err) {
    // refused (a GatewayError) or no answer at all: the customer reads the same sentence
    onGatewayError(err);
    throw domainError('gift_card_payment_failed');
  }
  await recordCheckout(db, session.id, subject);
  if (!session.url) throw domainError('gift_card_payment_failed');
  return { url: session.url, sessionId: session.id };
}

/**
 * The gift_card_purchase handler: a complete session whose payment succeeded issues its card, with
 * the amount the gateway says it received, and queues its two emails, in the event's transaction.
 * An open, declined or expired one issues nothing; the same session again (a replay, a second
 * event, the success page) finds its card.
 */
export const giftCardPurchaseCheckouts: CheckoutHandler<'gift_card_purchase'> = {
  async settle(tx, { subjectId, session, pi, notify }) {
    if (session.status === 'expired') return 'expired';
    if (session.status !== 'complete' || !pi || pi.status !== 'succeeded') return 'open';
    const paid = pi.amountReceived - pi.amountRefunded;
    const purchase = giftCardPurchaseOf(session.metadata);
    if (!purchase || paid <= 0) return 'ignored';
    const card = await issueGiftCard(tx, {
      id: subjectId,
      amountCents: paid,
      purchaserEmail: purchase.purchaserEmail || null,
      recipientEmail: purchase.recipientEmail,
      recipientName: purchase.recipientName || null,
      message: purchase.message,
      senderName: purchase.senderName || null,
      deliverOn: purchase.deliverOn || null,
      stripeSessionId: session.id,
    });
    if (!card) return 'already';
    await queueGiftCardPurchaseEmails(tx, { ...card, stripeSessionId: session.id }, notify);
    return 'confirmed';
  },
};
