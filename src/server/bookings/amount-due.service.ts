// Paying what is still due on a weighed booking (docs/design.md 5.4): the customer's link shows the
// amount and opens a card checkout of exactly that; the gateway's word settles it (payments).
import { eq } from 'drizzle-orm';
import type { AmountDue } from '../../shared/schemas/amount-due';
import { confirmationNumber } from '../../shared/booking-values';
import { dueSummary } from '../../shared/pricing-receipts';
import { verifyPayAmountDueToken, payAmountDueUrl } from '../booking-records/pay-link';
import type { Db } from '../db/client';
import { bookings } from '../db/schema';
import { domainError } from '../error-catalogue';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import type { NotificationContext } from '../notifications/notifications.service';
import { startAmountDueCheckout } from './amount-due-checkout';
import { checkoutSubject } from '../payments/checkout-purposes';
import { withPaymentClaim } from '../payments/payment-claims';
import { applyCheckoutSession } from '../payments/webhook-events.service';
import { payDueFromGiftCard } from './gift-card-due.service';

type Link = { bookingId: string; token: string };

/** The booking the link names, or 403: a link whose id or token does not match opens nothing. */
async function bookingOfLink(db: Db, link: Link, secret: string) {
  if (!verifyPayAmountDueToken(secret, link.bookingId, link.token)) throw domainError('bad_pay_link');
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, link.bookingId));
  if (!booking) throw domainError('bad_pay_link');
  return booking;
}

function view(b: typeof bookings.$inferSelect): AmountDue {
  return { confirmation: confirmationNumber(b.id), ...dueSummary(b) };
}

/**
 * What the pay page shows. Back from the checkout (its session id), the gateway is asked at once,
 * in case its event has not arrived yet; if that fails the page shows what we have and asks again.
 */
export async function getAmountDue(db: Db, gateway: PaymentGateway, notify: NotificationContext, input: Link & { sessionId?: string }, onGatewayError: (err: unknown) => void) {
  let booking = await bookingOfLink(db, input, notify.secret);
  if (input.sessionId && booking.amountDueCents > 0 && (await checkoutSubject(db, input.sessionId, 'amount_due')) === booking.id) {
    await applyCheckoutSession(db, gateway, notify, input.sessionId).catch(onGatewayError);
    booking = await bookingOfLink(db, input, notify.secret);
  }
  return view(booking);
}

/**
 * Opens (or reopens) the checkout for exactly what is due; nothing due, nothing to open. Under the
 * booking's payment claim (decision 030): an invoice approval at the same moment goes first or
 * after, and a checkout of either that completed meanwhile is applied before anything is opened.
 */
export async function payAmountDue(db: Db, gateway: PaymentGateway, notify: NotificationContext, input: Link) {
  const { id } = await bookingOfLink(db, input, notify.secret);
  return withPaymentClaim(db, id, async () => {
    for (let round = 0; round < 3; round++) {
      const booking = await bookingOfLink(db, input, notify.secret);
      if (booking.amountDueCents <= 0) throw domainError('nothing_due');
      const started = await startAmountDueCheckout(db, gateway, {
        bookingId: booking.id,
        amountCents: booking.amountDueCents,
        confirmation: confirmationNumber(booking.id),
        name: booking.name,
        email: booking.email,
        returnUrl: payAmountDueUrl(notify.publicUrl, notify.secret, booking.id),
      });
      if ('url' in started) return { url: started.url, amountDue: view(booking) };
      // a checkout was paid and its event is not here yet: apply it, then look again
      for (const sessionId of started.completedSessionIds) await applyCheckoutSession(db, gateway, notify, sessionId);
    }
    return { url: null, amountDue: view(await bookingOfLink(db, input, notify.secret)) };
  });
}

/** Decision 064: a gift card pays what is due, up to its balance; the page shows what is left of both. */
export async function payAmountDueFromGiftCard(db: Db, gateway: PaymentGateway, notify: NotificationContext, input: Link & { giftCardCode: string; now: Date }) {
  const { id } = await bookingOfLink(db, input, notify.secret);
  const giftCard = await payDueFromGiftCard(db, gateway, notify, { bookingId: id, giftCardCode: input.giftCardCode, now: input.now });
  return { amountDue: view(await bookingOfLink(db, input, notify.secret)), giftCard };
}
