// The customer's self-service cancellation (docs/design.md 7), from the link in the confirmation email:
// what a cancellation does, the confirm step, and what it did.
export { CancelBooking } from './cancel-booking';
