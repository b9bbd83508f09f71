// Paying a laundry pro (spec: back-office 2 'Pay Out $x' / 'No Pending Payouts', 7 process-payout,
// 9; docs/design.md 5.7, 9; decision 018). The server computes what is owed: every completed
// assignment's per-pound payout and tip, less what payouts already paid of it. Under the pro's
// row lock the payout, its items and their transfers (pending) are written in one commit, so a
// double click, a retry or two staff at once pay once; then each transfer is made with its
// idempotency key, naming the booking's charge that funds it (split across its charges when no
// one of them covers it). A transfer the gateway refuses leaves its part unpaid, with the reason.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { receiptOrderNumber } from '../../shared/booking-values';
import { formatCents } from '../../shared/money';
import { payoutTransfers, type FundingCharge } from '../../shared/pricing-payouts';
import type { LaundryPro, Payout } from '../../shared/schemas/laundry-pros';
import { recordAudit, type Actor } from '../audit/record-audit';
import type { Db, Tx } from '../db/client';
import { laundryPros, paymentOperations, payoutItems, payouts } from '../db/schema';
import { domainError } from '../error-catalogue';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { getLaundryPro } from '../laundry-pros/laundry-pros.service';
import { earnedAndPaid } from '../laundry-pros/unpaid';
import { queueEmail } from '../notifications/send-email';
import { bookingCharges, queueTransfer, transferOperationKey, transferToAccount } from '../payments/charges.service';
import { payoutViews } from './payout-views';

export type PayoutContext = { actor: Actor; now: Date };

/** piece: 1 for an assignment's first transfer in the payout, 2, 3… when it is split across charges (its own key each). */
function transferInput(t: { payoutId: string; assignmentId: string; piece: number; bookingId: string; accountId: string; amountCents: number; sourceCharge: string | null }) {
  return {
    key: t.piece === 1 ? `payout:${t.payoutId}:${t.assignmentId}` : `payout:${t.payoutId}:${t.assignmentId}:${t.piece}`,
    accountId: t.accountId,
    amountCents: t.amountCents,
    bookingId: t.bookingId,
    description: `Washday payout, order ${receiptOrderNumber(t.bookingId)}`,
    sourceTransaction: t.sourceCharge,
  };
}

/** How much of each charge earlier transfers (made or being made) named as their source. */
async function usedCharges(tx: Tx, chargeIds: string[]): Promise<Map<string, number>> {
  if (chargeIds.length === 0) return new Map();
  const rows = await tx
    .select({ charge: payoutItems.sourceCharge, used: sql<number>`sum(${payoutItems.amountCents})::int` })
    .from(payoutItems)
    .innerJoin(paymentOperations, eq(paymentOperations.idempotencyKey, payoutItems.operationKey))
    .where(and(inArray(payoutItems.sourceCharge, chargeIds), inArray(paymentOperations.status, ['pending', 'succeeded'])))
    .groupBy(payoutItems.sourceCharge);
  return new Map(rows.map((r) => [r.charge!, Number(r.used)]));
}

/** Writes the payout, its items and their pending transfers, or finds the one this request made. */
async function recordPayout(db: Db, proId: string, input: { requestKey: string; expectedCents: number }, charges: Omit<FundingCharge, 'usedCents'>[], ctx: PayoutContext) {
  return db.transaction(async (tx) => {
    const [pro] = await tx.select().from(laundryPros).where(eq(laundryPros.id, proId)).for('update');
    if (!pro) throw domainError('payout_pro_not_found');
    const [again] = await tx.select({ id: payouts.id }).from(payouts).where(and(eq(payouts.laundryProId, proId), eq(payouts.requestKey, input.requestKey)));
    if (again) return { payoutId: again.id, pro };
    if (!pro.accountEnabled || !pro.stripeAccountId) throw domainError('payout_account_not_ready');
    const used = await usedCharges(
      tx,
      charges.map((c) => c.chargeId),
    );
    const { transfers, totalCents } = payoutTransfers(
      await earnedAndPaid(tx, proId),
      charges.map((c) => ({ ...c, usedCents: used.get(c.chargeId) ?? 0 })),
    );
    if (totalCents === 0) throw domainError('payout_nothing_unpaid');
    if (totalCents !== input.expectedCents) throw domainError('payout_amount_changed', { unpaidCents: totalCents });
    const [payout] = await tx.insert(payouts).values({ laundryProId: proId, requestKey: input.requestKey, amountCents: totalCents, createdBy: ctx.actor.email, createdAt: ctx.now }).returning();
    const pieces = new Map<string, number>();
    for (const t of transfers) {
      const piece = (pieces.get(t.assignmentId) ?? 0) + 1;
      pieces.set(t.assignmentId, piece);
      const transfer = transferInput({ ...t, piece, payoutId: payout!.id, accountId: pro.stripeAccountId });
      await queueTransfer(tx, transfer);
      await tx.insert(payoutItems).values({
        payoutId: payout!.id,
        assignmentId: t.assignmentId,
        perPoundCents: t.perPoundCents,
        tipCents: t.tipCents,
        amountCents: t.amountCents,
        operationKey: transferOperationKey(transfer.key),
        sourceCharge: t.sourceCharge,
      });
    }
    await recordAudit(tx, ctx.actor, {
      action: 'laundry_pro.payout',
      targetType: 'laundry_pro',
      targetId: proId,
      after: { payoutId: payout!.id, amountCents: totalCents, assignments: transfers.map((t) => ({ assignmentId: t.assignmentId, amountCents: t.amountCents, sourceCharge: t.sourceCharge })) },
    });
    return { payoutId: payout!.id, pro };
  });
}

/** Makes the payout's transfers still pending (each once, by its key); an unknown outcome stays pending for the recovery job. */
async function makeTransfers(db: Db, gateway: PaymentGateway, payoutId: string) {
  const pending = await db
    .select({ key: paymentOperations.idempotencyKey })
    .from(payoutItems)
    .innerJoin(paymentOperations, eq(paymentOperations.idempotencyKey, payoutItems.operationKey))
    .where(and(eq(payoutItems.payoutId, payoutId), eq(paymentOperations.status, 'pending')));
  for (const { key } of pending) {
    const [op] = await db.select().from(paymentOperations).where(eq(paymentOperations.idempotencyKey, key));
    const request = op!.request as { accountId: string; amountCents: number; description: string; sourceTransaction?: string };
    try {
      // the stored request is what is sent: runOperation finishes the row written with the payout
      await transferToAccount(db, gateway, { key: key.replace(/^transfer:/, ''), bookingId: op!.bookingId, accountId: request.accountId, amountCents: request.amountCents, description: request.description, sourceTransaction: request.sourceTransaction ?? null });
    } catch {
      // no answer from the gateway: the operation stays pending and the recovery job finishes it
    }
  }
}

/**
 * spec: back-office 7 process-payout — pays the pro everything earned and not yet paid, once per
 * request key. Answers the payout and the pro's card; a payout whose every transfer failed is
 * refused with the gateway's reason (nothing was paid, everything is still unpaid).
 */
export async function payOutPro(
  db: Db,
  gateway: PaymentGateway,
  proId: string,
  input: { requestKey: string; expectedCents: number },
  ctx: PayoutContext,
): Promise<{ payout: Payout; pro: LaundryPro }> {
  // the charges that could fund the transfers, read from the gateway before any lock is held
  const owed = (await earnedAndPaid(db, proId)).filter((a) => a.perPoundCents > a.paidPerPoundCents || a.tipCents > a.paidTipCents);
  const charges = await bookingCharges(db, gateway, [...new Set(owed.map((a) => a.bookingId))]);
  const { payoutId, pro } = await recordPayout(db, proId, input, charges, ctx);
  await makeTransfers(db, gateway, payoutId);
  const [payout] = await payoutViews(db, { payoutIds: [payoutId] });
  if (payout!.status === 'failed') throw domainError('payout_failed', { reason: payout!.failure ?? null });
  if (payout!.paidCents > 0 && pro.email)
    await queueEmail(
      db,
      'proPayout',
      { name: pro.name, amount: formatCents(payout!.paidCents), orders: payout!.orders.filter((o) => o.status === 'paid').map((o) => ({ orderId: o.orderId, amount: formatCents(o.amountCents) })) },
      { to: pro.email, dedupeKey: `payout:${payoutId}:paid` },
    );
  return { payout: payout!, pro: await getLaundryPro(db, proId) };
}

/** A pro's payouts, newest first (the card's history and the pro portal). */
export async function listPayouts(db: Db, proId: string): Promise<{ payouts: Payout[] }> {
  const [pro] = await db.select({ id: laundryPros.id }).from(laundryPros).where(eq(laundryPros.id, proId));
  if (!pro) throw domainError('payout_pro_not_found');
  return { payouts: await payoutViews(db, { proId }) };
}
