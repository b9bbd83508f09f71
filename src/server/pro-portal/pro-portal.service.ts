// The pro portal (decision 018): a laundry pro's own jobs, earnings and payouts, read from the same
// assignments and payouts staff see, and the steps a pro records on their jobs (picked up, the
// laundry steps of decision 023, delivered), along the booking's status machine (docs/design.md 9) and only on their own jobs.
import { stringify } from 'csv-stringify/sync';
import { and, asc, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { laundryPreferences, pickupWindowLabel } from '../../shared/business';
import { pickupLocationLabels, receiptOrderNumber } from '../../shared/booking-values';
import { todayIn } from '../../shared/dates';
import { bookingStatusLabels, type BookingStatus } from '../../shared/schemas/back-office';
import type { ProJob, ProPortal, ProStep } from '../../shared/schemas/pro-portal';
import { laundryStepValues, nextLaundryStep, type LaundryStep } from '../../shared/order-progress';
import { statusMove } from '../../shared/status-machine';
import { recordAudit } from '../audit/record-audit';
import type { Db, DbOrTx } from '../db/client';
import { tipKeptSql } from '../db/money-sql';
import { bookings, laundryAssignments, laundryPros, missedPickups } from '../db/schema';
import { stopPhotoTimes, type StopPhotoTimes } from '../booking-records/stop-photos';
import type { MissedPickupReason, MissedPickupStatus } from '../../shared/stops';
import { DomainError } from '../errors';
import { domainError } from '../error-catalogue';
import { deliveryLabel, dueBackOf } from '../../shared/due-back';
import { onMyWayFor } from './on-my-way.service';
import { advanceLaundry, markPickedUp } from '../bookings/progress.service';
import { recordStage } from '../booking-records/progress-stages';
import type { NotificationContext } from '../notifications/notifications.service';
import { getLaundryPro } from '../laundry-pros/laundry-pros.service';
import { paidParts } from '../laundry-pros/unpaid';
import { payoutViews } from '../payouts/payout-views';
import { dollarsText, poundsText } from '../exports/csv';
import type { ProActor } from './pro-guard';
import { readSettings } from '../settings/settings.service';
import { formatPhone, phoneHref } from '../../shared/phone';

type BookingRow = typeof bookings.$inferSelect;

type StatusStep = Exclude<ProStep, LaundryStep>;

/** The booking status each status step moves to, and the one it moves from. */
const steps: Record<StatusStep, { from: BookingStatus; to: BookingStatus; action: 'booking.pro_picked_up' | 'booking.pro_delivered'; refused: (now: BookingStatus) => string }> = {
  picked_up: { from: 'confirmed', to: 'in-progress', action: 'booking.pro_picked_up', refused: (now) => `This order is ${bookingStatusLabels[now]}: only a confirmed pick-up can be marked picked up.` },
  delivered: { from: 'completed', to: 'delivered', action: 'booking.pro_delivered', refused: (now) => `This order is ${bookingStatusLabels[now]}: it can be marked delivered once it is weighed and completed.` },
};

const isLaundryStep = (step: ProStep): step is LaundryStep => (laundryStepValues as readonly string[]).includes(step);

/** The one step the job's button offers: picked up, the next laundry step, then delivered. */
function nextStep(b: BookingRow): ProStep | null {
  if (b.bookingStatus === 'confirmed') return 'picked_up';
  // weighed: the pro's next steps are the way back (decision 056: at most three taps a stop); washing
  // and ready stay open to record, not asked of them
  if (b.bookingStatus === 'completed') return b.progress === 'out_for_delivery' ? 'delivered' : 'out_for_delivery';
  if (b.bookingStatus !== 'in-progress') return null;
  return nextLaundryStep(b);
}

function preferences(b: BookingRow): string[] {
  const label = (list: readonly { value: string; label: string }[], value: string) => list.find((o) => o.value === value)?.label ?? value;
  const lines = [`Water: ${label(laundryPreferences.waterTemperatures, b.waterTemperature)}`, label(laundryPreferences.detergents, b.detergentType)];
  if (b.fabricSoftener) lines.push('Fabric softener');
  if (b.hasDelicates) lines.push('Has delicates');
  if (b.hangDriedDelicates) lines.push('Hang-dried delicates');
  if (b.hasStainedItems) lines.push('Has stained items');
  if (b.stainTreatment) lines.push('Stain treatment');
  if (b.oxiClean) lines.push('Oxi-clean boost');
  if (b.containsSportsUniforms) lines.push('Sports uniforms');
  if (b.rushDelivery) lines.push('24-hr rush delivery');
  return lines;
}

/** The business's state code as the settings have it (decision 055), for the addresses a pro reads and maps. */
async function stateCodeOf(db: DbOrTx): Promise<string> {
  return (await readSettings(db)).settings.business.stateCode;
}

function toJob(assignmentId: string, b: BookingRow, stateCode: string, extras: JobExtras): ProJob {
  const photos = extras.photos.get(b.id) ?? {};
  const missed = extras.missed.get(b.id) ?? null;
  const address = [b.address, b.city, `${stateCode} ${b.zipCode}`].filter(Boolean).join(', ');
  return {
    assignmentId,
    orderId: receiptOrderNumber(b.id),
    customerName: b.name,
    // the customer is called before the pick-up (spec: customer-site 1): the pro of the job may call
    customerPhone: formatPhone(b.phone),
    customerPhoneHref: phoneHref(b.phone),
    address,
    mapUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`,
    pickupDate: b.pickupDate,
    pickupTime: pickupWindowLabel(b.pickupTime),
    pickupLocation: pickupLocationLabels[b.pickupLocation as keyof typeof pickupLocationLabels] ?? b.pickupLocation,
    dueBack: dueBackOf(b) && deliveryLabel(dueBackOf(b)!),
    bagQuantity: b.bagQuantity,
    preferences: preferences(b),
    allergies: b.allergies,
    specialInstructions: b.specialInstructions,
    specialCareInstructions: b.specialCareInstructions,
    bookingStatus: b.bookingStatus,
    onMyWay: missed ? null : onMyWayFor(b),
    // a reported missed pick-up waits for staff: nothing to record until they decide
    nextStep: missed?.status === 'reported' ? null : nextStep(b),
    photos: { pickup: photos.pickup ?? null, delivery: photos.delivery ?? null, no_show: photos.no_show ?? null },
    photoAsked: b.bookingStatus === 'confirmed' && !missed ? 'pickup' : b.bookingStatus === 'completed' && b.progress === 'out_for_delivery' ? 'delivery' : null,
    missedPickup: missed,
    canReportMissed: b.bookingStatus === 'confirmed' && !missed,
  };
}

type JobExtras = { photos: Map<string, StopPhotoTimes>; missed: Map<string, NonNullable<ProJob['missedPickup']>> };

/** The photos and missed pick-ups of the jobs' bookings (decision 057). */
async function jobExtras(db: DbOrTx, bookingIds: string[]): Promise<JobExtras> {
  // one after another: `db` may be a transaction, whose one connection takes one query at a time
  const photos = await stopPhotoTimes(db, bookingIds);
  const missed = bookingIds.length ? await db.select().from(missedPickups).where(inArray(missedPickups.bookingId, bookingIds)) : [];
  return { photos, missed: new Map(missed.map((m) => [m.bookingId, { reason: m.reason as MissedPickupReason, status: m.status as MissedPickupStatus }])) };
}

/** One job as the pro sees it now, read afresh. */
export async function proJobOf(db: DbOrTx, assignmentId: string, b: BookingRow): Promise<ProJob> {
  return toJob(assignmentId, b, await stateCodeOf(db), await jobExtras(db, [b.id]));
}

/** Completed assignments with what each earned and what payouts have not paid yet, summed by the database. */
function earningsQuery(db: Db, proId: string, also?: SQL) {
  const paid = paidParts(db);
  const perPound = sql`coalesce(${laundryAssignments.perPoundPayoutCents}, 0)`;
  // decision 031: the tip the pro keeps once refunds are given back
  const tip = tipKeptSql({ tip: bookings.tipAmount, captured: bookings.capturedAmount, refunded: bookings.refundedAmount });
  return db
    .select({
      assignmentId: laundryAssignments.id,
      bookingId: laundryAssignments.bookingId,
      completedAt: laundryAssignments.completedAt,
      weightTenths: bookings.actualWeightTenths,
      perPoundCents: sql<number>`${perPound}::int`.as('per_pound_cents'),
      tipCents: sql<number>`${tip}::int`.as('tip_cents'),
      totalCents: sql<number>`(${perPound} + ${tip})::int`.as('total_cents'),
      paidCents: sql<number>`(coalesce(${paid.perPound}, 0) + coalesce(${paid.tip}, 0))::int`.as('paid_cents'),
      unpaidCents: sql<number>`(greatest(${perPound} - coalesce(${paid.perPound}, 0), 0) + greatest(${tip} - coalesce(${paid.tip}, 0), 0))::int`.as('unpaid_cents'),
    })
    .from(laundryAssignments)
    .innerJoin(bookings, eq(bookings.id, laundryAssignments.bookingId))
    .leftJoin(paid, eq(paid.assignmentId, laundryAssignments.id))
    .where(and(eq(laundryAssignments.laundryProId, proId), eq(laundryAssignments.status, 'completed'), also));
}

export async function proPortal(db: Db, proId: string, ctx: { now: Date; timeZone: string }): Promise<ProPortal> {
  const [pro] = await db.select().from(laundryPros).where(eq(laundryPros.id, proId));
  if (!pro) throw domainError('pro_access_only');
  const [jobs, earnings, card, years, payouts] = await Promise.all([
    db
      .select({ assignmentId: laundryAssignments.id, booking: bookings })
      .from(laundryAssignments)
      .innerJoin(bookings, eq(bookings.id, laundryAssignments.bookingId))
      .where(and(eq(laundryAssignments.laundryProId, proId), notInArray(bookings.bookingStatus, ['cancelled', 'delivered'])))
      .orderBy(asc(bookings.pickupDate), asc(bookings.pickupTime), asc(laundryAssignments.id))
      .limit(200),
    earningsQuery(db, proId).orderBy(desc(laundryAssignments.completedAt), desc(laundryAssignments.id)).limit(200),
    getLaundryPro(db, proId),
    db
      .selectDistinct({ year: sql<number>`extract(year from ${laundryAssignments.completedAt} at time zone ${ctx.timeZone})::int` })
      .from(laundryAssignments)
      .where(and(eq(laundryAssignments.laundryProId, proId), eq(laundryAssignments.status, 'completed'))),
    payoutViews(db, { proId, limit: 100 }),
  ]);
  const stateCode = await stateCodeOf(db);
  const extras = await jobExtras(db, jobs.map((j) => j.booking.id));
  return {
    pro: { name: pro.name, email: pro.email, perPoundRateCents: pro.perPoundRateCents },
    today: todayIn(ctx.timeZone, ctx.now),
    jobs: jobs.map((j) => toJob(j.assignmentId, j.booking, stateCode, extras)),
    earnings: earnings.map((e) => ({
      assignmentId: e.assignmentId,
      orderId: receiptOrderNumber(e.bookingId),
      completedAt: (e.completedAt ?? ctx.now).toISOString(),
      weightTenths: e.weightTenths ?? 0,
      perPoundCents: Number(e.perPoundCents),
      tipCents: e.tipCents,
      totalCents: Number(e.totalCents),
      unpaidCents: Number(e.unpaidCents),
    })),
    unpaid: card.unpaid,
    payouts,
    // decision 063: the pro's own figure only, read from their card: no comment, no customer
    rating: card.rating,
    statementYears: years.map((y) => Number(y.year)).sort((a, b) => b - a),
  };
}

/**
 * A step on one of the pro's own jobs: picked up (confirmed → in progress), a laundry step
 * (washing, ready, out for delivery: decision 023) or delivered (weighed and completed →
 * delivered). The same step again changes nothing; another pro's job is not found.
 */
export async function recordProStep(db: Db, actor: ProActor, assignmentId: string, step: ProStep, ctx: { now: Date; notify: NotificationContext }): Promise<{ job: ProJob }> {
  if (isLaundryStep(step)) return recordLaundryStep(db, actor, assignmentId, step, ctx);
  const move = steps[step];
  const job = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ assignmentId: laundryAssignments.id, booking: bookings })
      .from(laundryAssignments)
      .innerJoin(bookings, eq(bookings.id, laundryAssignments.bookingId))
      .where(and(eq(laundryAssignments.id, assignmentId), eq(laundryAssignments.laundryProId, actor.proId)))
      .for('update', { of: bookings });
    if (!row) throw domainError('pro_job_not_found');
    const b = row.booking;
    if (b.bookingStatus === move.to) return proJobOf(tx, row.assignmentId, b);
    if (b.bookingStatus !== move.from || !statusMove(b, move.to).allowed) throw domainError('pro_step_not_open', { message: move.refused(b.bookingStatus) });
    const [moved] = await tx.update(bookings).set({ bookingStatus: move.to, updatedAt: ctx.now }).where(and(eq(bookings.id, b.id), eq(bookings.bookingStatus, move.from))).returning();
    await recordAudit(tx, actor, { action: move.action, targetType: 'booking', targetId: b.id, before: { status: b.bookingStatus }, after: { status: move.to, laundryProId: actor.proId } });
    const planned = step === 'picked_up' ? await markPickedUp(tx, b.id, { now: ctx.now, notify: ctx.notify, tell: true }) : null;
    if (step !== 'picked_up') await recordStage(tx, b.id, 'delivered', ctx.now);
    return proJobOf(tx, row.assignmentId, { ...moved!, ...(planned ? { dueBackDate: planned.date, dueBackTime: planned.time } : {}) });
  });
  return { job };
}

async function recordLaundryStep(db: Db, actor: ProActor, assignmentId: string, step: LaundryStep, ctx: { now: Date; notify: NotificationContext }): Promise<{ job: ProJob }> {
  const own = () =>
    db
      .select({ assignmentId: laundryAssignments.id, booking: bookings })
      .from(laundryAssignments)
      .innerJoin(bookings, eq(bookings.id, laundryAssignments.bookingId))
      .where(and(eq(laundryAssignments.id, assignmentId), eq(laundryAssignments.laundryProId, actor.proId)));
  const [row] = await own();
  if (!row) throw domainError('pro_job_not_found');
  await advanceLaundry(db, row.booking.id, step, { actor, now: ctx.now, notify: ctx.notify, by: 'pro' }).catch((err: unknown) => {
    // the pro's words for a step that is not open
    if (err instanceof DomainError && err.code === 'progress_not_open') throw domainError('pro_step_not_open', { message: err.message });
    throw err;
  });
  const [after] = await own();
  return { job: await proJobOf(db, after!.assignmentId, after!.booking) };
}

/**
 * The pro's earnings statement for a calendar year (the business's time zone) as CSV, for their
 * taxes: every order completed that year with its weight, per-pound payout, tip, total and what
 * payouts have paid of it, and a total line summed by the database.
 */
export async function proStatement(db: Db, proId: string, year: number, ctx: { timeZone: string }): Promise<{ filename: string; csv: string }> {
  const [pro] = await db.select().from(laundryPros).where(eq(laundryPros.id, proId));
  if (!pro) throw domainError('pro_access_only');
  const inYear = sql`extract(year from ${laundryAssignments.completedAt} at time zone ${ctx.timeZone}) = ${year}`;
  const rows = await earningsQuery(db, proId, inYear).orderBy(asc(laundryAssignments.completedAt), asc(laundryAssignments.id));
  const totals = earningsQuery(db, proId, inYear).as('year_rows');
  const [sum] = await db
    .select({
      weightTenths: sql<number>`coalesce(sum(${totals.weightTenths}), 0)::int`,
      perPoundCents: sql<number>`coalesce(sum(${totals.perPoundCents}), 0)::int`,
      tipCents: sql<number>`coalesce(sum(${totals.tipCents}), 0)::int`,
      totalCents: sql<number>`coalesce(sum(${totals.totalCents}), 0)::int`,
      paidCents: sql<number>`coalesce(sum(${totals.paidCents}), 0)::int`,
      unpaidCents: sql<number>`coalesce(sum(${totals.unpaidCents}), 0)::int`,
    })
    .from(totals);
  const header = ['Completed', 'Order', 'Weight (lb)', 'Per-lb payout ($)', 'Tip ($)', 'Total earned ($)', 'Paid out ($)', 'Unpaid ($)'];
  const line = (r: { weightTenths: number | null; perPoundCents: number; tipCents: number; totalCents: number; paidCents: number; unpaidCents: number }, first: string[]) =>
    [...first, poundsText(r.weightTenths ?? 0), dollarsText(Number(r.perPoundCents)), dollarsText(Number(r.tipCents)), dollarsText(Number(r.totalCents)), dollarsText(Number(r.paidCents)), dollarsText(Number(r.unpaidCents))];
  const lines = [
    header,
    ...rows.map((r) => line(r, [todayIn(ctx.timeZone, r.completedAt ?? new Date()), receiptOrderNumber(r.bookingId)])),
    line(sum!, [`Total ${year}`, `${rows.length} orders`]),
  ];
  const csv = stringify(lines, { record_delimiter: 'windows', escape_formulas: true });
  const slug = pro.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'pro';
  return { filename: `washday-earnings-${year}-${slug}.csv`, csv };
}

