// The signed-in customer's orders (docs/design.md 9: /orders, their own orders only; decision 021):
// upcoming and past, each with its status and money in the customer's words, its invoice link
// once weighed and its cancel link while it can still be cancelled, and the details and
// preferences of the next pick-up (decision 022). Only bookings under the session's email or
// phone key are ever read.
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { fileEndpoints } from '../../shared/endpoints-files';
import { missedPickupReasonLabels, noShowFeeNote, stopPhotoKinds, stopPhotoLabels, type MissedPickupReason, type NoShowFeeOutcome, type StopPhotoKind } from '../../shared/stops';
import { readStopPhoto, stopPhotoTimes, type StopPhotoTimes } from '../booking-records/stop-photos';
import type { FileStore } from '../gateways/files/file-store';
import { pickupWindowLabel } from '../../shared/business';
import { confirmationNumber } from '../../shared/booking-values';
import { customerMoneyLabel, customerStatusLabel } from '../../shared/customer-order-words';
import { formatLongDate } from '../../shared/dates';
import { orderTimeline, type ProgressStage } from '../../shared/order-progress';
import { formatPhone } from '../../shared/phone';
import { customerDetailsOf } from '../../shared/customer-details';
import type { CustomerDetails, CustomerOrder, CustomerOrders } from '../../shared/schemas/customer-orders';
import { cancellationCutoff, cancelUrl, type CutoffRules } from '../booking-records/cancel-link';
import { invoiceUrl } from '../booking-records/invoice-link';
import { ratingUrl } from '../booking-records/rating-link';
import { stagesReached } from '../booking-records/progress-stages';
import type { Db } from '../db/client';
import { bookingRatings, bookings, missedPickups, pickupSeries } from '../db/schema';
import { domainError } from '../error-catalogue';
import { customerSeries } from '../series/series.service';
import { addressesOf, hasOpenBilling, cutoffRules, deliveryChoicesFor, isChangeable, keepsDataOpen } from './order-rules';
import { deliveryLabel, dueBackOf, shortDeliveryLabel, type DeliverySchedule } from '../../shared/due-back';
import { deliverySchedule, readSettings } from '../settings/settings.service';
import { customerBookings, customerOwns, type CustomerKey } from './sign-in.service';

export type OrdersContext = { publicUrl: string; secret: string; timeZone: string; now: Date };

type Booking = typeof bookings.$inferSelect;

/** At most this many orders on the page, the newest first (a household books weekly: years of them). */
const ordersShown = 100;

export async function listCustomerOrders(db: Db, key: CustomerKey, ctx: OrdersContext): Promise<CustomerOrders> {
  const rows = await readBookings(db, customerBookings(key));
  const reached = await stagesReached(db, rows);
  const started = await seriesStartedFrom(db, rows);
  const cut = await cutoffRules(db, ctx);
  const delivery = deliverySchedule(await readSettings(db));
  const stops = await orderStops(db, rows);
  const orders = rows.map((b) => customerOrder(b, reached.get(b.id)!, started, ctx, cut, delivery, stops));
  const latest = rows[0];
  return {
    signedInAs: key.emailKey ?? formatPhone(latest?.phone ?? key.phoneKey!),
    // the next pick-up first; past orders the most recent first
    upcoming: orders.filter((o) => o.upcoming).sort((a, b) => (a.pickupDate + a.pickupTime).localeCompare(b.pickupDate + b.pickupTime)),
    past: orders.filter((o) => !o.upcoming),
    details: detailsOf(rows.filter((b) => isChangeable(b, ctx.now, cut)).at(-1) ?? latest),
    detailsEditable: rows.some((b) => isChangeable(b, ctx.now, cut)),
    canErase: rows.length > 0 && !rows.some(keepsDataOpen) && !(await hasOpenBilling(db, addressesOf(rows, key).emails)),
    series: await customerSeries(db, key, ctx),
  };
}

/** The details and preferences an order was booked with (what the details form starts from). */
function detailsOf(b: Booking | undefined): CustomerDetails | null {
  return b ? customerDetailsOf(b) : null;
}

/** One of the customer's own orders; any other id (another customer's, or none) is not found. */
export async function getCustomerOrder(db: Db, key: CustomerKey, bookingId: string, ctx: OrdersContext): Promise<{ order: CustomerOrder }> {
  const [booking] = await readBookings(db, customerOwns(key, bookingId)!);
  if (!booking) throw domainError('order_not_found');
  const reached = (await stagesReached(db, [booking])).get(booking.id)!;
  return { order: customerOrder(booking, reached, await seriesStartedFrom(db, [booking]), ctx, await cutoffRules(db, ctx), deliverySchedule(await readSettings(db)), await orderStops(db, [booking])) };
}

/** A photo of one of the customer's own orders; any other order is not found. */
export async function customerStopPhoto(db: Db, files: FileStore, key: CustomerKey, bookingId: string, kind: StopPhotoKind) {
  const [booking] = await db.select({ id: bookings.id }).from(bookings).where(customerOwns(key, bookingId)!);
  if (!booking) throw domainError('order_not_found');
  return readStopPhoto(db, files, booking.id, kind);
}

function readBookings(db: Db, where: SQL) {
  return db.select().from(bookings).where(where).orderBy(desc(bookings.pickupDate), desc(bookings.createdAt)).limit(ordersShown);
}

/** Which of these orders a regular pick-up was started from (decision 024). */
async function seriesStartedFrom(db: Db, rows: readonly Booking[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const found = await db
    .select({ id: pickupSeries.startedFrom })
    .from(pickupSeries)
    .where(
      inArray(
        pickupSeries.startedFrom,
        rows.map((b) => b.id),
      ),
    );
  return new Set(found.map((r) => r.id));
}

type OrderStops = { photos: Map<string, StopPhotoTimes>; missed: Map<string, typeof missedPickups.$inferSelect>; ratings: Map<string, number> };

/** The photos taken at the orders' doors and their missed pick-ups staff confirmed (decision 057), and the stars each was rated (decision 063). */
async function orderStops(db: Db, rows: readonly Booking[]): Promise<OrderStops> {
  const ids = rows.map((b) => b.id);
  if (ids.length === 0) return { photos: new Map(), missed: new Map(), ratings: new Map() };
  const [photos, missed, ratings] = await Promise.all([
    stopPhotoTimes(db, ids),
    db
      .select()
      .from(missedPickups)
      .where(and(inArray(missedPickups.bookingId, ids), eq(missedPickups.status, 'confirmed'))),
    db.select({ bookingId: bookingRatings.bookingId, stars: bookingRatings.stars }).from(bookingRatings).where(inArray(bookingRatings.bookingId, ids)),
  ]);
  return { photos, missed: new Map(missed.map((m) => [m.bookingId, m])), ratings: new Map(ratings.map((r) => [r.bookingId, r.stars])) };
}

function missedPickupOf(m: typeof missedPickups.$inferSelect | undefined): CustomerOrder['missedPickup'] {
  if (!m || m.feeOutcome === null) return null;
  const found = missedPickupReasonLabels[m.reason as MissedPickupReason];
  return { label: `Missed pick-up: ${found.toLowerCase()}`, note: noShowFeeNote(m.feeOutcome as NoShowFeeOutcome, m.feeCents ?? 0) };
}

function customerOrder(
  b: Booking,
  reached: Partial<Record<ProgressStage, string>>,
  seriesStarted: ReadonlySet<string>,
  ctx: OrdersContext,
  cut: CutoffRules,
  delivery: DeliverySchedule,
  stops: OrderStops,
): CustomerOrder {
  const photos = stops.photos.get(b.id) ?? {};
  const planned = dueBackOf(b);
  const open = b.bookingStatus === 'pending' || b.bookingStatus === 'confirmed';
  const cancellable = open && ctx.now < cancellationCutoff(b.pickupDate, b.pickupTime, cut);
  const changeable = isChangeable(b, ctx.now, cut);
  return {
    id: b.id,
    confirmation: confirmationNumber(b.id),
    pickupDate: b.pickupDate,
    pickupTime: b.pickupTime,
    pickupLabel: `${formatLongDate(b.pickupDate)}, ${pickupWindowLabel(b.pickupTime)}`,
    address: `${b.address}, ${b.city} ${b.zipCode}`,
    bags: b.bagQuantity,
    dueBackLabel: planned && b.bookingStatus !== 'cancelled' ? deliveryLabel(planned) : null,
    deliveryChoices: deliveryChoicesFor(b, reached.picked_up, ctx.now, delivery).map((w) => ({ ...w, label: shortDeliveryLabel(w), current: w.date === planned?.date && w.time === planned.time })),
    status: b.bookingStatus,
    statusLabel: stops.missed.has(b.id) ? 'Missed pick-up' : customerStatusLabel(b.bookingStatus, b.progress),
    // upcoming: not yet back home (and not cancelled)
    upcoming: b.bookingStatus !== 'delivered' && b.bookingStatus !== 'cancelled',
    moneyLabel: customerMoneyLabel(b),
    estimateCents: b.originalTotalAmount ?? b.totalAmount,
    finalTotalCents: b.finalTotalAmount,
    tipCents: b.tipAmount,
    amountDueCents: b.amountDueCents,
    weightTenths: b.actualWeightTenths,
    // the customer's own links: these are theirs to see (docs/design.md 9, one-time links)
    invoiceUrl: b.bookingStatus === 'cancelled' ? null : invoiceUrl(ctx.publicUrl, ctx.secret, b, ctx.now),
    cancelUrl: cancellable ? cancelUrl(ctx.publicUrl, ctx.secret, b.id) : null,
    // decision 063: the rating page, once its delivery email went out (the link it carries)
    rateUrl: b.deliveryConfirmationSent ? ratingUrl(ctx.publicUrl, ctx.secret, b.id, ctx.now) : null,
    ratedStars: stops.ratings.get(b.id) ?? null,
    canReschedule: changeable,
    canRepeat:
      b.bookingStatus !== 'pending' && b.bookingStatus !== 'cancelled' && b.stripeCustomerId !== null && b.stripePaymentMethodId !== null && b.seriesId === null && !seriesStarted.has(b.id),
    timeline: orderTimeline(b, reached),
    // the customer's own order's photos, under the session's cookie path (decision 057)
    photos: stopPhotoKinds.flatMap((kind) => {
      const takenAt = photos[kind];
      return takenAt ? [{ kind, label: stopPhotoLabels[kind], takenAt, url: fileEndpoints.getOrderStopPhoto.path.replace(':id', b.id).replace(':kind', kind) }] : [];
    }),
    missedPickup: missedPickupOf(stops.missed.get(b.id)),
  };
}
