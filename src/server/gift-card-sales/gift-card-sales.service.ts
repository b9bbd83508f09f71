// Selling gift cards (spec: customer-site 2, 4, 7; docs/design.md 5.6): the purchase opens a card
// checkout that charges at once, the gateway's word issues the card (gift-card-purchase.ts, its
// handler registered with payments at start-up), the success page asks how it went, and the back
// office lists the cards with their codes masked and can send a card's email again.
import { randomUUID } from 'node:crypto';
import { count, desc, eq } from 'drizzle-orm';
import { readSettings } from '../settings/settings.service';
import { customerEmailKey } from '../../shared/customer-identity';
import { formatCents } from '../../shared/money';
import { addDays, todayIn } from '../../shared/dates';
import { giftCardPurchaseCents } from '../../shared/pricing-gift-cards';
import type { GiftCardPurchaseStatus, StaffGiftCard } from '../../shared/schemas/gift-card-purchase';
import { recordAudit, type Actor } from '../audit/record-audit';
import type { Db } from '../db/client';
import { giftCards } from '../db/schema';
import { domainError } from '../error-catalogue';
import type { CheckoutSession, PaymentGateway } from '../gateways/payment/payment-gateway';
import { defaultRecipientName, queueGiftCardToRecipient, shortTransactionId } from '../notifications/gift-card-emails';
import type { NotificationContext } from '../notifications/notifications.service';
import { checkoutSubject } from '../payments/checkout-purposes';
import { giftCardPurchaseOf, startGiftCardCheckout } from './gift-card-purchase';
import { applyCheckoutSession } from '../payments/webhook-events.service';
import { takeHitsUnder, type Limit } from '../rate-limit';

/** docs/design.md 9: a gift-card purchase is an anonymous write, limited per IP and per purchaser email. */
export type GiftCardPurchaseLimits = { perIp: Limit; perEmail: Limit };

/** The purchase form as the shared schema parses it (giftCardPurchaseRequestSchema). */
export type GiftCardPurchaseForm = { amount: number; purchaser_email: string; recipient_name: string; recipient_email: string; message: string; sender_name?: string; deliver_on?: string | undefined };

/** A gift card's email goes out up to a year after it is bought. */
const deliveryDaysMax = 366;

type Reporter = (err: unknown) => void;

/**
 * spec: customer-site 7, create-gift-card-payment: counts the request under its limits (before
 * anything is written), then opens the checkout for a card id made here, which the card will have.
 */
export async function purchaseGiftCard(
  db: Db,
  gateway: PaymentGateway,
  form: GiftCardPurchaseForm,
  ctx: { limits: GiftCardPurchaseLimits; ip: string | null; publicUrl: string; onGatewayError: Reporter; timeZone?: string | undefined; now?: Date | undefined },
): Promise<{ url: string; session_id: string }> {
  // a delivery day from today (the business's) to a year on; today is the same as none
  const today = todayIn(ctx.timeZone ?? (await readSettings(db)).settings.business.timeZone, ctx.now ?? new Date());
  if (form.deliver_on && (form.deliver_on < today || form.deliver_on > addDays(today, deliveryDaysMax))) throw domainError('gift_card_delivery_date');
  const deliverOn = form.deliver_on && form.deliver_on > today ? form.deliver_on : '';
  await takeHitsUnder(db, [
    [ctx.limits.perIp, [ctx.ip]],
    [ctx.limits.perEmail, [`email:${customerEmailKey(form.purchaser_email)}`]],
  ]);
  const amountCents = giftCardPurchaseCents(form.amount);
  const { url, sessionId } = await startGiftCardCheckout(
    db,
    gateway,
    {
      giftCardId: randomUUID(),
      amountCents,
      purchaserEmail: form.purchaser_email,
      recipientName: form.recipient_name,
      recipientEmail: form.recipient_email,
      message: form.message,
      senderName: form.sender_name ?? '',
      deliverOn,
      // the name on the card statement is the business's as its settings have it (decision 055)
      description: `${(await readSettings(db)).settings.business.name} gift card: ${formatCents(amountCents)}`,
      publicUrl: ctx.publicUrl,
    },
    ctx.onGatewayError,
  );
  return { url, session_id: sessionId };
}

/**
 * /gift-card-success?session_id= (spec: customer-site 2, 4): by the session, the purchaser's secret.
 * While the card is not issued the gateway is asked itself, in case its event is still on its way
 * (as the booking's success page does). Never the code: that is the recipient's alone.
 */
export async function giftCardPurchaseStatus(db: Db, gateway: PaymentGateway, notify: NotificationContext, sessionId: string, onGatewayError: Reporter): Promise<GiftCardPurchaseStatus> {
  const cardId = await checkoutSubject(db, sessionId, 'gift_card_purchase');
  if (!cardId) throw domainError('gift_card_purchase_not_found');
  const transaction = shortTransactionId(sessionId);
  const issued = async (): Promise<GiftCardPurchaseStatus | null> => {
    const [card] = await db.select({ amount: giftCards.amount, recipientName: giftCards.recipientName }).from(giftCards).where(eq(giftCards.id, cardId)).limit(1);
    return card ? { status: 'issued', amount_cents: card.amount, recipient_name: card.recipientName || defaultRecipientName, transaction } : null;
  };
  const found = await issued();
  if (found) return found;
  let session: CheckoutSession;
  try {
    session = await gateway.retrieveCheckout(sessionId);
  } catch (err) {
    onGatewayError(err);
    return { status: 'pending', amount_cents: 0, recipient_name: defaultRecipientName, transaction };
  }
  const purchase = giftCardPurchaseOf(session.metadata);
  const asked = { amount_cents: purchase?.amountCents ?? session.amountTotal, recipient_name: purchase?.recipientName || defaultRecipientName, transaction };
  // open (never paid, or declined) or expired (left): nothing was charged
  if (session.status !== 'complete') return { status: 'not_paid', ...asked };
  await applyCheckoutSession(db, gateway, notify, sessionId).catch(onGatewayError);
  return (await issued()) ?? { status: 'pending', ...asked };
}

// ---------------------------------------------------------------------------------------------
// The back office's Gift Cards view (beyond the spec; admin and master admin)
// ---------------------------------------------------------------------------------------------

export const staffGiftCardPageSize = 25;

/**
 * Staff never read a card's code (docs/design.md 9): its last 4 characters only, to tell cards apart,
 * behind a mask of one length for every code (so the mask does not tell a code's length either).
 */
export function maskGiftCardCode(code: string): string {
  return code.length >= 8 ? `${'•'.repeat(8)}${code.slice(-4)}` : '•'.repeat(8);
}

/** Every card, newest first, a page at a time; `sold` when it was bought at a checkout. */
export async function listStaffGiftCards(db: Db, input: { page: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(giftCards)
      .orderBy(desc(giftCards.createdAt), desc(giftCards.id))
      .limit(staffGiftCardPageSize)
      .offset((input.page - 1) * staffGiftCardPageSize),
    db.select({ n: count() }).from(giftCards),
  ]);
  const cards: StaffGiftCard[] = rows.map((card) => ({
    id: card.id,
    maskedCode: maskGiftCardCode(card.code),
    amountCents: card.amount,
    balanceCents: card.balance,
    purchaserEmail: card.purchaserEmail,
    recipientName: card.recipientName,
    recipientEmail: card.recipientEmail,
    createdAt: card.createdAt.toISOString(),
    sold: card.stripeSessionId !== null,
  }));
  return { giftCards: cards, total: Number(total?.n ?? 0), page: input.page, pageSize: staffGiftCardPageSize };
}

/**
 * Queues the card's email to its recipient again (a new sending, so a new dedupe key), audited in
 * the same transaction. Staff learn where it went, never the code.
 */
export async function resendGiftCardEmail(db: Db, giftCardId: string, ctx: { actor: Actor; notify: NotificationContext }): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const [card] = await tx.select().from(giftCards).where(eq(giftCards.id, giftCardId)).limit(1);
    if (!card) throw domainError('gift_card_not_found');
    if (!card.recipientEmail) throw domainError('gift_card_no_recipient');
    await queueGiftCardToRecipient(tx, card, ctx.notify, `gift-card:${card.id}:recipient:again:${randomUUID()}`);
    await recordAudit(tx, ctx.actor, { action: 'gift_card.email_resent', targetType: 'gift_card', targetId: card.id, after: { recipientEmail: card.recipientEmail } });
    return { message: `The gift card email is queued again for ${card.recipientEmail}.` };
  });
}
