// The checkout door (docs/design.md 5.1): a pending booking asks for a card checkout of its total;
// payments opens it with the gateway and records it with its purpose (docs/design.md 9); the booking
// row is not written again.
import { and, desc, eq } from 'drizzle-orm';
import type { CheckoutRequest, BookingCheckout, ResumedCheckout } from './checkout';
import type { Db } from '../db/client';
import { checkouts } from '../db/schema';
import { domainError } from '../error-catalogue';
import type { NotificationContext } from '../notifications/notifications.service';
import { purposeMetadata, recordCheckout, type CheckoutSubject } from './checkout-purposes';
import { applyCheckoutSession } from './webhook-events.service';
import { GatewayError, type PaymentGateway } from '../gateways/payment/payment-gateway';

/** A gateway call whose failure the customer reads as a sentence. */
async function askGateway<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof GatewayError) throw domainError('checkout_failed', { reason: err.message });
    throw domainError('checkout_no_answer');
  }
}

export function createBookingCheckout(deps: { db: Db; gateway: PaymentGateway }): BookingCheckout {
  async function start(request: CheckoutRequest) {
    const subject: CheckoutSubject = { purpose: 'booking_authorisation', subjectId: request.bookingId };
    const session = await askGateway(() =>
      deps.gateway.createCheckout({
        purpose: 'booking',
        amountCents: request.totalCents,
        description: `Laundry pick-up ${request.confirmation} (estimate)`,
        customerEmail: request.email,
        customerName: request.name,
        metadata: { booking_id: request.bookingId, ...purposeMetadata(subject) },
        successUrl: `${request.publicUrl}/booking-success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${request.publicUrl}/booking-cancelled?session_id={CHECKOUT_SESSION_ID}`,
        // one checkout per booking: a second start answers the same session
        idempotencyKey: `booking:${request.bookingId}:checkout`,
      }),
    );
    await recordCheckout(deps.db, session.id, subject);
    if (!session.url) throw domainError('checkout_no_url');
    return { url: session.url };
  }

  async function resume(request: CheckoutRequest & { notify: NotificationContext }): Promise<ResumedCheckout> {
    const [recorded] = await deps.db
      .select({ sessionId: checkouts.sessionId })
      .from(checkouts)
      .where(and(eq(checkouts.purpose, 'booking_authorisation'), eq(checkouts.subjectId, request.bookingId)))
      .orderBy(desc(checkouts.createdAt))
      .limit(1);
    // opened but not yet recorded (the first request is still on its way): the same session
    if (!recorded) return start(request);
    const session = await askGateway(() => deps.gateway.retrieveCheckout(recorded.sessionId));
    if (session.status === 'open' && session.url) return { url: session.url };
    // paid or lapsed while its event is on its way: the gateway's word, applied now (docs/design.md 5.2)
    await applyCheckoutSession(deps.db, deps.gateway, request.notify, session.id).catch((err: unknown) => {
      throw err instanceof GatewayError ? domainError('checkout_failed', { reason: err.message }) : err;
    });
    return { settled: true };
  }

  return { start, resume };
}
