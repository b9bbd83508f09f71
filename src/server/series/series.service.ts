// Recurring pick-ups (decision 024): a customer repeats a booked order every one or two weeks on
// the same weekday and window, from its confirmation page or their orders; they skip the next
// one, pause, resume or stop it from the link in every series email and reminder (their secret,
// like the cancel link) or from their orders. Each change is audited as the customer's.
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { formatLongDate, nowIn } from '../../shared/dates';
import { confirmationNumber } from '../../shared/booking-values';
import { firstSeriesDate, seriesLabel, seriesStatusLabels, type SeriesEveryWeeks } from '../../shared/series';
import type { SeriesAction, SeriesView } from '../../shared/schemas/series';
import { recordAudit } from '../audit/record-audit';
import { cancelUrl } from '../booking-records/cancel-link';
import { seriesManageUrl, verifySeriesToken } from '../booking-records/series-link';
import { cancelBookingBeforeCutoff, type CancellationContext } from '../bookings/cancellation.service';
import type { Db } from '../db/client';
import { bookings, pickupSeries } from '../db/schema';
import { domainError } from '../error-catalogue';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { queueEmail } from '../notifications/send-email';
import { checkoutSubject } from '../payments/checkout-purposes';
import { verifySignedToken } from '../signed-token';

type Booking = typeof bookings.$inferSelect;
type Series = typeof pickupSeries.$inferSelect;
export type SeriesContext = { publicUrl: string; secret: string; timeZone: string; now: Date; ip: string | null };

/** The fields of a booking each occurrence repeats (all but its day, window and money). */
const orderFields = [
  'name', 'email', 'phone', 'address', 'city', 'zipCode', 'pickupLocation', 'specialInstructions', 'bagQuantity', 'waterTemperature', 'detergentType',
  'hasDelicates', 'hasStainedItems', 'containsSportsUniforms', 'allergies', 'specialCareInstructions', 'rushDelivery', 'hangDriedDelicates', 'oxiClean',
  'stainTreatment', 'sportsUniformsCount', 'blanketsQueenCount', 'blanketsKingCount', 'mattressPadsQueenCount', 'mattressPadsKingCount', 'smsConsent',
] as const satisfies readonly (keyof Booking)[];
export type SeriesOrder = Pick<Booking, (typeof orderFields)[number]>;

export function seriesOrderOf(b: Booking): SeriesOrder {
  return Object.fromEntries(orderFields.map((f) => [f, b[f]])) as SeriesOrder;
}

/**
 * Starts a series from a booked order: it needs the card saved with it (each occurrence holds its
 * estimate on that card) and no series already started from it. The first occurrence is the same
 * weekday one or two weeks after it, still ahead.
 */
export async function startSeries(db: Db, booking: Booking, everyWeeks: SeriesEveryWeeks, ctx: SeriesContext): Promise<{ series: SeriesView }> {
  if (booking.bookingStatus === 'pending' || booking.bookingStatus === 'cancelled') throw domainError('series_needs_booking');
  if (!booking.stripeCustomerId || !booking.stripePaymentMethodId) throw domainError('series_needs_card');
  const today = nowIn(ctx.timeZone, ctx.now).date;
  const series = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(pickupSeries)
      .values({
        startedFrom: booking.id,
        emailKey: booking.emailKey,
        phoneKey: booking.phoneKey,
        order: seriesOrderOf(booking),
        everyWeeks,
        pickupTime: booking.pickupTime,
        nextDate: firstSeriesDate(booking.pickupDate, everyWeeks, today),
        stripeCustomerId: booking.stripeCustomerId!,
        stripePaymentMethodId: booking.stripePaymentMethodId!,
      })
      .onConflictDoNothing()
      .returning();
    if (!made) throw domainError('series_exists');
    await recordAudit(tx, null, { action: 'series.started', targetType: 'booking', targetId: booking.id, after: { seriesId: made.id, everyWeeks, nextDate: made.nextDate, by: 'customer' }, ip: ctx.ip });
    await queueEmail(
      tx,
      'seriesStarted',
      { name: booking.name, label: seriesLabel(made), firstLabel: formatLongDate(made.nextDate), manageUrl: seriesManageUrl(ctx.publicUrl, ctx.secret, made.id) },
      { to: booking.email, dedupeKey: `series-started:${made.id}`, bookingId: booking.id },
    );
    return made;
  });
  return { series: await seriesView(db, series, ctx) };
}

/** The series as its customer sees it: when, its state, the next booked occurrence and its links. */
export async function seriesView(db: Db, s: Series, ctx: Pick<SeriesContext, 'publicUrl' | 'secret' | 'timeZone' | 'now'>): Promise<SeriesView> {
  const today = nowIn(ctx.timeZone, ctx.now).date;
  const [next] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.seriesId, s.id), gte(bookings.pickupDate, today), inArray(bookings.bookingStatus, ['pending', 'confirmed'])))
    .orderBy(asc(bookings.pickupDate))
    .limit(1);
  return {
    id: s.id,
    label: seriesLabel(s),
    status: s.status,
    statusLabel: seriesStatusLabels[s.status],
    everyWeeks: s.everyWeeks,
    nextDate: s.status === 'active' ? s.nextDate : null,
    nextLabel: s.status === 'active' ? formatLongDate(s.nextDate) : null,
    booked: next ? { id: next.id, confirmation: confirmationNumber(next.id), pickupLabel: formatLongDate(next.pickupDate), cancelUrl: cancelUrl(ctx.publicUrl, ctx.secret, next.id) } : null,
    lastIssue: s.lastIssue,
    manageUrl: seriesManageUrl(ctx.publicUrl, ctx.secret, s.id),
  };
}

export async function loadSeries(db: Db, seriesId: string): Promise<Series> {
  const [s] = await db.select().from(pickupSeries).where(eq(pickupSeries.id, seriesId));
  if (!s) throw domainError('series_not_found');
  return s;
}

/**
 * Skip the next booked occurrence (cancelled before its cut-off, its hold released), or pause,
 * resume or stop the series. Pausing and stopping make no new occurrences; one already booked
 * stays booked (skip it to cancel it). Resuming starts again from the next date still ahead.
 */
export async function actOnSeries(db: Db, gateway: PaymentGateway, seriesId: string, action: SeriesAction, ctx: SeriesContext & { cancellation: CancellationContext }) {
  const s = await loadSeries(db, seriesId);
  if (action === 'skip') {
    const view = await seriesView(db, s, ctx);
    if (!view.booked) throw domainError('series_nothing_to_skip');
    await cancelBookingBeforeCutoff(db, gateway, view.booked.id, ctx.cancellation);
    return { series: await seriesView(db, s, ctx), message: `Skipped: no pick-up on ${view.booked.pickupLabel}. Nothing was charged.` };
  }
  if (s.status === 'stopped') throw domainError('series_stopped');
  const status = action === 'pause' ? 'paused' : action === 'resume' ? 'active' : 'stopped';
  if (s.status === status) return { series: await seriesView(db, s, ctx), message: messages[action] };
  const today = nowIn(ctx.timeZone, ctx.now).date;
  // resumed: from the series' next date still ahead, not the ones missed while paused
  const nextDate = action === 'resume' && s.nextDate <= today ? firstSeriesDate(s.nextDate, s.everyWeeks, today) : s.nextDate;
  const [updated] = await db.transaction(async (tx) => {
    const rows = await tx.update(pickupSeries).set({ status, nextDate, updatedAt: ctx.now }).where(and(eq(pickupSeries.id, s.id), eq(pickupSeries.status, s.status))).returning();
    if (rows.length) await recordAudit(tx, null, { action: auditActions[status], targetType: 'booking', targetId: s.startedFrom, before: { status: s.status }, after: { seriesId: s.id, status, by: 'customer' }, ip: ctx.ip });
    return rows;
  });
  return { series: await seriesView(db, updated ?? (await loadSeries(db, seriesId)), ctx), message: messages[action] };
}

/** The audit log's action of each status a series is moved to. */
const auditActions = { active: 'series.resumed', paused: 'series.paused', stopped: 'series.stopped' } as const;

const messages: Record<Exclude<SeriesAction, 'skip'>, string> = {
  pause: 'Paused: no new pick-ups until you resume. A pick-up already booked stays booked.',
  resume: 'Resumed: your regular pick-ups are back on.',
  stop: 'Stopped: no more regular pick-ups. A pick-up already booked stays booked.',
};

/**
 * Starts a series from its confirmation page, which holds the booking's own credential: the
 * booking's signed token (the free path) or the checkout session it was paid with. Anything else
 * is not found, as the page itself answers.
 */
export async function startSeriesFromConfirmation(
  db: Db,
  input: { bookingId: string; everyWeeks: SeriesEveryWeeks; token?: string | undefined; sessionId?: string | undefined },
  ctx: SeriesContext,
) {
  const byToken = verifySignedToken(ctx.secret, 'view-booking', input.bookingId, input.token);
  const bySession = !byToken && input.sessionId ? (await checkoutSubject(db, input.sessionId, 'booking_authorisation')) === input.bookingId : false;
  if (!byToken && !bySession) throw domainError('booking_not_found');
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, input.bookingId));
  if (!booking) throw domainError('booking_not_found');
  return startSeries(db, booking, input.everyWeeks, ctx);
}

/** The series' page, with its link's token. */
export async function getSeriesWithToken(db: Db, seriesId: string, token: string, ctx: SeriesContext) {
  if (!verifySeriesToken(ctx.secret, seriesId, token)) throw domainError('series_not_found');
  return { series: await seriesView(db, await loadSeries(db, seriesId), ctx) };
}

/** An action from the series' page, with its link's token. */
export async function actOnSeriesWithToken(db: Db, gateway: PaymentGateway, seriesId: string, input: { token: string; action: SeriesAction }, ctx: SeriesContext & { cancellation: CancellationContext }) {
  if (!verifySeriesToken(ctx.secret, seriesId, input.token)) throw domainError('series_not_found');
  return actOnSeries(db, gateway, seriesId, input.action, ctx);
}

/** The customer's series (their orders page): by the key they signed in with. */
export async function customerSeries(db: Db, key: { emailKey: string | null; phoneKey: string | null }, ctx: Pick<SeriesContext, 'publicUrl' | 'secret' | 'timeZone' | 'now'>) {
  const rows = await db
    .select()
    .from(pickupSeries)
    .where(key.emailKey !== null ? eq(pickupSeries.emailKey, key.emailKey) : eq(pickupSeries.phoneKey, key.phoneKey!))
    .orderBy(asc(pickupSeries.createdAt));
  return Promise.all(rows.map((s) => seriesView(db, s, ctx)));
}
