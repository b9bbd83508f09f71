// What other features use of the booking wizard: the pick-up calendar and the availability it reads
// (Your orders moves a pick-up with the same rules: decision 021).
export { PickupCalendar } from './pickup-calendar';
export { closedDays, windowTaken } from './calendar-grid';
export { useAvailability } from './booking-api';
