// The staff tools (spec: back-office 2 "Staff tools"): the forms of /send-terms, /send-invoice and
// /send-subscription-invoice and the frame their pages share.
export { SendInvoiceForm } from './send-invoice-form';
export { SendSubscriptionForm } from './send-subscription-form';
export { SendTermsForm } from './send-terms-form';
export { ToolPage } from './tool-form';
