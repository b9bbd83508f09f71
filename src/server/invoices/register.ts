// What invoices own of the payments' word (decision 051), registered with payments at start-up
// (src/server/payment-wiring.ts): a manual or subscription invoice paid through its link.
import type { PaymentHandlerRegistry } from '../payments/handler-registry';
import { manualInvoiceCheckouts } from './manual-invoice-payment';

export function registerInvoicePayments(registry: PaymentHandlerRegistry): void {
  registry.registerCheckoutHandler('manual_invoice', manualInvoiceCheckouts);
}
