// Subscriptions that bill themselves (docs/design.md 9 invoices): every day the job issues each active
// subscription's invoice once its billing date has come, one month at a time (a server that was
// down for two months issues both), due on that billing date, emailed with its pay link. A
// subscription is claimed with FOR UPDATE SKIP LOCKED and an invoice is unique per subscription
// and billing date, so two instances at once bill each month once. Staff pause, resume or end it.
import { and, eq, lte } from 'drizzle-orm';
import { todayIn } from '../../shared/dates';
import { followingBillingDate, nextBillingDate } from '../../shared/pricing-invoices';
import type { Subscription } from '../../shared/schemas/invoices';
import { recordAudit, type Actor } from '../audit/record-audit';
import type { Db } from '../db/client';
import { subscriptions } from '../db/schema';
import { domainError } from '../error-catalogue';
import { issueSubscriptionInvoice, toSubscription, type InvoiceContext } from './invoices.service';

export type BillingContext = Omit<InvoiceContext, 'actor'>;

/** Issues every invoice that has come due; answers how many. */
export async function issueDueSubscriptionInvoices(db: Db, ctx: BillingContext): Promise<number> {
  const today = todayIn(ctx.timeZone, ctx.now);
  let issued = 0;
  // one subscription-month per transaction, until none is due
  for (let guard = 0; guard < 10_000; guard++) {
    const done = await db.transaction(async (tx) => {
      const [sub] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.status, 'active'), lte(subscriptions.nextBillingDate, today)))
        .orderBy(subscriptions.nextBillingDate, subscriptions.id)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!sub) return false;
      const billingDate = sub.nextBillingDate;
      const after = followingBillingDate(billingDate, sub.billingDay);
      await issueSubscriptionInvoice(tx, sub, billingDate, after, { ...ctx, actor: null });
      await tx.update(subscriptions).set({ nextBillingDate: after, updatedAt: ctx.now }).where(eq(subscriptions.id, sub.id));
      return true;
    });
    if (!done) break;
    issued += 1;
  }
  return issued;
}

const moves: Record<Subscription['status'], Subscription['status'][]> = { active: ['paused', 'ended'], paused: ['active', 'ended'], ended: [] };
/** The audit log's action of each status a subscription is moved to. */
const auditActions = { active: 'subscription.resumed', paused: 'subscription.paused', ended: 'subscription.ended' } as const;

/**
 * Pause, resume or end (docs/design.md 9 invoices). Ended is final. A resumed subscription bills from its
 * next billing day on: the months it was paused are not billed.
 */
export async function setSubscriptionStatus(db: Db, id: string, status: Subscription['status'], ctx: { actor: Actor; now: Date; timeZone: string }): Promise<{ subscription: Subscription }> {
  const row = await db.transaction(async (tx) => {
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
    if (!sub) throw domainError('subscription_not_found');
    if (sub.status === status) return sub;
    if (!moves[sub.status].includes(status)) throw domainError('subscription_ended');
    const today = todayIn(ctx.timeZone, ctx.now);
    const next = status === 'active' && sub.nextBillingDate < today ? nextBillingDate(today, sub.billingDay) : sub.nextBillingDate;
    const [updated] = await tx.update(subscriptions).set({ status, nextBillingDate: next, updatedAt: ctx.now }).where(eq(subscriptions.id, id)).returning();
    await recordAudit(tx, ctx.actor, { action: auditActions[status], targetType: 'subscription', targetId: id, before: { status: sub.status }, after: { status, nextBillingDate: next } });
    return updated!;
  });
  return { subscription: toSubscription(row) };
}
