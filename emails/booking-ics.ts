// A booking's pick-up window as a calendar event (RFC 5545), for the confirmation and for a moved
// pick-up: one event per booking (its UID), a later revision (SEQUENCE) replaces the first.
import { business } from '../src/shared/business';
import { brand } from './brand';
import type { BookingEmailData } from './email-data';
import { businessDomain, fullAddress, pickupLocationLabel, pickupWindow } from './format';
import { pickupWindowIcs } from './ics';

export function bookingWindowIcs(d: BookingEmailData, sequence = 0): string {
  const window = pickupWindow(d.pickupTime);
  return pickupWindowIcs({
    uid: `pickup-${d.bookingId}@${businessDomain()}`,
    confirmation: d.confirmation,
    date: d.pickupDate,
    startHour: window.startHour,
    endHour: window.endHour,
    timeZone: brand().timeZone,
    location: fullAddress(d),
    summary: `Laundry pick-up (${brand().name})`,
    description: [
      `Leave your bags at: ${pickupLocationLabel(d.pickupLocation)}.`,
      `We call you about ${business.reminderCallMinutes} minutes before we arrive.`,
      d.freeCancellationPassed
        ? `Booked after the free-cancellation cut-off: to change or cancel it, call ${brand().phone}.`
        : `Free cancellation up to ${brand().freeCancellationHours} hours before the window starts: ${d.cancelUrl}`,
      `Questions: ${brand().phone}, ${brand().email}`,
    ].join('\n'),
    now: new Date(),
    sequence,
  });
}

