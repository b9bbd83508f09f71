// The back office's Invoices tab (spec: back-office 2 "Manual Invoices table", reachable per
// docs/design.md 7, with the subscriptions beside it). The dashboard shell adds it to its tabs.
export { InvoicesTab } from './invoices-tab';
