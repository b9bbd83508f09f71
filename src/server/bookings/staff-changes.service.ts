// Staff change a booking for a customer who calls (decision 057): move its pick-up to another
// window the schedule offers, or correct its contact details and preferences, until it is picked
// up. Each is audited as staff's and emailed to the customer, so a change they did not ask for
// does not go unnoticed. Nothing here changes the price (bags and add-ons change the hold).
import { eq } from 'drizzle-orm';
import { pickupWindowLabel } from '../../shared/business';
import { confirmationNumber, pickupLocationLabels } from '../../shared/booking-values';
import { customerPhoneKey } from '../../shared/customer-identity';
import { customerDetailLabels } from '../../shared/customer-order-words';
import { formatLongDate, nowIn } from '../../shared/dates';
import { checkPickupDate, checkPickupWindow } from '../../shared/pickup-rules';
import { formatPhone, normalisePhone } from '../../shared/phone';
import type { CustomerDetails, RescheduleRequest } from '../../shared/schemas/customer-orders';
import { pickFields, recordAudit } from '../audit/record-audit';
import { claimPlace, freePlace } from '../booking-records/places';
import type { Db } from '../db/client';
import { bookings } from '../db/schema';
import { domainError, pickupRefused } from '../error-catalogue';
import { queueBookingRescheduled, type NotificationContext } from '../notifications/notifications.service';
import { queueEmail } from '../notifications/send-email';
import { readSchedule } from '../settings/settings.service';
import { getStaffBooking, type StaffContext } from './staff-booking';

export type StaffChangeContext = StaffContext & { timeZone: string; notify: NotificationContext };

/** A pick-up still to come: booked (paid or not), not picked up, cancelled or done. */
const toCome = (status: string) => status === 'pending' || status === 'confirmed';

/**
 * Moves a pick-up to another window: a day the business serves, inside the horizon, not closed,
 * a window it offers and not started, with a place left (claimed as a booking claims one, the old
 * place given back), in one transaction that locks the booking.
 */
export async function staffMoveBooking(db: Db, bookingId: string, to: RescheduleRequest, ctx: StaffChangeContext) {
  const now = nowIn(ctx.timeZone, ctx.now);
  const schedule = await readSchedule(db);
  const refusal =
    checkPickupDate(to.pickupDate, { today: now.date, horizonDays: schedule.horizonDays, closedDates: schedule.closedDates, serviceWeekdays: schedule.serviceWeekdays }) ??
    checkPickupWindow(to.pickupDate, to.pickupTime, { now, windows: schedule.pickupWindows, sameDayCutoffHours: 0 });
  if (refusal?.code === 'pickup_window_started') throw domainError('reschedule_window_started');
  if (refusal) throw pickupRefused(refusal);
  await db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!booking) throw domainError('booking_not_found');
    if (!toCome(booking.bookingStatus)) throw domainError('reschedule_not_open');
    if (booking.pickupDate === to.pickupDate && booking.pickupTime === to.pickupTime) throw domainError('staff_move_same_window');
    if (!(await claimPlace(tx, to.pickupDate, to.pickupTime, schedule.capacityPerWindow))) throw domainError('reschedule_window_full');
    await freePlace(tx, booking.pickupDate, booking.pickupTime);
    await tx.update(bookings).set({ pickupDate: to.pickupDate, pickupTime: to.pickupTime, updatedAt: ctx.now }).where(eq(bookings.id, booking.id));
    const before = { pickupDate: booking.pickupDate, pickupTime: booking.pickupTime };
    await recordAudit(tx, ctx.actor, { action: 'booking.moved', targetType: 'booking', targetId: booking.id, before, after: { pickupDate: to.pickupDate, pickupTime: to.pickupTime } });
    // the customer's calendar takes it as a revision of the same event
    const sequence = Math.floor(ctx.now.getTime() / 1000);
    await queueBookingRescheduled(tx, booking.id, ctx.notify, { previousLabel: `${formatLongDate(before.pickupDate)}, ${pickupWindowLabel(before.pickupTime)}`, sequence });
  });
  return { booking: await getStaffBooking(db, bookingId) };
}

/** A detail as the customer reads it in the email. */
function shown(field: keyof CustomerDetails, value: string): string {
  if (field === 'pickupLocation') return pickupLocationLabels[value as keyof typeof pickupLocationLabels] ?? value;
  if (field === 'phone') return formatPhone(value);
  return value;
}

/**
 * Corrects a booking's contact details and preferences (the fields a customer may change
 * themselves, decision 022). A new phone number has not agreed to texts: texts stop. The email
 * says what changed and goes to the address the booking was made with.
 */
export async function staffEditDetails(db: Db, bookingId: string, input: CustomerDetails, ctx: StaffContext) {
  const details = { ...input, phone: normalisePhone(input.phone) };
  const changed = await db.transaction(async (tx) => {
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!b) throw domainError('booking_not_found');
    if (!toCome(b.bookingStatus)) throw domainError('staff_details_not_open');
    const fields = (Object.keys(customerDetailLabels) as (keyof CustomerDetails)[]).filter((f) => b[f] !== details[f]);
    if (fields.length === 0) return [];
    const phoneChanged = fields.includes('phone');
    await tx
      .update(bookings)
      .set({ ...details, phoneKey: customerPhoneKey(details.phone), ...(phoneChanged ? { smsConsent: false } : {}), updatedAt: ctx.now })
      .where(eq(bookings.id, b.id));
    await recordAudit(tx, ctx.actor, {
      action: 'booking.details_edited',
      targetType: 'booking',
      targetId: b.id,
      before: pickFields(b, fields),
      after: { ...pickFields(details, fields), ...(phoneChanged && b.smsConsent ? { textsStopped: true as const } : {}) },
    });
    await queueEmail(
      tx,
      'customerDetailsChanged',
      { name: details.name, confirmations: [confirmationNumber(b.id)], changes: fields.map((f) => ({ label: customerDetailLabels[f], value: shown(f, details[f]) })), textsStopped: phoneChanged },
      { to: b.email, dedupeKey: `details-edited:${b.id}:${ctx.now.getTime()}`, bookingId: b.id },
    );
    return fields;
  });
  return { changed: changed.map((f) => customerDetailLabels[f]), booking: await getStaffBooking(db, bookingId) };
}
