// All Bookings (spec: back-office 2): the tab with its filters, list and per-booking controls, and
// the booking badges and detail blocks other back-office views show a booking with.
export { BookingsTab } from './bookings-tab';
export { BookingStatusBadge, MoneyStateBadge } from './booking-badges';
export { ContactBlock, label, PreferencesBlock } from './booking-details';
export { AddOnBadges } from './booking-facts';
export { addOnBadges } from './add-on-badges';
export { MissedPickupBadge } from './stops-block';
