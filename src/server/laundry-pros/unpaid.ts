// What each completed assignment has been paid (spec: back-office 3 "payout record", 9; decision
// 018): the parts of its earnings that payout items cover, counting a transfer as paying from the
// moment it is recorded (pending) until the gateway refuses it (failed: unpaid again).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { UnpaidAssignment } from '../../shared/pricing-payouts';
import type { DbOrTx } from '../db/client';
import { tipKeptSql } from '../db/money-sql';
import { bookings, laundryAssignments, paymentOperations, payoutItems } from '../db/schema';

/** Payout items whose transfer is made or being made, per assignment. */
export function paidParts(db: DbOrTx) {
  return db
    .select({
      assignmentId: payoutItems.assignmentId,
      perPound: sql<number>`sum(${payoutItems.perPoundCents})::int`.as('paid_per_pound'),
      tip: sql<number>`sum(${payoutItems.tipCents})::int`.as('paid_tip'),
    })
    .from(payoutItems)
    .innerJoin(paymentOperations, eq(paymentOperations.idempotencyKey, payoutItems.operationKey))
    .where(inArray(paymentOperations.status, ['pending', 'succeeded']))
    .groupBy(payoutItems.assignmentId)
    .as('paid');
}

/** Each completed assignment of the pro with what it earned and what payouts paid of it. */
export async function earnedAndPaid(db: DbOrTx, proId: string): Promise<UnpaidAssignment[]> {
  const paid = paidParts(db);
  const rows = await db
    .select({
      assignmentId: laundryAssignments.id,
      bookingId: laundryAssignments.bookingId,
      perPoundCents: sql<number>`coalesce(${laundryAssignments.perPoundPayoutCents}, 0)`,
      // decision 031: a refund comes off the laundry first, off the tip only beyond it (tipKeptCents)
      tipCents: tipKeptSql({ tip: bookings.tipAmount, captured: bookings.capturedAmount, refunded: bookings.refundedAmount }),
      paidPerPoundCents: sql<number>`coalesce(${paid.perPound}, 0)`,
      paidTipCents: sql<number>`coalesce(${paid.tip}, 0)`,
    })
    .from(laundryAssignments)
    .innerJoin(bookings, eq(bookings.id, laundryAssignments.bookingId))
    .leftJoin(paid, eq(paid.assignmentId, laundryAssignments.id))
    .where(and(eq(laundryAssignments.laundryProId, proId), eq(laundryAssignments.status, 'completed')))
    .orderBy(laundryAssignments.completedAt, laundryAssignments.id);
  return rows.map((r) => ({ ...r, perPoundCents: Number(r.perPoundCents), tipCents: Number(r.tipCents), paidPerPoundCents: Number(r.paidPerPoundCents), paidTipCents: Number(r.paidTipCents) }));
}

/** Whether a payout has paid (or is paying) anything of this assignment. */
export async function hasPayout(db: DbOrTx, assignmentId: string): Promise<boolean> {
  const paid = paidParts(db);
  const [row] = await db.select({ id: paid.assignmentId }).from(paid).where(eq(paid.assignmentId, assignmentId));
  return Boolean(row);
}
