// Start-up (decision 051): every capability that owns what a payment pays for registers its
// handlers with payments, here, in one place; payments imports none of them. `createApp` calls it,
// so every process that serves the app and every test that builds it has the same wiring; the
// demo seed run on its own calls it too. A purpose left without its owner stops the start-up.
import { registerBookingPayments } from './bookings/register';
import { registerGiftCardSales } from './gift-card-sales/register';
import { registerInvoicePayments } from './invoices/register';
import { syncProAccount } from './laundry-pros/pro-accounts.service';
import { paymentHandlers, type PaymentHandlerRegistry } from './payments/handler-registry';

/** The capabilities' registrations, in one list, so that a test can leave one out. */
export const paymentOwners: Array<(registry: PaymentHandlerRegistry) => void> = [
  registerBookingPayments,
  registerGiftCardSales,
  registerInvoicePayments,
  // spec: back-office 4 — a pro's payment account on the gateway's word; laundry-pros is handed to
  // payments here, as app.ts hands one capability's function to another
  (registry) => registry.registerAccountHandler(syncProAccount),
];

/** Registers every owner with the registry (the process's own by default), then checks that none is missing. */
export function wirePaymentHandlers(registry: PaymentHandlerRegistry = paymentHandlers, owners = paymentOwners): PaymentHandlerRegistry {
  for (const register of owners) register(registry);
  registry.assertComplete();
  return registry;
}
