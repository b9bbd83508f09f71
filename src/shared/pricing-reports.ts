// The Reports tab's arithmetic on money (decision 026): the server sums cents in SQL, these
// derive the figures from the sums, in integer cents.
import { assertNonNegativeInteger } from './pricing-core';

/**
 * Average bill = revenue over the weighed bookings, to the nearest cent (half a cent up);
 * $0.00 when nothing was weighed.
 */
export function averageBillCents(revenueCents: number, weighedBookings: number): number {
  assertNonNegativeInteger(revenueCents, 'revenueCents');
  assertNonNegativeInteger(weighedBookings, 'weighedBookings');
  if (weighedBookings === 0) return 0;
  // integer arithmetic: floor((2r + w) / 2w) is r / w rounded half up, with no float error
  return Math.floor((2 * revenueCents + weighedBookings) / (2 * weighedBookings));
}

/** decisions 015 and 026: income = booking revenue + paid invoices, in integer cents. */
export function totalIncomeCents(bookingRevenueCents: number, invoiceIncomeCents: number): number {
  assertNonNegativeInteger(bookingRevenueCents, 'bookingRevenueCents');
  assertNonNegativeInteger(invoiceIncomeCents, 'invoiceIncomeCents');
  return bookingRevenueCents + invoiceIncomeCents;
}

/** How full a window was: bookings over capacity, in whole percent (rounded down); 0 with no capacity. */
export function capacityPercent(bookings: number, capacity: number): number {
  assertNonNegativeInteger(bookings, 'bookings');
  assertNonNegativeInteger(capacity, 'capacity');
  return capacity === 0 ? 0 : Math.floor((bookings * 100) / capacity);
}
