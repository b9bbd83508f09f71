// Money movements of a booking, on the gateway's word only (DESIGN.md 5). Every call that moves
// money runs as an operation: its row (pending, with the idempotency key) is written before the
// gateway call and completed after it, together with its effect on the booking; a recovery job
// finishes rows left pending, so a crash between the gateway's success and our write loses
// nothing and charges nothing twice.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { bookings, paymentOperations } from '../db/schema';
import { GatewayError, type OffSessionCharge, type PaymentGateway, type PaymentIntent } from '../gateways/payment/payment-gateway';

export type OperationKind = 'capture' | 'release' | 'charge_off_session' | 'authorize_off_session' | 'refund' | 'transfer';

type OperationRequest =
  | { kind: 'capture'; paymentIntentId: string; amountCents: number }
  | { kind: 'release'; paymentIntentId: string; amountCents: 0 }
  | {
      kind: 'charge_off_session';
      customerId: string;
      paymentMethodId: string;
      amountCents: number;
      description: string;
      /** An approved final invoice (DESIGN.md 5.5): the tip in the charge, the amount due it pays, and the approval it records. */
      invoice?: { tipCents: number; dueCents: number };
    }
  /** A recurring pick-up's hold on the saved card (decision 024): authorised, captured at the weighing. */
  | { kind: 'authorize_off_session'; customerId: string; paymentMethodId: string; amountCents: number; description: string }
  | { kind: 'refund'; paymentIntentId: string; amountCents: number }
  /** sourceTransaction: the booking's charge that funds it (DESIGN.md 9). */
  | { kind: 'transfer'; accountId: string; amountCents: number; description: string; sourceTransaction?: string };

export type OperationOutcome = {
  status: 'succeeded' | 'failed' | 'needs_customer' | 'waived';
  amountCents: number;
  gatewayRef: string | null;
  message: string | null;
};

async function callGateway(gateway: PaymentGateway, key: string, bookingId: string | null, req: OperationRequest) {
  const metadata: Record<string, string> = bookingId ? { booking_id: bookingId } : {};
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
      const { kind: _kind, ...hold } = req;
      const r: OffSessionCharge = await gateway.chargeOffSession({ ...hold, capture: 'manual', metadata, idempotencyKey: key });
      if (r.outcome === 'succeeded') return { status: 'succeeded' as const, gatewayRef: r.paymentIntent.id, message: null, pi: r.paymentIntent };
      if (r.outcome === 'requires_action') return { status: 'needs_customer' as const, gatewayRef: r.paymentIntentId, message: r.message, pi: null };
      return { status: 'failed' as const, gatewayRef: r.paymentIntentId, message: r.message, pi: null };
    }
    case 'refund': {
      const refund = await gateway.refund({ paymentIntentId: req.paymentIntentId, amountCents: req.amountCents, idempotencyKey: key });
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

/** The booking side of a successful operation, in the transaction that completes its row. */
async function applyOperationEffect(tx: Tx, bookingId: string | null, req: OperationRequest, pi: PaymentIntent | null) {
  if (!bookingId) return;
  const now = new Date();
  switch (req.kind) {
    case 'capture':
      await tx
        .update(bookings)
        .set({ capturedAmount: sql`${bookings.capturedAmount} + ${req.amountCents}`, paymentIntentStatus: pi?.status ?? 'succeeded', updatedAt: now })
        .where(eq(bookings.id, bookingId));
      return;
    case 'release':
      await tx.update(bookings).set({ paymentIntentStatus: 'canceled', updatedAt: now }).where(eq(bookings.id, bookingId));
      return;
    case 'charge_off_session':
      await tx
        .update(bookings)
        .set({
          capturedAmount: sql`${bookings.capturedAmount} + ${req.amountCents}`,
          // decision 015: a tip is in captured_amount and in tip_amount, which takes it out of revenue
          ...(req.invoice
            ? {
                tipAmount: sql`${bookings.tipAmount} + ${req.invoice.tipCents}`,
                amountDueCents: sql`greatest(${bookings.amountDueCents} - ${req.invoice.dueCents}, 0)`,
                customerApprovedAt: sql`coalesce(${bookings.customerApprovedAt}, ${now.toISOString()}::timestamptz)`,
              }
            : {}),
          updatedAt: now,
        })
        .where(eq(bookings.id, bookingId));
      return;
    case 'authorize_off_session':
      // the gateway's word: the hold is on the card, so the pick-up is booked (DESIGN.md 5.2)
      await tx
        .update(bookings)
        .set({
          paymentStatus: 'paid',
          paymentIntentStatus: pi?.status ?? 'requires_capture',
          stripePaymentIntentId: pi?.id ?? null,
          authorizedAmount: req.amountCents,
          captureBefore: pi?.captureBefore ?? null,
          bookingStatus: sql`case when ${bookings.bookingStatus} = 'pending' then 'confirmed'::booking_status else ${bookings.bookingStatus} end`,
          confirmedAt: sql`coalesce(${bookings.confirmedAt}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
        })
        .where(eq(bookings.id, bookingId));
      return;
    case 'refund': {
      // The refunded total is the gateway's figure when we have it: the charge.refunded webhook
      // (syncIntentStatus) may already have applied this refund, so adding to ours would count it
      // twice. Without it (the read failed just after the refund) ours goes up by this refund.
      const refunded = pi ? sql`greatest(${bookings.refundedAmount}, ${pi.amountRefunded})` : sql`${bookings.refundedAmount} + ${req.amountCents}`;
      await tx
        .update(bookings)
        .set({
          refundedAmount: refunded,
          paymentStatus: sql`case when ${refunded} >= ${bookings.capturedAmount} then 'refunded'::payment_status else ${bookings.paymentStatus} end`,
          updatedAt: now,
        })
        .where(eq(bookings.id, bookingId));
      return;
    }
    case 'transfer':
      return;
  }
}

/**
 * A payment the customer made at a checkout, on the ledger as a succeeded operation once per key
 * (DESIGN.md 5.8: the gateway's word, a replayed event finds the row). Answers whether this call
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
  let result: Awaited<ReturnType<typeof callGateway>>;
  try {
    result = await callGateway(gateway, key, bookingId, req);
  } catch (err) {
    if (!(err instanceof GatewayError)) {
      await db.update(paymentOperations).set({ attempts: sql`${paymentOperations.attempts} + 1` }).where(eq(paymentOperations.idempotencyKey, key));
      throw err; // unknown outcome: stays pending for the recovery job
    }
    result = { status: 'failed', gatewayRef: null, message: err.message, pi: null };
  }
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
    if (done.length === 1 && result.status === 'succeeded') await applyOperationEffect(tx, bookingId, req, result.pi);
    return { status: result.status, amountCents: req.amountCents, gatewayRef: result.gatewayRef, message: result.message };
  });
}

/** The recovery job: finishes operations left pending (a crash, a timeout) with the same key. */
export async function recoverPendingOperations(db: Db, gateway: PaymentGateway, options: { olderThanMs?: number } = {}) {
  const before = new Date(Date.now() - (options.olderThanMs ?? 60_000));
  const pending = await db
    .select()
    .from(paymentOperations)
    .where(and(eq(paymentOperations.status, 'pending'), lt(paymentOperations.createdAt, before)))
    .limit(100);
  let completed = 0;
  for (const row of pending) {
    try {
      await completeOperation(db, gateway, row.idempotencyKey, row.bookingId, row.request as OperationRequest);
      completed += 1;
    } catch {
      // still unreachable: the next run tries again
    }
  }
  return { found: pending.length, completed };
}
