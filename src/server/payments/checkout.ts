// The door through which a pending booking asks for a card checkout (docs/design.md 5.1; docs/conventions.md:
// money moves through one door). Payments owns it and implements it with the PaymentGateway;
// until a gateway is wired, paid bookings are refused cleanly and the pending booking is
// cancelled, so nothing is half-done.
import { domainError } from '../error-catalogue';
import type { NotificationContext } from '../notifications/notifications.service';

export type CheckoutRequest = {
  bookingId: string;
  confirmation: string;
  totalCents: number;
  name: string;
  email: string;
  publicUrl: string;
};

/** A pending booking's checkout as the gateway sees it now: still open (its page), or settled. */
export type ResumedCheckout = { url: string } | { settled: true };

export interface BookingCheckout {
  /** Starts a card checkout for the booking's total and answers the page to send the customer to. */
  start(request: CheckoutRequest): Promise<{ url: string }>;
  /**
   * The checkout already opened for a pending booking: its page while it is open; once the gateway
   * says it was paid or has lapsed, that is applied (as its event would be) and `settled` answered.
   * A door without it answers `start` again, which opens one checkout per booking.
   */
  resume?(request: CheckoutRequest & { notify: NotificationContext }): Promise<ResumedCheckout>;
}

export const checkoutUnavailable: BookingCheckout = {
  async start() {
    throw domainError('checkout_unavailable');
  },
};
