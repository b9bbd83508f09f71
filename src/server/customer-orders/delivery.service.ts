// A customer chooses when their laundry comes back (decision 056): one of the delivery windows
// their order offers, once it is picked up and until it is out for delivery. The booking is locked
// while the choice is checked against the windows as they are at that moment; the audit log says
// the customer did it, and an email confirms the new time.
import { eq } from 'drizzle-orm';
import { dueBackOf } from '../../shared/due-back';
import type { DeliveryChoiceRequest } from '../../shared/schemas/customer-orders';
import { recordAudit } from '../audit/record-audit';
import { stagesReached } from '../booking-records/progress-stages';
import type { Db } from '../db/client';
import { bookings } from '../db/schema';
import { domainError } from '../error-catalogue';
import { queueDeliveryMoved } from '../notifications/progress-notices';
import { deliverySchedule, readSettings } from '../settings/settings.service';
import { limitCustomerChanges } from './details.service';
import { deliveryChoicesFor } from './order-rules';
import { getCustomerOrder } from './orders.service';
import type { RescheduleContext } from './reschedule.service';
import { customerOwns, type CustomerKey } from './sign-in.service';

export async function chooseDelivery(db: Db, key: CustomerKey, bookingId: string, to: DeliveryChoiceRequest, ctx: RescheduleContext) {
  await limitCustomerChanges(db, key, ctx);
  await db.transaction(async (tx) => {
    // locked: a pro's "out for delivery" or a second choice at the same moment waits for this one
    const [booking] = await tx.select().from(bookings).where(customerOwns(key, bookingId)!).for('update');
    if (!booking) throw domainError('order_not_found');
    const planned = dueBackOf(booking);
    const reached = (await stagesReached(tx, [booking])).get(booking.id) ?? {};
    const choices = deliveryChoicesFor(booking, reached.picked_up, ctx.now, deliverySchedule(await readSettings(tx)));
    if (!planned || choices.length === 0) throw domainError('delivery_not_open');
    if (planned.date === to.dueBackDate && planned.time === to.dueBackTime) return;
    if (!choices.some((c) => c.date === to.dueBackDate && c.time === to.dueBackTime)) throw domainError('delivery_window_not_offered');
    await tx.update(bookings).set({ dueBackDate: to.dueBackDate, dueBackTime: to.dueBackTime, updatedAt: ctx.now }).where(eq(bookings.id, booking.id));
    await recordAudit(tx, null, {
      action: 'booking.delivery_moved',
      targetType: 'booking',
      targetId: booking.id,
      before: { dueBackDate: planned.date, dueBackTime: planned.time },
      after: { dueBackDate: to.dueBackDate, dueBackTime: to.dueBackTime, by: 'customer' },
      ip: ctx.ip,
    });
    await queueDeliveryMoved(tx, booking.id, ctx.notify, ctx.now);
  });
  return getCustomerOrder(db, key, bookingId, ctx);
}
