// The customer's self-service cancellation (docs/design.md 7), from the link in the confirmation email:
// what a cancellation does, the confirm step, and what it did.
export { CancelBooking } from './cancel-booking';
// the page's heading and how to reach the business, also the rating page's (decision 063)
export { ReachUs, StateHeading } from './cancellation-parts';
