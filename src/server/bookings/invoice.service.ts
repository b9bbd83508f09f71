// The customer's final invoice (spec: customer-site 2 "Final invoice page", 4 invoice approval,
// 5 custom tip, 7 approve-customer-payment, 9 "Final invoice and tips"; docs/design.md 5.5): the weighed
// bill from the shared pricing functions, the tip presets, and the approval, which charges the
// tip and anything still due off-session on the saved card once, or opens a checkout for exactly
// that when the card needs the customer. Opened only by the customer's signed link.
import { and, eq, isNull } from 'drizzle-orm';
import * as z from 'zod/mini';
import { prices } from '../../shared/business';
import { confirmationNumber } from '../../shared/booking-values';
import { finalBillLines } from '../../shared/pricing-bill';
import { receiptPayment } from '../../shared/pricing-receipts';
import { approvalChargeCents, tipCentsProblem, tipMessages, tipPresetAmounts, totalWithTipCents } from '../../shared/pricing-tips';
import { approveInvoiceRequestSchema, invoiceQuerySchema, payInvoiceDueFromGiftCardRequestSchema, type ApproveInvoiceResponse, type Invoice } from '../../shared/schemas/invoice';
import { billVersion, invoiceUrl, verifyInvoiceToken } from '../booking-records/invoice-link';
import type { Db } from '../db/client';
import { bookings, paymentOperations } from '../db/schema';
import { domainError } from '../error-catalogue';
import type { FileStore } from '../gateways/files/file-store';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import type { NotificationContext } from '../notifications/notifications.service';
import { checkoutSubject } from '../payments/checkout-purposes';
import { closeBookingCheckouts } from '../payments/booking-checkouts';
import { startInvoiceCheckout } from './invoice-checkout';
import { withPaymentClaim } from '../payments/payment-claims';
import { runOperation } from '../payments/operations.service';
import { applyCheckoutSession } from '../payments/webhook-events.service';
import { readScalePhoto } from './scale-photo.service';
import type { Booking } from './staff-booking';
import { amountToCharge } from './weighing.service';
import { payDueFromGiftCard, type GiftCardDuePayment } from './gift-card-due.service';
import { ValidationError } from '../errors';
import { isUuid } from '../../shared/uuid';

export type InvoiceDeps = { db: Db; gateway: PaymentGateway; notify: NotificationContext; now: () => Date };

/** spec: customer-site 2, 8 — any missing or bad part of the link, or no such booking: "Invoice not found or invalid link." and nothing else. */
export function parseLink<S extends z.ZodMiniObject>(bookingId: string | undefined, schema: S, raw: unknown): { bookingId: string } & z.output<S> {
  const parsed = z.safeParse(schema, raw);
  if (!bookingId || !isUuid(bookingId) || !parsed.success) throw domainError('invoice_not_found');
  return { bookingId, ...(parsed.data as z.output<S>) };
}

// the approval's link part; its tip is checked after the link, with the tip's own sentence
const approveLinkSchema = z.object({ token: approveInvoiceRequestSchema.shape.token });

function tipOf(body: unknown): number {
  const tip = (body as { tipCents?: unknown }).tipCents;
  const problem = typeof tip === 'number' ? tipCentsProblem(tip) : tipMessages.invalid;
  if (problem) throw domainError('invalid_tip', { message: problem });
  return tip as number;
}

/** The booking the link names, with its bill as the link was signed for; a bill not yet weighed is not ready. */
export async function bookingOfLink(deps: InvoiceDeps, link: { bookingId: string; token: string }): Promise<Booking> {
  const version = verifyInvoiceToken(deps.notify.secret, link.bookingId, link.token, deps.now());
  if (!version) throw domainError('invoice_not_found');
  const [booking] = await deps.db.select().from(bookings).where(eq(bookings.id, link.bookingId));
  if (!booking) throw domainError('invoice_not_found');
  const current = booking.weightAdjustmentProcessed ? billVersion(booking) : null;
  if (!current) throw domainError('invoice_not_ready');
  // re-weighed since: the old link opens nothing; the customer is sent the new one
  if (current !== version) throw domainError('invoice_not_found');
  return booking;
}

/** The page's view of the bill: every amount from the shared pricing functions and the payment records. */
export function invoiceView(b: Booking): Invoice {
  const weightTenths = b.actualWeightTenths!;
  const amounts = amountToCharge(b, weightTenths);
  const finalTotalCents = b.finalTotalAmount ?? amounts.finalTotalCents;
  const bill = finalBillLines({
    weightTenths,
    pricePerPoundCents: b.pricePerPoundCents,
    weightCents: amounts.invoice.weightCents,
    addOnLines: amounts.invoice.addOnLines,
    promoCode: b.promoCode,
    finalTotalCents,
    giftCardAppliedCents: b.giftCardAppliedCents ?? amounts.giftCardAppliedCents,
  });
  const payment = receiptPayment(b);
  // spec: customer-site 4 — after approval the total paid: the bill and the tip, by every payer
  // (docs/design.md 9: the gift card first, the card for the rest)
  const giftCardCents = finalTotalCents - bill.totalCents;
  const approved = b.customerApprovedAt
    ? { at: b.customerApprovedAt.toISOString(), tipCents: b.tipAmount, totalPaidCents: totalWithTipCents(finalTotalCents, b.tipAmount), giftCardCents }
    : null;
  return {
    confirmation: confirmationNumber(b.id),
    name: b.name,
    weightTenths,
    pricePerPoundCents: b.pricePerPoundCents,
    bill,
    subtotalCents: finalTotalCents,
    payment: {
      authorizedCents: b.authorizedAmount,
      billChargedCents: payment.billChargedCents,
      tipCents: payment.tipCents,
      chargedCents: payment.chargedCents,
      releasedCents: payment.releasedCents,
      extraChargedCents: payment.extraChargedCents,
      amountDueCents: b.amountDueCents,
      refundedCents: payment.refundedCents,
      creditedCents: payment.creditedCents,
    },
    tipPresets: tipPresetAmounts(finalTotalCents),
    tipMaximumCents: prices.tipMaximumCents,
    approved,
    weightQuestionedAt: b.weightQuestionedAt?.toISOString() ?? null,
    bagWeightsTenths: b.bagWeightsTenths,
    scalePhotoUploadedAt: b.scalePhotoKey ? (b.scalePhotoUploadedAt?.toISOString() ?? null) : null,
  };
}

/**
 * What the invoice page shows. Back from the checkout (its session id), the gateway is asked at
 * once, in case its event has not arrived yet; if that fails the page shows what we have.
 */
export async function getInvoice(deps: InvoiceDeps, bookingId: string | undefined, query: unknown, onGatewayError: (err: unknown) => void): Promise<Invoice> {
  const link = parseLink(bookingId, invoiceQuerySchema, query);
  let booking = await bookingOfLink(deps, link);
  if (link.session_id && !booking.customerApprovedAt && (await checkoutSubject(deps.db, link.session_id, 'invoice_payment')) === booking.id) {
    await applyCheckoutSession(deps.db, deps.gateway, deps.notify, link.session_id).catch(onGatewayError);
    booking = await bookingOfLink(deps, link);
  }
  return invoiceView(booking);
}

/** docs/design.md 5.5 transparent weighing: the scale's photo, for the holder of the invoice link only. */
export async function getInvoiceScalePhoto(deps: InvoiceDeps & { files: FileStore }, bookingId: string | undefined, query: unknown) {
  return readScalePhoto(deps.files, await bookingOfLink(deps, parseLink(bookingId, invoiceQuerySchema, query)));
}

/**
 * spec: customer-site 4, 7 approve-customer-payment — approves the bill once with the tip. Under the
 * booking's payment claim (decision 030), so two tabs, or the pay link at the same moment, go one
 * after the other and the second sees what the first did. The tip and anything still due are
 * charged off-session on the saved card under one key per booking, once every open checkout of the
 * booking's money is closed; when the card needs the customer, declines, or there is none, the
 * answer is a checkout of exactly that.
 */
export async function approveInvoice(deps: InvoiceDeps, bookingId: string | undefined, body: unknown): Promise<ApproveInvoiceResponse> {
  const link = parseLink(bookingId, approveLinkSchema, body);
  const first = await bookingOfLink(deps, link);
  const tipCents = tipOf(body);
  if (first.customerApprovedAt) return { invoice: invoiceView(first), url: null };
  const applyCompleted = async (sessionIds: string[]) => {
    for (const sessionId of sessionIds) await applyCheckoutSession(deps.db, deps.gateway, deps.notify, sessionId);
  };
  return withPaymentClaim(deps.db, first.id, async () => {
    for (let round = 0; round < 3; round++) {
      const booking = await bookingOfLink(deps, link);
      if (booking.customerApprovedAt) return { invoice: invoiceView(booking), url: null };
      const charge = approvalChargeCents(tipCents, booking.amountDueCents);
      if ('error' in charge) throw domainError('invalid_tip', { message: charge.error });
      const dueCents = booking.amountDueCents;
      if (charge.chargeCents === 0) {
        // nothing to charge: the approval alone, recorded once
        await deps.db
          .update(bookings)
          .set({ customerApprovedAt: deps.now(), updatedAt: deps.now() })
          .where(and(eq(bookings.id, booking.id), isNull(bookings.customerApprovedAt)));
        return { invoice: invoiceView(await bookingOfLink(deps, link)), url: null };
      }
      const approveKey = `booking:${booking.id}:approve`;
      // the saved card is asked once; after it needed the customer or declined, the checkout is the way
      const [tried] = await deps.db.select({ status: paymentOperations.status }).from(paymentOperations).where(eq(paymentOperations.idempotencyKey, approveKey));
      if (booking.stripeCustomerId && booking.stripePaymentMethodId && (!tried || tried.status === 'pending')) {
        // the pay link's checkout (or an older tab's) closed first: what it took is applied, and
        // what is due read again, before the card is charged
        const closed = await closeBookingCheckouts(deps.db, deps.gateway, booking.id);
        if (closed.completed.length > 0) {
          await applyCompleted(closed.completed);
          continue;
        }
        const op = await runOperation(deps.db, deps.gateway, {
          key: approveKey,
          bookingId: booking.id,
          request: {
            kind: 'charge_off_session',
            customerId: booking.stripeCustomerId,
            paymentMethodId: booking.stripePaymentMethodId,
            amountCents: charge.chargeCents,
            description: `Laundry ${confirmationNumber(booking.id)}: ${tipCents > 0 ? 'tip' : 'final bill'}`,
            invoice: { tipCents, dueCents },
          },
        });
        const after = await bookingOfLink(deps, link);
        if (op.status === 'succeeded' || after.customerApprovedAt) return { invoice: invoiceView(after), url: null };
      }
      const started = await startInvoiceCheckout(deps.db, deps.gateway, {
        bookingId: booking.id,
        tipCents,
        dueCents,
        confirmation: confirmationNumber(booking.id),
        name: booking.name,
        email: booking.email,
        returnUrl: invoiceUrl(deps.notify.publicUrl, deps.notify.secret, booking, deps.now())!,
      });
      if ('url' in started) return { invoice: invoiceView(booking), url: started.url };
      // a checkout was paid and its event is not here yet: apply it, then look again
      await applyCompleted(started.completedSessionIds);
    }
    return { invoice: invoiceView(await bookingOfLink(deps, link)), url: null };
  });
}

const giftCardCodeOnly = z.object({ giftCardCode: payInvoiceDueFromGiftCardRequestSchema.shape.giftCardCode });

/**
 * Decision 064: a gift card pays what is still due before the approval, up to its balance; the
 * approval then charges the tip and whatever is left. The link first (its failure is not found),
 * then the code with its own sentence.
 */
export async function payInvoiceDueFromGiftCard(deps: InvoiceDeps, bookingId: string | undefined, body: unknown): Promise<{ invoice: Invoice; giftCard: GiftCardDuePayment }> {
  const link = parseLink(bookingId, approveLinkSchema, body);
  const booking = await bookingOfLink(deps, link);
  const code = z.safeParse(giftCardCodeOnly, body);
  if (!code.success) throw ValidationError.fromZod(code.error);
  const giftCard = await payDueFromGiftCard(deps.db, deps.gateway, deps.notify, { bookingId: booking.id, giftCardCode: code.data.giftCardCode, now: deps.now() });
  return { invoice: invoiceView(await bookingOfLink(deps, link)), giftCard };
}
