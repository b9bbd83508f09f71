// Decisions 030 and 036: one definition each of "on hold", "revenue", "paid" and "due". The database keeps its own (the
// dashboard's tallies, Reports and the exports sum them in SQL, migration 0014); the screens read
// src/shared/money-state.ts. Every combination of the inputs gives the same figure in both.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/helpers/test-app';
import { dueCents, moneyState, onHoldCents, paidCents, revenueCents } from '../../shared/money-state';
import { tipKeptCents } from '../../shared/pricing-refunds';
import { tipKeptSql } from './money-sql';
import { rowsOf } from './client';

describe('on hold and revenue: the database and the screens agree on every state', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const intents = [null, 'requires_payment_method', 'requires_action', 'requires_capture', 'processing', 'succeeded', 'canceled'];
  const holds = intents.flatMap((intent) => [true, false].flatMap((weighed) => [0, 1, 3150].map((authorized) => ({ intent, weighed, authorized }))));

  it(`on hold: ${holds.length} states`, async () => {
    for (const h of holds) {
      const [row] = rowsOf<{ cents: string }>(await database.db.execute(sql`select booking_on_hold_cents(${h.intent}, ${h.weighed}, ${h.authorized}) as cents`));
      const ts = onHoldCents({ paymentIntentStatus: h.intent, weightAdjustmentProcessed: h.weighed, authorizedAmount: h.authorized });
      expect([h, Number(row!.cents)]).toEqual([h, ts]);
      // the staff's label says "Authorized" exactly when something is on hold
      const state = moneyState({ paymentStatus: 'paid', paymentIntentStatus: h.intent, totalAmount: 3150, authorizedAmount: h.authorized, capturedAmount: 0, refundedAmount: 0, amountDueCents: 0, weightAdjustmentProcessed: h.weighed });
      expect([h, state.kind === 'authorized']).toEqual([h, ts > 0]);
    }
  });

  const takings = [0, 1750, 3150, 7000].flatMap((captured) =>
    [0, 500, captured].flatMap((refunded) => [0, 465].flatMap((tip) => [null, 0, 1000].map((giftCard) => ({ captured, refunded: Math.min(refunded, captured), tip: Math.min(tip, captured), giftCard })))),
  );

  it(`revenue: ${takings.length} states`, async () => {
    for (const r of takings) {
      const [row] = rowsOf<{ cents: string }>(await database.db.execute(sql`select booking_revenue_cents(${r.captured}, ${r.refunded}, ${r.tip}, ${r.giftCard}) as cents`));
      expect([r, Number(row!.cents)]).toEqual([r, revenueCents({ capturedAmount: r.captured, refundedAmount: r.refunded, tipAmount: r.tip, giftCardAppliedCents: r.giftCard })]);
    }
  });

  // decision 036: what the customer paid, and what they still owe
  it(`paid: ${takings.length} states`, async () => {
    for (const r of takings) {
      const [row] = rowsOf<{ cents: string }>(await database.db.execute(sql`select booking_paid_cents(${r.captured}, ${r.refunded}, ${r.giftCard}) as cents`));
      expect([r, Number(row!.cents)]).toEqual([r, paidCents({ capturedAmount: r.captured, refundedAmount: r.refunded, giftCardAppliedCents: r.giftCard })]);
    }
  });

  const owing = ['pending', 'confirmed', 'in-progress', 'completed', 'delivered', 'cancelled'].flatMap((status) => [0, 1, 1250].map((due) => ({ status, due })));
  it(`due: ${owing.length} states`, async () => {
    for (const o of owing) {
      const [row] = rowsOf<{ cents: string }>(await database.db.execute(sql`select booking_due_cents(${o.status}::booking_status, ${o.due}) as cents`));
      expect([o, Number(row!.cents)]).toEqual([o, dueCents({ bookingStatus: o.status, amountDueCents: o.due })]);
    }
  });

  // decision 031: a refund comes off the laundry first, off the tip only beyond it
  it(`tip kept: ${takings.length} states`, async () => {
    for (const r of takings) {
      const [row] = rowsOf<{ cents: string }>(await database.db.execute(sql`select ${tipKeptSql({ tip: sql`${r.tip}::int`, captured: sql`${r.captured}::int`, refunded: sql`${r.refunded}::int` })} as cents`));
      expect([r, Number(row!.cents)]).toEqual([r, tipKeptCents({ capturedAmount: r.captured, refundedAmount: r.refunded, tipAmount: r.tip })]);
    }
  });
});
