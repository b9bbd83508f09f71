// A customer changes their contact details and preferences for their upcoming pick-ups (decision
// 022): every booked pick-up still before its free-cancellation cut-off takes them, in one
// transaction; nothing that changes the price (bags, add-ons) and not the email they sign in with.
// A new phone number has not agreed to texts, so texts stop for those pick-ups. Each booking's
// change is in the audit log ("The customer"), and an email to the customer says what changed, so
// a change they did not make does not go unnoticed.
import { and, eq } from 'drizzle-orm';
import { confirmationNumber, pickupLocationLabels } from '../../shared/booking-values';
import { customerPhoneKey } from '../../shared/customer-identity';
import { customerDetailLabels } from '../../shared/customer-order-words';
import { formatPhone, normalisePhone } from '../../shared/phone';
import type { CustomerDetails } from '../../shared/schemas/customer-orders';
import { pickFields, recordAudit } from '../audit/record-audit';
import type { Db } from '../db/client';
import { bookings, pickupSeries } from '../db/schema';
import { domainError } from '../error-catalogue';
import { queueEmail } from '../notifications/send-email';
import { takeHitsUnder, type Limit } from '../rate-limit';
import type { OrdersContext } from './orders.service';
import { cutoffRules, isChangeable } from './order-rules';
import { customerBookings, type CustomerKey } from './sign-in.service';

export type CustomerChangeContext = OrdersContext & { ip: string | null; changes: Limit; limitNow: number };

/** The fields a customer may change, in the words the email and the audit log use. */
export const detailLabels: Record<keyof CustomerDetails, string> = customerDetailLabels;

/** The customer's own writes (moves, details, deletion) are limited per customer (docs/design.md 9). */
export function limitCustomerChanges(db: Db, key: CustomerKey, ctx: { changes: Limit; limitNow: number }) {
  return takeHitsUnder(db, [[ctx.changes, [key.emailKey !== null ? `email:${key.emailKey}` : `phone:${key.phoneKey}`]]], ctx.limitNow);
}

export async function updateCustomerDetails(db: Db, key: CustomerKey, input: CustomerDetails, ctx: CustomerChangeContext) {
  await limitCustomerChanges(db, key, ctx);
  const details = { ...input, phone: normalisePhone(input.phone) };
  const phoneKey = customerPhoneKey(details.phone);
  // signed in by phone: the phone is who they are here, as the email is for everyone else
  if (key.phoneKey !== null && phoneKey !== key.phoneKey) throw domainError('details_phone_is_sign_in');

  const changed = await db.transaction(async (tx) => {
    // their booked pick-ups, locked: a move or a cancellation at the same moment waits for this
    const rows = await tx.select().from(bookings).where(and(customerBookings(key), eq(bookings.bookingStatus, 'confirmed'))).for('update');
    const cut = await cutoffRules(tx, ctx);
    const open = rows.filter((b) => isChangeable(b, ctx.now, cut));
    if (open.length === 0) throw domainError('details_nothing_upcoming', { freeCancellationHours: cut.freeCancellationHours });
    const done: { id: string; confirmation: string; fields: (keyof CustomerDetails)[]; email: string; name: string }[] = [];
    for (const b of open) {
      const fields = (Object.keys(detailLabels) as (keyof CustomerDetails)[]).filter((f) => b[f] !== details[f]);
      if (fields.length === 0) continue;
      const phoneChanged = fields.includes('phone');
      await tx
        .update(bookings)
        .set({ ...details, phoneKey, ...(phoneChanged ? { smsConsent: false } : {}), updatedAt: ctx.now })
        .where(eq(bookings.id, b.id));
      await recordAudit(tx, null, {
        action: 'booking.details_changed',
        targetType: 'booking',
        targetId: b.id,
        before: pickFields(b, fields),
        after: { ...pickFields(details, fields), by: 'customer', ...(phoneChanged && b.smsConsent ? { textsStopped: true as const } : {}) },
        ip: ctx.ip,
      });
      done.push({ id: b.id, confirmation: confirmationNumber(b.id), fields, email: b.email, name: details.name });
    }
    // their regular pick-ups' next occurrences take them too (decision 024)
    const series = await tx.select().from(pickupSeries).where(key.emailKey !== null ? eq(pickupSeries.emailKey, key.emailKey) : eq(pickupSeries.phoneKey, key.phoneKey));
    for (const s of series) {
      const order = s.order as Record<string, unknown>;
      await tx.update(pickupSeries).set({ order: { ...order, ...details, ...(order.phone !== details.phone ? { smsConsent: false } : {}) }, phoneKey, updatedAt: ctx.now }).where(eq(pickupSeries.id, s.id));
    }
    if (done.length) {
      const fields = [...new Set(done.flatMap((d) => d.fields))];
      const changes = fields.map((f) => ({ label: detailLabels[f], value: shown(f, details[f]) }));
      const first = done[0]!;
      await queueEmail(
        tx,
        'customerDetailsChanged',
        { name: first.name, confirmations: done.map((d) => d.confirmation), changes, textsStopped: fields.includes('phone') },
        { to: first.email, dedupeKey: `details-changed:${done.map((d) => d.id).join(',')}:${ctx.now.getTime()}`, bookingId: first.id },
      );
    }
    return done.map((d) => d.confirmation);
  });
  const message =
    changed.length === 0
      ? 'Nothing to change: your upcoming pick-ups already have these details.'
      : `Saved. ${changed.length === 1 ? `Your pick-up ${changed[0]} uses` : `Your ${changed.length} upcoming pick-ups use`} these details, and we emailed you what changed.`;
  return { changed, message };
}

/** A detail as the customer reads it in the email. */
function shown(field: keyof CustomerDetails, value: string): string {
  if (field === 'pickupLocation') return pickupLocationLabels[value as keyof typeof pickupLocationLabels] ?? value;
  if (field === 'phone') return formatPhone(value);
  return value;
}

