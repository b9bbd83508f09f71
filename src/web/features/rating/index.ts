// Rating an order after delivery (decision 063), from the delivery email's link: choose 1 to 5
// stars, add a comment if you like, send it once.
export { RateOrder, starsOfLink } from './rate-order';
