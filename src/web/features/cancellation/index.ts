// The customer's self-service cancellation (DESIGN.md 7), from the link in the confirmation email:
// what a cancellation does, the confirm step, and what it did.
export { CancelBooking } from './cancel-booking';
