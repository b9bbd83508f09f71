// Recurring pick-ups (decision 024): the job that makes each series' next occurrence a few days
// ahead, as a normal booking with its own hold on the saved card. One transaction claims the due
// series (SKIP LOCKED: two instances never make the same one), moves its next date on, takes a
// place in the window and writes the booking with its hold's pending ledger row; the hold is then
// placed with its idempotency key (the recovery job finishes it after a crash). A hold the card
// refuses, a full window or a closed day never drops the pick-up silently: the customer is emailed
// and the series shows the issue to staff.
import { priceListOf } from '../../shared/price-list';
import { readSettings } from '../settings/settings.service';
import { and, asc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import { addDays, formatLongDate, isoWeekday, nowIn } from '../../shared/dates';
import { offeredWindow } from '../../shared/pickup-rules';
import { normalisePhone } from '../../shared/phone';
import { pickExtras, quoteBooking } from '../../shared/pricing';
import { isDue, seriesLabel, seriesLeadDays } from '../../shared/series';
import { recordAudit } from '../audit/record-audit';
import { claimPlace, freePlace } from '../booking-records/places';
import type { Db, Tx } from '../db/client';
import { bookings, outbox, paymentOperations, pickupSeries } from '../db/schema';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { queueBookingConfirmed, type NotificationContext } from '../notifications/notifications.service';
import { queueEmail } from '../notifications/send-email';
import { queueOperation, runOperation } from '../payments/operations.service';
import { seriesManageUrl } from '../booking-records/series-link';
import type { SeriesOrder } from './series.service';

type Series = typeof pickupSeries.$inferSelect;
export type OccurrenceContext = { now: Date; timeZone: string; notify: NotificationContext };
type Made = { series: Series; date: string } & ({ bookingId: string; holdKey: string; amountCents: number } | { issue: string });

/** Makes every due occurrence; answers how many bookings it made and how many could not be. */
export async function makeDueOccurrences(db: Db, gateway: PaymentGateway, ctx: OccurrenceContext): Promise<{ made: number; issues: number }> {
  const today = nowIn(ctx.timeZone, ctx.now).date;
  let made = 0;
  let issues = 0;
  // one series a transaction; a bounded run (the next tick carries on)
  for (let i = 0; i < 200; i++) {
    const next = await db.transaction((tx) => claimNext(tx, today, ctx));
    if (!next) break;
    if ('issue' in next) {
      issues += 1;
      await db.transaction((tx) => reportIssue(tx, next.series, next.date, next.issue, ctx));
      continue;
    }
    const description = `Regular laundry pick-up ${formatLongDate(next.date)} (estimate)`;
    const outcome = await runOperation(db, gateway, { key: next.holdKey, bookingId: next.bookingId, request: holdRequest(next.series, next.amountCents, description) }).catch(() => null);
    if (outcome === null) continue; // the gateway did not answer: the recovery job finishes the hold
    if (outcome.status === 'succeeded') {
      made += 1;
      await db.transaction((tx) => queueBookingConfirmed(tx, next.bookingId, ctx.notify));
    } else {
      issues += 1;
      await db.transaction((tx) => refuseOccurrence(tx, next.series, next.date, next.bookingId, outcome.message, ctx));
    }
  }
  const settled = await settleRecoveredHolds(db, ctx);
  return { made: made + settled.made, issues: issues + settled.issues };
}

/** A hold the card refused: the place goes back; the booking stays, cancelled, as the record of it. */
async function refuseOccurrence(tx: Tx, s: Series, date: string, bookingId: string, message: string | null | undefined, ctx: OccurrenceContext) {
  const [b] = await tx.update(bookings).set({ bookingStatus: 'cancelled', paymentStatus: 'failed', cancelledAt: ctx.now, updatedAt: ctx.now }).where(and(eq(bookings.id, bookingId), eq(bookings.bookingStatus, 'pending'))).returning();
  if (b) await freePlace(tx, b.pickupDate, b.pickupTime);
  await reportIssue(tx, s, date, `the card on file refused the hold (${message ?? 'declined'})`, ctx);
}

/**
 * The occurrences whose hold the gateway did not answer while this job waited, finished since by
 * the recovery job (operations.service): one held is told like any other (its confirmation, once:
 * the outbox's dedupe key), one refused is cancelled and reported. Each round looks again.
 */
async function settleRecoveredHolds(db: Db, ctx: OccurrenceContext): Promise<{ made: number; issues: number }> {
  const today = nowIn(ctx.timeZone, ctx.now).date;
  const held = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(paymentOperations, and(eq(paymentOperations.bookingId, bookings.id), eq(paymentOperations.kind, 'authorize_off_session')))
    .where(
      and(
        isNotNull(bookings.seriesId),
        eq(bookings.bookingStatus, 'confirmed'),
        eq(paymentOperations.status, 'succeeded'),
        gte(bookings.pickupDate, today),
        sql`not exists (select 1 from ${outbox} where ${outbox.dedupeKey} = 'booking-confirmed:' || ${bookings.id}::text)`,
      ),
    )
    .limit(100);
  for (const b of held) await db.transaction((tx) => queueBookingConfirmed(tx, b.id, ctx.notify));
  const refused = await db
    .select({ booking: bookings, series: pickupSeries, message: paymentOperations.error })
    .from(bookings)
    .innerJoin(pickupSeries, eq(pickupSeries.id, bookings.seriesId))
    .innerJoin(paymentOperations, and(eq(paymentOperations.bookingId, bookings.id), eq(paymentOperations.kind, 'authorize_off_session')))
    .where(and(eq(bookings.bookingStatus, 'pending'), eq(paymentOperations.status, 'failed')))
    .limit(100);
  for (const r of refused) await db.transaction((tx) => refuseOccurrence(tx, r.series, r.booking.pickupDate, r.booking.id, r.message, ctx));
  return { made: held.length, issues: refused.length };
}

function holdRequest(s: Series, amountCents: number, description: string) {
  return { kind: 'authorize_off_session' as const, customerId: s.stripeCustomerId, paymentMethodId: s.stripePaymentMethodId, amountCents, description };
}

async function claimNext(tx: Tx, today: string, ctx: OccurrenceContext): Promise<Made | null> {
  const [s] = await tx
    .select()
    .from(pickupSeries)
    .where(and(eq(pickupSeries.status, 'active'), lte(pickupSeries.nextDate, addDays(today, seriesLeadDays))))
    .orderBy(asc(pickupSeries.nextDate))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!s || !isDue(s.nextDate, today)) return null;
  const date = s.nextDate;
  await tx.update(pickupSeries).set({ nextDate: addDays(date, 7 * s.everyWeeks), updatedAt: ctx.now }).where(eq(pickupSeries.id, s.id));
  // a day already past (the server was down): too late for it, the series goes on
  if (date <= today) return { series: s, date, issue: 'it was too close to make in time' };
  // the schedule and prices as the settings have them now (decision 055)
  const { schedule, prices } = (await readSettings(tx)).settings;
  if (!schedule.serviceWeekdays.includes(isoWeekday(date))) return { series: s, date, issue: 'we no longer pick up on that day of the week' };
  if (schedule.closedDates.includes(date)) return { series: s, date, issue: 'we are closed that day' };
  if (!offeredWindow(s.pickupTime, schedule.pickupWindows)) return { series: s, date, issue: 'we no longer offer that pick-up window' };
  if (!(await claimPlace(tx, date, s.pickupTime, schedule.capacityPerWindow))) return { series: s, date, issue: 'that window is full' };
  const order = s.order as SeriesOrder;
  // the series' price: the bags and add-ons at today's rates, no promo code (they are for one booking)
  const priceList = priceListOf(prices);
  const quote = quoteBooking({ bagQuantity: order.bagQuantity, extras: pickExtras(order), promo: null, priceList });
  const [booking] = await tx
    .insert(bookings)
    .values({
      ...order,
      phone: normalisePhone(order.phone),
      pickupDate: date,
      pickupTime: s.pickupTime,
      termsAccepted: true,
      emailKey: s.emailKey,
      phoneKey: s.phoneKey,
      seriesId: s.id,
      priceList,
      pricePerPoundCents: priceList.perPoundCents,
      subtotalCents: quote.subtotalCents,
      totalAmount: quote.totalCents,
      originalTotalAmount: quote.totalCents,
      stripeCustomerId: s.stripeCustomerId,
      stripePaymentMethodId: s.stripePaymentMethodId,
    })
    .onConflictDoNothing()
    .returning({ id: bookings.id });
  if (!booking) {
    // made already (by an earlier run that then failed to move the date on): the place goes back
    await freePlace(tx, date, s.pickupTime);
    return null;
  }
  const holdKey = `series-hold:${booking.id}`;
  await queueOperation(tx, { key: holdKey, bookingId: booking.id, request: holdRequest(s, quote.totalCents, `Regular laundry pick-up ${formatLongDate(date)} (estimate)`) });
  return { series: s, date, bookingId: booking.id, holdKey, amountCents: quote.totalCents };
}

async function reportIssue(tx: Tx, s: Series, date: string, reason: string, ctx: OccurrenceContext) {
  const issue = `No pick-up on ${formatLongDate(date)}: ${reason}.`;
  await tx.update(pickupSeries).set({ lastIssue: issue, lastIssueAt: ctx.now, updatedAt: ctx.now }).where(eq(pickupSeries.id, s.id));
  await recordAudit(tx, null, { action: 'series.occurrence_missed', targetType: 'booking', targetId: s.startedFrom, after: { seriesId: s.id, date, reason } });
  const order = s.order as SeriesOrder;
  await queueEmail(
    tx,
    'seriesIssue',
    { name: order.name, label: seriesLabel(s), issue, manageUrl: seriesManageUrl(ctx.notify.publicUrl, ctx.notify.secret, s.id), bookUrl: `${ctx.notify.publicUrl}/book` },
    { to: order.email, dedupeKey: `series-issue:${s.id}:${date}`, bookingId: null },
  );
}
