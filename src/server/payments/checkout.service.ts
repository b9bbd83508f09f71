// The checkout door (DESIGN.md 5.1): a pending booking asks for a card checkout of its total;
// payments opens it with the gateway and records it with its purpose (DESIGN.md 9); the booking
// row is not written again.
import type { CheckoutRequest, BookingCheckout } from './checkout';
import type { Db } from '../db/client';
import { DomainError } from '../errors';
import { purposeMetadata, recordCheckout, type CheckoutSubject } from './checkout-purposes';
import { GatewayError, type PaymentGateway } from '../gateways/payment/payment-gateway';

export function createBookingCheckout(deps: { db: Db; gateway: PaymentGateway }): BookingCheckout {
  return {
    async start(request: CheckoutRequest) {
      const subject: CheckoutSubject = { purpose: 'booking_authorisation', subjectId: request.bookingId };
      let session;
      try {
        session = await deps.gateway.createCheckout({
          purpose: 'booking',
          amountCents: request.totalCents,
          description: `Laundry pick-up ${request.confirmation} (estimate)`,
          customerEmail: request.email,
          customerName: request.name,
          metadata: { booking_id: request.bookingId, ...purposeMetadata(subject) },
          successUrl: `${request.publicUrl}/booking-success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${request.publicUrl}/booking-cancelled?session_id={CHECKOUT_SESSION_ID}`,
          idempotencyKey: `booking:${request.bookingId}:checkout`,
        });
      } catch (err) {
        if (err instanceof GatewayError) throw new DomainError(409, 'checkout_failed', err.message);
        throw new DomainError(409, 'checkout_unavailable', 'The card payment service did not answer. Please try again in a moment.');
      }
      await recordCheckout(deps.db, session.id, subject);
      if (!session.url) throw new DomainError(409, 'checkout_failed', 'No payment URL received');
      return { url: session.url };
    },
  };
}
