// Mark Paid (spec: back-office 4: pending, then paid by a staff member, once) and the client's card
// payment exclude each other (decision 019, amended). Before the invoice is claimed, every card
// checkout of its pay link is closed at the gateway, and one the card already completed is applied
// (the invoice is then paid online and Mark Paid refused). The claim is made under the invoice's
// row lock, which the checkout's recording and the card payment's settlement take too: a checkout
// opened meanwhile is seen, and closed on the next round.
import { and, eq } from 'drizzle-orm';
import { todayIn } from '../../shared/dates';
import type { StaffInvoice } from '../../shared/schemas/invoices';
import { recordAudit, type Actor } from '../audit/record-audit';
import type { Db, DbOrTx } from '../db/client';
import { checkouts, manualInvoices } from '../db/schema';
import { domainError } from '../error-catalogue';
import { GatewayError, type CheckoutSession, type PaymentGateway } from '../gateways/payment/payment-gateway';
import type { NotificationContext } from '../notifications/notifications.service';
import { applyCheckoutSession } from '../payments/webhook-events.service';
import { toStaffInvoice } from './invoices.service';

export type CollectionDeps = { db: Db; gateway: PaymentGateway; notify: NotificationContext };
type MarkContext = { actor: Actor; now: Date; timeZone: string };

const unconfirmed = (): never => {
  throw domainError('invoice_checkout_unconfirmed');
};

async function checkoutsOf(db: DbOrTx, invoiceId: string): Promise<string[]> {
  const rows = await db
    .select({ sessionId: checkouts.sessionId })
    .from(checkouts)
    .where(and(eq(checkouts.purpose, 'manual_invoice'), eq(checkouts.subjectId, invoiceId)));
  return rows.map((r) => r.sessionId);
}

/**
 * Every checkout of the invoice closed at the gateway (an open one expired), one the card
 * completed applied as the webhook would; answers the sessions it saw. Refused when the gateway
 * cannot say: staff must not mark paid what the client may be paying.
 */
async function closeCheckouts(deps: CollectionDeps, invoiceId: string): Promise<string[]> {
  const sessions = await checkoutsOf(deps.db, invoiceId);
  for (const sessionId of sessions) {
    let session: CheckoutSession = await deps.gateway.retrieveCheckout(sessionId).catch(unconfirmed);
    if (session.status === 'open') {
      // refused when it completed in the meantime: read again
      session = await deps.gateway.expireCheckout(sessionId).catch((err: unknown) => (err instanceof GatewayError ? deps.gateway.retrieveCheckout(sessionId).catch(unconfirmed) : unconfirmed()));
    }
    if (session.status === 'open') unconfirmed();
    if (session.status === 'complete') await applyCheckoutSession(deps.db, deps.gateway, deps.notify, sessionId).catch(unconfirmed);
  }
  return sessions;
}

function alreadyPaid(row: typeof manualInvoices.$inferSelect, ctx: MarkContext) {
  if (row.paidBy === 'online') return domainError('invoice_paid_online');
  return domainError('invoice_already_paid', { paidOn: todayIn(ctx.timeZone, row.paidAt ?? ctx.now) });
}

/** spec: back-office 4 — Mark Paid: paid_at and paid_by (the staff member), once, and never beside a card payment. */
export async function markInvoicePaid(deps: CollectionDeps, id: string, ctx: MarkContext): Promise<{ invoice: StaffInvoice }> {
  const { db } = deps;
  for (let round = 0; round < 3; round++) {
    const [current] = await db.select().from(manualInvoices).where(eq(manualInvoices.id, id));
    if (!current) throw domainError('manual_invoice_not_found');
    if (current.status !== 'pending') throw alreadyPaid(current, ctx);
    const closed = await closeCheckouts(deps, id);
    const row = await db.transaction(async (tx) => {
      const [invoice] = await tx.select().from(manualInvoices).where(eq(manualInvoices.id, id)).for('update');
      if (!invoice) throw domainError('manual_invoice_not_found');
      if (invoice.status !== 'pending') throw alreadyPaid(invoice, ctx);
      // a checkout recorded since the gateway was asked: closed on the next round first
      if ((await checkoutsOf(tx, id)).some((s) => !closed.includes(s))) return null;
      const [updated] = await tx.update(manualInvoices).set({ status: 'paid', paidAt: ctx.now, paidBy: ctx.actor.email }).where(eq(manualInvoices.id, id)).returning();
      await recordAudit(tx, ctx.actor, { action: 'invoice.marked_paid', targetType: 'invoice', targetId: id, before: { status: 'pending' }, after: { status: 'paid', totalCents: updated!.totalCents } });
      return updated!;
    });
    if (row) return { invoice: toStaffInvoice(row, todayIn(ctx.timeZone, ctx.now)) };
  }
  throw domainError('invoice_being_paid_now');
}
