// The checkout door (DESIGN.md 5.1): a pending booking asks for a card checkout of its total;

// payments opens it with the gateway and records its session on the booking.
import { eq } from 'drizzle-orm';
import type { CheckoutRequest, BookingCheckout } from './checkout';
import type { Db } from '../db/client';
import { bookings } from '../db/schema';
import { DomainError } from '../errors';
import { GatewayError, type PaymentGateway } from '../gateways/payment/payment-gateway';

export function createBookingCheckout(deps: { db: Db; gateway: PaymentGateway }): BookingCheckout {
  return {
    async start(request: CheckoutRequest) {
      let session;
      try {
        session = await deps.gateway.createCheckout({
          purpose: 'booking',
          amountCents: request.totalCents,
          description: `Laundry pick-up ${request.confirmation} (estimate)`,
          customerEmail: request.email,
          customerName: request.name,
          metadata: { booking_id: request.bookingId },
          successUrl: `${request.publicUrl}/booking-success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${request.publicUrl}/booking-cancelled?session_id={CHECKOUT_SESSION_ID}`,
          idempotencyKey: `booking:${request.bookingId}:checkout`,
        });
      } catch (err) {
        if (err instanceof GatewayError) throw new DomainError(409, 'checkout_failed', err.message);
        throw new DomainError(409, 'checkout_unavailable', 'The card payment service did not answer. Please try again in a moment.');
      }
      await deps.db.update(bookings).set({ stripeSessionId: session.id, updatedAt: new Date() }).where(eq(bookings.id, request.bookingId));
      if (!session.url) throw new DomainError(409, 'checkout_failed', 'No payment URL received');
      return { url: session.url };
    },
  };
}
