// The pay page's two uses: what is still due on a weighed order (docs/design.md 5.4), and a client's
// manual or subscription invoice (docs/design.md 9 invoices), and a pick-up booked on the phone (decision 058).
export { PayAmountDue } from './pay-amount-due';
export { PayInvoice } from './pay-invoice';
export { PayPhoneOrder } from './pay-phone-order';
