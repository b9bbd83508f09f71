// A customer moves their own pick-up (decision 021), up to the free-cancellation cut-off of the
// window it is in now (spec: customer-site 9, two hours before): to another day and window the
// business serves, inside the horizon, not closed, with a place left. One transaction claims the
// new place, gives the old one back and moves the booking; the calendar invitation is sent again
// as a revision of the same event, and the audit log says the customer did it.
import { eq } from 'drizzle-orm';
import { pickupWindowLabel } from '../../shared/business';
import { formatLongDate, nowIn } from '../../shared/dates';
import { checkPickupDate, checkPickupWindow } from '../../shared/pickup-rules';
import type { RescheduleRequest } from '../../shared/schemas/customer-orders';
import { recordAudit } from '../audit/record-audit';
import { cancellationCutoff } from '../booking-records/cancel-link';
import { claimPlace, freePlace } from '../booking-records/places';
import type { Db } from '../db/client';
import { bookings } from '../db/schema';
import { domainError, pickupRefused } from '../error-catalogue';
import { businessReach, readSchedule } from '../settings/settings.service';
import { queueBookingRescheduled, type NotificationContext } from '../notifications/notifications.service';
import { limitCustomerChanges, type CustomerChangeContext } from './details.service';
import { getCustomerOrder } from './orders.service';
import { customerOwns, type CustomerKey } from './sign-in.service';

export type RescheduleContext = CustomerChangeContext & { notify: NotificationContext };

export async function rescheduleOrder(db: Db, key: CustomerKey, bookingId: string, to: RescheduleRequest, ctx: RescheduleContext) {
  await limitCustomerChanges(db, key, ctx);
  const now = nowIn(ctx.timeZone, ctx.now);
  // the new window: a day the business serves, inside the horizon, not closed, a window it offers
  // and not past its same-day cut-off, as the settings' schedule has them now (decision 055)
  const schedule = await readSchedule(db);
  const refusal =
    checkPickupDate(to.pickupDate, { today: now.date, horizonDays: schedule.horizonDays, closedDates: schedule.closedDates, serviceWeekdays: schedule.serviceWeekdays }) ??
    checkPickupWindow(to.pickupDate, to.pickupTime, { now, windows: schedule.pickupWindows, sameDayCutoffHours: schedule.sameDayCutoffHours });
  if (refusal?.code === 'pickup_window_started') throw domainError('reschedule_window_started');
  if (refusal) throw pickupRefused(refusal);

  const moved = await db.transaction(async (tx) => {
    // the booking, locked: a second move or a cancellation at the same moment waits for this one
    const [booking] = await tx.select().from(bookings).where(customerOwns(key, bookingId)!).for('update');
    if (!booking) throw domainError('order_not_found');
    if (booking.bookingStatus !== 'confirmed') throw domainError('reschedule_not_open');
    const reach = await businessReach(tx);
    if (ctx.now >= cancellationCutoff(booking.pickupDate, booking.pickupTime, { timeZone: ctx.timeZone, freeCancellationHours: reach.freeCancellationHours }))
      throw domainError('reschedule_too_late', { phone: reach.phone, freeCancellationHours: reach.freeCancellationHours });
    if (booking.pickupDate === to.pickupDate && booking.pickupTime === to.pickupTime) throw domainError('reschedule_same_window');
    // a place in the new window, atomically (as a booking claims one), then the old one given back
    if (!(await claimPlace(tx, to.pickupDate, to.pickupTime, schedule.capacityPerWindow))) throw domainError('reschedule_window_full');
    await freePlace(tx, booking.pickupDate, booking.pickupTime);
    await tx.update(bookings).set({ pickupDate: to.pickupDate, pickupTime: to.pickupTime, updatedAt: ctx.now }).where(eq(bookings.id, booking.id));
    const before = { pickupDate: booking.pickupDate, pickupTime: booking.pickupTime };
    await recordAudit(tx, null, { action: 'booking.rescheduled', targetType: 'booking', targetId: booking.id, before, after: { pickupDate: to.pickupDate, pickupTime: to.pickupTime, by: 'customer' }, ip: ctx.ip });
    // the calendar's revision of the same event: later moves count higher
    const sequence = Math.floor(ctx.now.getTime() / 1000);
    await queueBookingRescheduled(tx, booking.id, ctx.notify, { previousLabel: `${formatLongDate(before.pickupDate)}, ${pickupWindowLabel(before.pickupTime)}`, sequence });
    return booking.id;
  });
  return getCustomerOrder(db, key, moved, ctx);
}
