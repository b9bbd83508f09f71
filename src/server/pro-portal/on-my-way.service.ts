// "On my way" (decision 056): the pro of a job tells its customer they are coming, with an arrival
// estimate: for the pick-up, or for the delivery once it is out for delivery. By text where the
// customer agreed to texts, else by email. A second tap within the same ten minutes tells once.
import { and, eq } from 'drizzle-orm';
import { confirmationNumber } from '../../shared/booking-values';
import type { ProJob } from '../../shared/schemas/pro-portal';
import type { Db } from '../db/client';
import { bookings, laundryAssignments, laundryPros } from '../db/schema';
import { domainError } from '../error-catalogue';
import { canText, type NotificationContext } from '../notifications/notifications.service';
import { enqueueSms } from '../notifications/outbox.service';
import { queueEmail } from '../notifications/send-email';
import type { ProActor } from './pro-guard';

type BookingRow = typeof bookings.$inferSelect;

/** What "On my way" is for on this job now, if anything. */
export function onMyWayFor(b: Pick<BookingRow, 'bookingStatus' | 'progress'>): ProJob['onMyWay'] {
  if (b.bookingStatus === 'confirmed') return 'pickup';
  if ((b.bookingStatus === 'in-progress' || b.bookingStatus === 'completed') && b.progress === 'out_for_delivery') return 'delivery';
  return null;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;
/** Ten-minute slots: the same tap again within one is the same message. */
const slotMs = 10 * 60_000;

export async function sendOnMyWay(db: Db, actor: ProActor, assignmentId: string, minutes: number, ctx: { now: Date; timeZone: string; notify: NotificationContext }) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ booking: bookings, proName: laundryPros.name })
      .from(laundryAssignments)
      .innerJoin(bookings, eq(bookings.id, laundryAssignments.bookingId))
      .innerJoin(laundryPros, eq(laundryPros.id, laundryAssignments.laundryProId))
      .where(and(eq(laundryAssignments.id, assignmentId), eq(laundryAssignments.laundryProId, actor.proId)));
    if (!row) throw domainError('pro_job_not_found');
    const b = row.booking;
    const kind = onMyWayFor(b);
    if (!kind) throw domainError('on_my_way_not_open');
    const arrival = new Intl.DateTimeFormat('en-US', { timeZone: ctx.timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(ctx.now.getTime() + minutes * 60_000));
    const what = kind === 'pickup' ? 'to pick up your laundry' : 'to bring your laundry back';
    const confirmation = confirmationNumber(b.id);
    const sentence = `${firstName(row.proName)} is on the way ${what} (${confirmation}), arriving in about ${minutes} minutes, around ${arrival}.`;
    const key = `on-my-way:${b.id}:${kind}:${Math.floor(ctx.now.getTime() / slotMs)}`;
    const phone = await canText(tx, b);
    if (phone) {
      await enqueueSms(tx, { dedupeKey: `${key}:sms`, kind: 'on_my_way_sms', to: phone, text: `${sentence} Reply STOP to opt out.`, bookingId: b.id });
    } else {
      await queueEmail(tx, 'onMyWay', { name: b.name, confirmation, sentence, ordersUrl: `${ctx.notify.publicUrl}/orders` }, { to: b.email, dedupeKey: key, bookingId: b.id });
    }
    return { sentBy: phone ? ('text' as const) : ('email' as const), message: `${firstName(b.name)} was told by ${phone ? 'text' : 'email'}: you arrive around ${arrival}.` };
  });
}
