// The customer's final invoice (docs/design.md 5.5): the weighed bill, the tip and the approval.
export { InvoiceView } from './invoice-view';
