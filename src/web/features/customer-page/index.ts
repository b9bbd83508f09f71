// A customer's page in the back office: every order, the money, staff notes; opened from a booking.
export { CustomerPageButton } from './customer-page-dialog';
