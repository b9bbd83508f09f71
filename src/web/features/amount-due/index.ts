// Paying what is still due on a weighed order (DESIGN.md 5.4): the customer's pay page.
export { PayAmountDue } from './pay-amount-due';
