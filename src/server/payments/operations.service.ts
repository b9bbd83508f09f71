// Money movements, on the gateway's word only (docs/design.md 5). Every call that moves money runs as
// an operation: its row (pending, with the idempotency key) is written before the gateway call and
// completed after it, together with its effect on the booking (the effect bookings registered,
// decision 051); a recovery job finishes rows left pending, so a crash between the gateway's
// success and our write loses nothing and charges nothing twice.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { paymentOperations } from '../db/schema';
import { GatewayError, type OffSessionCharge, type PaymentGateway, type PaymentIntent } from '../gateways/payment/payment-gateway';
import { paymentHandlers } from './handler-registry';
import type { OperationRequest } from './operation-request';

export type OperationOutcome = {
  status: 'succeeded' | 'failed' | 'needs_customer' | 'waived';
  amountCents: number;
  gatewayRef: string | null;
  message: string | null;
};

type GatewayResult = Awaited<ReturnType<typeof callGateway>>;

async function callGateway(gateway: PaymentGateway, key: string, bookingId: string | null, req: OperationRequest) {
  // operation_key: how the recovery job finds the call once the gateway has forgotten its key (docs/design.md 5.8)
  const metadata: Record<string, string> = { ...(bookingId ? { booking_id: bookingId } : {}), operation_key: key };
  switch (req.kind) {
    case 'capture': {
      const pi = await gateway.capture({ paymentIntentId: req.paymentIntentId, amountCents: req.amountCents, idempotencyKey: key });
      return { status: 'succeeded' as const, gatewayRef: pi.id, message: null, pi };
    }
    case 'release': {
      const pi = await gateway.release({ paymentIntentId: req.paymentIntentId, idempotencyKey: key });
      return { status: 'succeeded' as const, gatewayRef: pi.id, message: null, pi };
    }
    case 'charge_off_session': {
      const r: OffSessionCharge = await gateway.chargeOffSession({ ...req, metadata, idempotencyKey: key });
      if (r.outcome === 'succeeded') return { status: 'succeeded' as const, gatewayRef: r.paymentIntent.id, message: null, pi: r.paymentIntent };
      if (r.outcome === 'requires_action') return { status: 'needs_customer' as const, gatewayRef: r.paymentIntentId, message: r.message, pi: null };
      return { status: 'failed' as const, gatewayRef: r.paymentIntentId, message: r.message, pi: null };
    }
    case 'authorize_off_session': {
      const { kind: _kind, replaces: _replaces, ...hold } = req;
      const r: OffSessionCharge = await gateway.chargeOffSession({ ...hold, capture: 'manual', metadata, idempotencyKey: key });
      if (r.outcome === 'succeeded') return { status: 'succeeded' as const, gatewayRef: r.paymentIntent.id, message: null, pi: r.paymentIntent };
      if (r.outcome === 'requires_action') return { status: 'needs_customer' as const, gatewayRef: r.paymentIntentId, message: r.message, pi: null };
      return { status: 'failed' as const, gatewayRef: r.paymentIntentId, message: r.message, pi: null };
    }
    case 'refund': {
      const refund = await gateway.refund({ paymentIntentId: req.paymentIntentId, amountCents: req.amountCents, idempotencyKey: key, metadata });
      // the intent's own total refunded: its webhook may be applied before or after this operation
      const pi = await gateway.retrievePaymentIntent(req.paymentIntentId).catch(() => null);
      return { status: 'succeeded' as const, gatewayRef: refund.id, message: null, pi };
    }
    case 'transfer': {
      const t = await gateway.transfer({
        accountId: req.accountId,
        amountCents: req.amountCents,
        description: req.description,
        metadata,
        idempotencyKey: key,
        ...(req.sourceTransaction ? { sourceTransaction: req.sourceTransaction } : {}),
      });
      return { status: 'succeeded' as const, gatewayRef: t.id, message: null, pi: null };
    }
  }
}

/**
 * A payment the customer made at a checkout, on the ledger as a succeeded operation once per key
 * (docs/design.md 5.8: the gateway's word, a replayed event finds the row). Answers whether this call
 * wrote it, so that its effect is applied once.
 */
export async function recordCheckoutPayment(
  tx: Tx,
  p: { key: string; bookingId: string | null; amountCents: number; paymentIntentId: string; request: { purpose: string; sessionId: string } & Record<string, unknown> },
): Promise<boolean> {
  const written = await tx
    .insert(paymentOperations)
    .values({
      idempotencyKey: p.key,
      kind: 'checkout_payment',
      bookingId: p.bookingId,
      amountCents: p.amountCents,
      status: 'succeeded',
      request: { kind: 'checkout_payment', ...p.request },
      result: { status: 'succeeded', gatewayRef: p.paymentIntentId },
      gatewayRef: p.paymentIntentId,
      completedAt: new Date(),
      attempts: 1,
    })
    .onConflictDoNothing()
    .returning({ id: paymentOperations.id });
  return written.length === 1;
}

/**
 * Writes an operation's pending row in the caller's transaction, so that what it pays for is
 * recorded in the same commit; `runOperation` with the same key then makes the call.
 */
export async function queueOperation(tx: Tx, op: { key: string; bookingId: string | null; request: OperationRequest }) {
  await tx
    .insert(paymentOperations)
    .values({ idempotencyKey: op.key, kind: op.request.kind, bookingId: op.bookingId, amountCents: op.request.amountCents, request: op.request })
    .onConflictDoNothing();
}

/**
 * Runs one money operation exactly once per idempotency key. Gateway refusals are recorded as
 * failed; a crash or a network failure leaves the row pending for the recovery job.
 */
export async function runOperation(
  db: Db,
  gateway: PaymentGateway,
  op: { key: string; bookingId: string | null; request: OperationRequest },
): Promise<OperationOutcome> {
  // a booking's operation with nobody to apply it is refused before anything is written (decision 051)
  if (op.bookingId) paymentHandlers.operationEffect();
  const amount = op.request.amountCents;
  await db
    .insert(paymentOperations)
    .values({ idempotencyKey: op.key, kind: op.request.kind, bookingId: op.bookingId, amountCents: amount, request: op.request })
    .onConflictDoNothing();
  const [row] = await db.select().from(paymentOperations).where(eq(paymentOperations.idempotencyKey, op.key));
  if (row && row.status !== 'pending') return { status: row.status as OperationOutcome['status'], amountCents: row.amountCents, gatewayRef: row.gatewayRef, message: row.error };
  // a key means the request first stored with it: a concurrent caller with other amounts finishes that one
  return completeOperation(db, gateway, op.key, op.bookingId, (row?.request as OperationRequest | undefined) ?? op.request);
}

async function completeOperation(db: Db, gateway: PaymentGateway, key: string, bookingId: string | null, req: OperationRequest): Promise<OperationOutcome> {
  // a booking's operation with nobody to apply it is refused before the gateway moves any money
  if (bookingId) paymentHandlers.operationEffect();
  let result: GatewayResult;
  try {
    result = await callGateway(gateway, key, bookingId, req);
  } catch (err) {
    if (!(err instanceof GatewayError)) {
      await db.update(paymentOperations).set({ attempts: sql`${paymentOperations.attempts} + 1` }).where(eq(paymentOperations.idempotencyKey, key));
      throw err; // unknown outcome: stays pending for the recovery job
    }
    result = { status: 'failed', gatewayRef: null, message: err.message, pi: null };
  }
  return finishOperation(db, key, bookingId, req, result);
}

/** Completes a pending row with the gateway's answer, and its effect once. */
async function finishOperation(db: Db, key: string, bookingId: string | null, req: OperationRequest, result: GatewayResult): Promise<OperationOutcome> {
  return db.transaction(async (tx) => {
    const done = await tx
      .update(paymentOperations)
      .set({
        status: result.status,
        gatewayRef: result.gatewayRef,
        error: result.message,
        result: { status: result.status, gatewayRef: result.gatewayRef },
        completedAt: new Date(),
        attempts: sql`${paymentOperations.attempts} + 1`,
      })
      .where(and(eq(paymentOperations.idempotencyKey, key), eq(paymentOperations.status, 'pending')))
      .returning({ id: paymentOperations.id });
    // decision 051: the booking's side, by its owner, in this commit
    if (done.length === 1 && result.status === 'succeeded' && bookingId) await paymentHandlers.operationEffect()(tx, { bookingId, key, request: req, pi: result.pi });
    return { status: result.status, amountCents: req.amountCents, gatewayRef: result.gatewayRef, message: result.message };
  });
}

/**
 * How long the gateway keeps an idempotency key: Stripe 24 hours, after which the same key is a new
 * request. Past this (with an hour's margin) the recovery job looks an operation up instead.
 */
export const idempotencyKeyLifetimeMs = 23 * 3_600_000;

/**
 * The recovery job: finishes operations left pending (a crash, a timeout). A young one is made
 * again with the same key (the gateway answers what it did); one older than the key's lifetime is
 * looked up, never repeated (`now`: the job's clock).
 */
export async function recoverPendingOperations(db: Db, gateway: PaymentGateway, options: { olderThanMs?: number; now?: Date } = {}) {
  const now = options.now ?? new Date();
  const before = new Date(now.getTime() - (options.olderThanMs ?? 60_000));
  const pending = await db
    .select()
    .from(paymentOperations)
    .where(and(eq(paymentOperations.status, 'pending'), lt(paymentOperations.createdAt, before)))
    .limit(100);
  let completed = 0;
  for (const row of pending) {
    const req = row.request as OperationRequest;
    try {
      if (now.getTime() - row.createdAt.getTime() < idempotencyKeyLifetimeMs) {
        await completeOperation(db, gateway, row.idempotencyKey, row.bookingId, req);
      } else {
        const found = await lookUpOperation(db, gateway, row, req);
        if (!found) continue; // still in progress at the gateway: looked up again next round
        await finishOperation(db, row.idempotencyKey, row.bookingId, req, found);
      }
      completed += 1;
    } catch {
      // still unreachable: the next run tries again
    }
  }
  return { found: pending.length, completed };
}

/**
 * What an operation past its key's lifetime did, from the gateway's records (docs/design.md 5.8): a
 * capture or release from its payment's state, a charge, hold, refund or transfer found by the
 * `operation_key` its call carried. Nothing found is a failure: the money did not move. Null while
 * the gateway's answer is still in progress.
 */
async function lookUpOperation(db: Db, gateway: PaymentGateway, row: typeof paymentOperations.$inferSelect, req: OperationRequest): Promise<GatewayResult | null> {
  const key = row.idempotencyKey;
  // the gateway's clock may differ from the database's: look a little before the row was written
  const createdSince = new Date(row.createdAt.getTime() - 3_600_000);
  const moved = (gatewayRef: string, pi: PaymentIntent | null): GatewayResult => ({ status: 'succeeded', gatewayRef, message: null, pi });
  const notMoved = (message: string, gatewayRef: string | null = null): GatewayResult => ({ status: 'failed', gatewayRef, message, pi: null });
  switch (req.kind) {
    case 'capture': {
      const pi = await gateway.retrievePaymentIntent(req.paymentIntentId);
      // captured, and not by another of our captures of the same payment (a weighing made again)
      const other = await db
        .select({ id: paymentOperations.id })
        .from(paymentOperations)
        .where(and(eq(paymentOperations.kind, 'capture'), eq(paymentOperations.status, 'succeeded'), eq(paymentOperations.gatewayRef, pi.id)));
      if (pi.status === 'succeeded' && other.length === 0) return moved(pi.id, pi);
      return notMoved('The payment was not captured by this request, and its key has lapsed at the payment provider.');
    }
    case 'release': {
      const pi = await gateway.retrievePaymentIntent(req.paymentIntentId);
      return pi.status === 'canceled' ? moved(pi.id, pi) : notMoved(`The authorisation was not released (it is ${pi.status}).`);
    }
    case 'charge_off_session':
    case 'authorize_off_session': {
      const pi = await gateway.findPaymentIntent({ customerId: req.customerId, operationKey: key, createdSince });
      if (!pi) return notMoved('The payment provider has no payment made by this request: nothing was charged.');
      if (pi.status === 'processing') return null;
      if (pi.status === 'succeeded' || (req.kind === 'authorize_off_session' && pi.status === 'requires_capture')) return moved(pi.id, pi);
      if (pi.status === 'requires_action') return { status: 'needs_customer', gatewayRef: pi.id, message: 'The bank asks the customer to authenticate this payment', pi: null };
      return notMoved('The card was declined.', pi.id);
    }
    case 'refund': {
      const refund = await gateway.findRefund({ paymentIntentId: req.paymentIntentId, operationKey: key });
      if (!refund) return notMoved('The payment provider has no refund made by this request: nothing was refunded.');
      if (refund.status === 'failed') return notMoved('The refund failed at the payment provider.', refund.id);
      return moved(refund.id, await gateway.retrievePaymentIntent(req.paymentIntentId).catch(() => null));
    }
    case 'transfer': {
      const transfer = await gateway.findTransfer({ accountId: req.accountId, operationKey: key, createdSince });
      return transfer ? moved(transfer.id, null) : notMoved('The payment provider has no transfer made by this request: nothing was sent.');
    }
  }
}
