// Assigning a laundry pro to a booking, and completing the assignment when the weighing is
// processed (spec: back-office 2 "Laundry Pro" dropdown, 4 assignment states, 9 payout rules;
// docs/design.md 5.7). One assignment per booking (a unique booking id), moved, not duplicated, when
// staff choose another pro; a weighed booking's payout moves only when staff confirm it.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { proPayoutCents } from '../../shared/pricing';
import type { AssignedPro } from '../../shared/schemas/laundry-pros';
import { recordAudit, type Actor } from '../audit/record-audit';
import type { Db, DbOrTx, Tx } from '../db/client';
import { tipKeptSql } from '../db/money-sql';
import { bookings, laundryAssignments, laundryPros } from '../db/schema';
import { domainError } from '../error-catalogue';
import { hasPayout } from './unpaid';
import { receiptOrderNumber } from '../../shared/booking-values';
import { pickupWindowLabel } from '../../shared/business';
import { formatLongDate } from '../../shared/dates';
import { queueEmail } from '../notifications/send-email';

/** spec: back-office 2 — the pro shown on each booking, with 'Payout: $x' once the assignment is completed. */
export async function assignedPros(db: DbOrTx, bookingIds: readonly string[]): Promise<Map<string, AssignedPro>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({
      bookingId: laundryAssignments.bookingId,
      id: laundryPros.id,
      name: laundryPros.name,
      perPoundRateCents: laundryPros.perPoundRateCents,
      status: laundryAssignments.status,
      // the per-pound payout fixed at the weighing, and the tip as the customer paid it (docs/design.md 9)
      // less what refunds took of it (decision 031)
      payoutCents: sql<number>`(coalesce(${laundryAssignments.perPoundPayoutCents}, 0) + ${tipKeptSql({ tip: bookings.tipAmount, captured: bookings.capturedAmount, refunded: bookings.refundedAmount })})::int`,
    })
    .from(laundryAssignments)
    .innerJoin(laundryPros, eq(laundryPros.id, laundryAssignments.laundryProId))
    .innerJoin(bookings, eq(bookings.id, laundryAssignments.bookingId))
    .where(inArray(laundryAssignments.bookingId, [...bookingIds]));
  return new Map(rows.map((r) => [r.bookingId, { id: r.id, name: r.name, payoutCents: r.status === 'completed' ? Number(r.payoutCents) : null, perPoundRateCents: r.perPoundRateCents }]));
}

/**
 * spec: back-office 2 — the Laundry Pro dropdown. The booking row is locked while its assignment
 * changes, so two staff choosing at once leave one assignment, the later choice.
 */
export async function assignLaundryPro(
  db: Db,
  bookingId: string,
  input: { laundryProId: string | null; confirmWeighed: boolean },
  ctx: { actor: Actor; now: Date; portalUrl?: string },
): Promise<{ laundryPro: AssignedPro | null }> {
  await db.transaction(async (tx) => {
    // 'no key update': a payout writing this booking's transfer (a foreign key to it) is not held up
    // by this lock while we wait below for its pro's row, so the two cannot deadlock
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('no key update');
    if (!booking) throw domainError('booking_not_found');
    const [current] = await tx.select().from(laundryAssignments).where(eq(laundryAssignments.bookingId, bookingId));
    if ((current?.laundryProId ?? null) === input.laundryProId) return;
    if (booking.bookingStatus === 'cancelled') throw domainError('assignment_booking_cancelled');
    const weighed = booking.weightAdjustmentProcessed && booking.actualWeightTenths !== null;
    if (current) {
      // decision 018 (amended): a payout runs under its pro's row lock, so the move waits for a
      // payout of the old pro in flight and then sees its items; a payout waiting for the lock
      // then finds the booking gone from the old pro. Both pros in id order: no deadlock.
      const pros = await lockPros(tx, [current.laundryProId, input.laundryProId]);
      // a payout names this assignment: moving it would pay the booking twice
      if (await hasPayout(tx, current.id)) throw domainError('pro_already_paid', { name: pros.get(current.laundryProId)?.name ?? null });
    }
    if (input.laundryProId === null) {
      if (weighed) throw domainError('weighed_keeps_pro');
      await tx.delete(laundryAssignments).where(eq(laundryAssignments.bookingId, bookingId));
    } else {
      const [pro] = await tx.select().from(laundryPros).where(eq(laundryPros.id, input.laundryProId));
      if (!pro) throw domainError('pro_not_found');
      if (pro.status !== 'active') throw domainError('assigned_pro_inactive');
      if (weighed && current && !input.confirmWeighed) throw domainError('confirm_weighed');
      // a weighed booking's assignment is completed for the new pro at their rate
      const completion = weighed ? completedValues(booking.actualWeightTenths!, pro.perPoundRateCents, booking.weightProcessedAt ?? ctx.now) : { status: 'assigned' as const, perPoundPayoutCents: null, completedAt: null };
      await tx
        .insert(laundryAssignments)
        .values({ bookingId, laundryProId: pro.id, assignedAt: ctx.now, ...completion })
        .onConflictDoUpdate({ target: laundryAssignments.bookingId, set: { laundryProId: pro.id, assignedAt: ctx.now, ...completion } });
      // the pro hears of a job still to pick up (decision 056); the customer's contact stays in the portal
      if (booking.bookingStatus === 'confirmed' && pro.email && ctx.portalUrl) await queueJobAssigned(tx, booking, pro, ctx.portalUrl, ctx.now);
    }
    await recordAudit(tx, ctx.actor, {
      action: 'booking.laundry_pro_assigned',
      targetType: 'booking',
      targetId: bookingId,
      before: { laundryProId: current?.laundryProId ?? null, perPoundPayoutCents: current?.perPoundPayoutCents ?? null },
      after: { laundryProId: input.laundryProId, weighed },
    });
  });
  return { laundryPro: (await assignedPros(db, [bookingId])).get(bookingId) ?? null };
}

async function queueJobAssigned(tx: Tx, booking: typeof bookings.$inferSelect, pro: { id: string; name: string; email: string }, portalUrl: string, at: Date) {
  const data = {
    name: pro.name,
    orderId: receiptOrderNumber(booking.id),
    pickupLabel: `${formatLongDate(booking.pickupDate)}, ${pickupWindowLabel(booking.pickupTime)}`,
    area: `${booking.city} ${booking.zipCode}`,
    bags: `${booking.bagQuantity} ${booking.bagQuantity === 1 ? 'bag' : 'bags'}`,
    portalUrl,
  };
  await queueEmail(tx, 'proJobAssigned', data, { to: pro.email, dedupeKey: `pro-job-assigned:${booking.id}:${pro.id}:${at.getTime()}`, bookingId: booking.id });
}

/** Locks the pros' rows in id order (the order every holder of two takes them in) and answers them by id. */
async function lockPros(tx: Tx, ids: readonly (string | null)[]): Promise<Map<string, { id: string; name: string }>> {
  const locked = new Map<string, { id: string; name: string }>();
  for (const id of [...new Set(ids.filter((x): x is string => x !== null))].sort()) {
    const [pro] = await tx.select({ id: laundryPros.id, name: laundryPros.name }).from(laundryPros).where(eq(laundryPros.id, id)).for('update');
    if (pro) locked.set(pro.id, pro);
  }
  return locked;
}

function completedValues(weightTenths: number, perPoundRateCents: number, at: Date) {
  // spec: back-office 9 — actual weight x the pro's per-pound rate; the tip is the booking's
  const { perPoundCents } = proPayoutCents({ weightTenths, perPoundRateCents, tipCents: 0 });
  return { status: 'completed' as const, perPoundPayoutCents: perPoundCents, completedAt: at };
}

/**
 * spec: back-office 4 — when the weighing is processed the booking's assignment completes with its
 * per-pound payout at the pro's rate. In the weighing's own transaction; a booking with no pro
 * has nothing to complete.
 */
export async function completeAssignment(tx: Tx, booking: { id: string; weightTenths: number }, at: Date): Promise<void> {
  const [row] = await tx
    .select({ id: laundryAssignments.id, rate: laundryPros.perPoundRateCents })
    .from(laundryAssignments)
    .innerJoin(laundryPros, eq(laundryPros.id, laundryAssignments.laundryProId))
    .where(and(eq(laundryAssignments.bookingId, booking.id), eq(laundryAssignments.status, 'assigned')));
  if (!row) return;
  await tx.update(laundryAssignments).set(completedValues(booking.weightTenths, row.rate, at)).where(eq(laundryAssignments.id, row.id));
}

/**
 * Decision 034: a corrected weighing moves the completed assignment's per-pound payout to the new
 * weight, in the correction's own transaction, under its pro's row lock (the lock a payout runs
 * under, decision 018), so a payout either came first and the correction is refused, or comes
 * after and pays the corrected amount. Answers the pro's name when a payout already paid (or is
 * paying) the assignment, and then changes nothing; null otherwise (no pro is also null).
 */
export async function reweighAssignment(tx: Tx, booking: { id: string; weightTenths: number }): Promise<{ paidPro: string } | null> {
  const [row] = await tx.select().from(laundryAssignments).where(eq(laundryAssignments.bookingId, booking.id));
  if (!row) return null;
  const pros = await lockPros(tx, [row.laundryProId]);
  if (await hasPayout(tx, row.id)) return { paidPro: pros.get(row.laundryProId)?.name ?? 'Its laundry pro' };
  if (row.status !== 'completed') return null;
  const [pro] = await tx.select({ rate: laundryPros.perPoundRateCents }).from(laundryPros).where(eq(laundryPros.id, row.laundryProId));
  if (!pro) return null;
  const { perPoundPayoutCents } = completedValues(booking.weightTenths, pro.rate, row.completedAt ?? new Date());
  await tx.update(laundryAssignments).set({ perPoundPayoutCents }).where(eq(laundryAssignments.id, row.id));
  return null;
}

/** Decision 034: the name of the pro a payout paid (or is paying) for this booking, or null. */
export async function paidProOf(db: DbOrTx, bookingId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: laundryAssignments.id, name: laundryPros.name })
    .from(laundryAssignments)
    .innerJoin(laundryPros, eq(laundryPros.id, laundryAssignments.laundryProId))
    .where(eq(laundryAssignments.bookingId, bookingId));
  return row && (await hasPayout(db, row.id)) ? row.name : null;
}
