// A payout as staff and the pro read it (spec: back-office 3 "payout record"; decision 018): the
// orders it covers and each transfer's state, which is its payment operation's (the gateway's
// word): pending until the gateway answers, paid, or failed with the gateway's reason.
import { desc, eq, inArray } from 'drizzle-orm';
import { receiptOrderNumber } from '../../shared/booking-values';
import { paidPayoutCents } from '../../shared/pricing-payouts';
import type { Payout, PayoutStatus } from '../../shared/schemas/laundry-pros';
import type { DbOrTx } from '../db/client';
import { laundryAssignments, paymentOperations, payoutItems, payouts } from '../db/schema';

type ItemStatus = Payout['orders'][number]['status'];

function itemStatus(op: string | null): ItemStatus {
  if (op === 'succeeded') return 'paid';
  if (op === 'failed') return 'failed';
  return 'pending';
}

/** An order paid by several transfers: pending while any is, paid when all are, else failed (its failed part is unpaid again). */
function orderStatus(parts: readonly ItemStatus[]): ItemStatus {
  if (parts.some((s) => s === 'pending')) return 'pending';
  return parts.every((s) => s === 'paid') ? 'paid' : 'failed';
}

function payoutStatus(items: readonly ItemStatus[]): PayoutStatus {
  if (items.some((s) => s === 'pending')) return 'processing';
  if (items.every((s) => s === 'paid')) return 'paid';
  if (items.every((s) => s === 'failed')) return 'failed';
  return 'partly_paid';
}

/** The payouts with these ids, or the pro's (newest first), each with its orders. */
export async function payoutViews(db: DbOrTx, by: { payoutIds: string[] } | { proId: string; limit?: number }): Promise<Payout[]> {
  const rows =
    'payoutIds' in by
      ? by.payoutIds.length === 0
        ? []
        : await db.select().from(payouts).where(inArray(payouts.id, by.payoutIds))
      : await db
          .select()
          .from(payouts)
          .where(eq(payouts.laundryProId, by.proId))
          .orderBy(desc(payouts.createdAt), desc(payouts.id))
          .limit(by.limit ?? 200);
  if (rows.length === 0) return [];
  const items = await db
    .select({ item: payoutItems, bookingId: laundryAssignments.bookingId, opStatus: paymentOperations.status, opError: paymentOperations.error })
    .from(payoutItems)
    .innerJoin(laundryAssignments, eq(laundryAssignments.id, payoutItems.assignmentId))
    .leftJoin(paymentOperations, eq(paymentOperations.idempotencyKey, payoutItems.operationKey))
    .where(
      inArray(
        payoutItems.payoutId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(payoutItems.id);
  return rows.map((p) => {
    const mine = items.filter((i) => i.item.payoutId === p.id);
    const transfers = mine.map(({ item, bookingId, opStatus }) => ({ item, bookingId, amountCents: item.amountCents, status: itemStatus(opStatus) }));
    // one order per assignment, whose transfers may be split across its booking's charges (decision 018)
    const orders: Payout['orders'] = [];
    for (const assignmentId of [...new Set(transfers.map((x) => x.item.assignmentId))]) {
      const parts = transfers.filter((x) => x.item.assignmentId === assignmentId);
      const sum = (f: (x: (typeof parts)[number]) => number) => parts.reduce((total, x) => total + f(x), 0);
      orders.push({
        assignmentId,
        bookingId: parts[0]!.bookingId,
        orderId: receiptOrderNumber(parts[0]!.bookingId),
        perPoundCents: sum((x) => x.item.perPoundCents),
        tipCents: sum((x) => x.item.tipCents),
        amountCents: sum((x) => x.item.amountCents),
        status: orderStatus(parts.map((x) => x.status)),
      });
    }
    const failure = mine.find((i) => i.opStatus === 'failed')?.opError ?? null;
    const statuses = transfers.map((x) => x.status);
    return {
      id: p.id,
      createdAt: p.createdAt.toISOString(),
      amountCents: p.amountCents,
      paidCents: paidPayoutCents(transfers),
      status: payoutStatus(statuses),
      failure: failure ? failure : null,
      orders,
    };
  });
}
