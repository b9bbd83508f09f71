// What bookings owns of the payments' word (decision 051), registered with payments at start-up
// (src/server/payment-wiring.ts): a booking's card checkout, the amount due's and the invoice's
// checkouts, what each money operation of a booking does to it, and its payment intents' events.
import type { PaymentHandlerRegistry } from '../payments/handler-registry';
import { amountDueCheckouts } from './amount-due-checkout';
import { bookingAuthorisations } from './booking-authorisation';
import { applyPaymentEvent } from './card-refunds';
import { invoiceCheckouts } from './invoice-checkout';
import { applyOperationEffect } from './operation-effects';

export function registerBookingPayments(registry: PaymentHandlerRegistry): void {
  registry.registerCheckoutHandler('booking_authorisation', bookingAuthorisations);
  registry.registerCheckoutHandler('amount_due', amountDueCheckouts);
  registry.registerCheckoutHandler('invoice_payment', invoiceCheckouts);
  registry.registerOperationEffect(applyOperationEffect);
  registry.registerPaymentEventHandler(applyPaymentEvent);
}
