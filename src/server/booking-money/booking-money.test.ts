// Decision 036: a booking's money columns are the sums of its ledger, written only by
// moveBookingMoney; the database refuses a commit where they are not. On both databases, and on
// PostgreSQL with the writers at once.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, bothDatabaseKinds } from '../../../tests/helpers/test-app';
import { bookingValues } from '../bookings/booking.factory';
import { bookingMoneyLedger, bookings } from '../db/schema';
import { bookingMoneyFromLedger, cardPaid, moveBookingMoney } from './booking-money';

/** The database's refusal (drizzle wraps it: the reason is the cause's). */
const refused = (err: unknown) => /booking money written outside its ledger/.test(String((err as { cause?: Error }).cause?.message ?? err));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(bothDatabaseKinds)('a booking money ledger (%s)', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  async function booking() {
    const [b] = await database.db.insert(bookings).values(bookingValues()).returning({ id: bookings.id });
    return b!.id;
  }
  async function columns(id: string) {
    const [b] = await database.db.select().from(bookings).where(eq(bookings.id, id));
    return {
      authorized: b!.authorizedAmount,
      captured: b!.capturedAmount,
      tip: b!.tipAmount,
      refunded: b!.refundedAmount,
      credited: b!.giftCardCreditedCents,
      giftCardApplied: b!.giftCardAppliedCents ?? 0,
      due: b!.amountDueCents,
    };
  }

  // a booking's life, step by step: the columns after each, and the ledger's sums equal to them
  const steps: { entry: Parameters<typeof moveBookingMoney>[2]; after: Partial<Awaited<ReturnType<typeof columns>>> }[] = [
    { entry: { entry: 'hold', changes: { authorized: { set: 3150 } } }, after: { authorized: 3150 } },
    { entry: { entry: 'weighed', changes: { giftCardApplied: { set: 1000 }, due: { set: 0 }, tip: { set: 0 } } }, after: { giftCardApplied: 1000 } },
    { entry: { entry: 'capture', source: 'op-1', changes: cardPaid({ cents: 2500 }) }, after: { captured: 2500 } },
    { entry: { entry: 'reweighed', changes: { due: { set: 700 } } }, after: { due: 700 } },
    { entry: { entry: 'checkout_payment', source: 'cs-1', changes: cardPaid({ cents: 1200, tipCents: 500, dueCents: 700 }) }, after: { captured: 3700, tip: 500, due: 0 } },
    { entry: { entry: 'gift_card_credit', source: 'r-1', changes: { refunded: { add: 300 }, credited: { add: 300 } } }, after: { refunded: 300, credited: 300 } },
    { entry: { entry: 'card_refunds', changes: { refunded: { set: sql`greatest(${bookings.refundedAmount}, 800)` } } }, after: { refunded: 800 } },
    // decision 034: a correction can take the gift card's part back to nothing
    { entry: { entry: 'reweighed', changes: { giftCardApplied: { set: null } } }, after: { giftCardApplied: 0 } },
  ];

  it('keeps each column the sum of its ledger through a booking life', async () => {
    const id = await booking();
    let expected = await columns(id);
    for (const step of steps) {
      const r = await moveBookingMoney(database.db, id, step.entry);
      expect(r).toEqual({ matched: true, moved: true });
      expected = { ...expected, ...step.after };
      expect([step.entry.entry, await columns(id)]).toEqual([step.entry.entry, expected]);
      expect(await bookingMoneyFromLedger(database.db, id)).toEqual(expected);
    }
    const rows = await database.db.select().from(bookingMoneyLedger).where(eq(bookingMoneyLedger.bookingId, id));
    expect(rows.map((r) => r.entry)).toEqual(steps.map((s) => s.entry.entry));
  });

  it('writes a change with a source once, and a change of nothing not at all', async () => {
    const id = await booking();
    expect(await moveBookingMoney(database.db, id, { entry: 'capture', source: 'op-x', changes: cardPaid({ cents: 1000 }) })).toEqual({ matched: true, moved: true });
    expect(await moveBookingMoney(database.db, id, { entry: 'capture', source: 'op-x', changes: cardPaid({ cents: 1000 }) })).toEqual({ matched: true, moved: false });
    expect(await moveBookingMoney(database.db, id, { entry: 'hold', changes: { authorized: { set: 0 } } })).toEqual({ matched: true, moved: false });
    expect((await columns(id)).captured).toBe(1000);
    expect(await database.db.$count(bookingMoneyLedger, eq(bookingMoneyLedger.bookingId, id))).toBe(1);
  });

  it('records a gift card part of nothing as 0, not as no weighing at all', async () => {
    const id = await booking();
    expect(await moveBookingMoney(database.db, id, { entry: 'weighed', changes: { giftCardApplied: { set: 0 }, due: { set: 0 } } })).toEqual({ matched: true, moved: true });
    const [b] = await database.db.select().from(bookings).where(eq(bookings.id, id));
    expect(b!.giftCardAppliedCents).toBe(0);
    expect(await moveBookingMoney(database.db, id, { entry: 'weighed', changes: { giftCardApplied: { set: 0 } } })).toEqual({ matched: true, moved: false });
  });

  it('moves nothing when the booking is not as the caller checked it, or is not there', async () => {
    const id = await booking();
    expect(await moveBookingMoney(database.db, id, { entry: 'hold', changes: { authorized: { set: 500 } }, when: sql`${bookings.bookingStatus} = 'completed'` })).toEqual({ matched: false, moved: false });
    expect(await moveBookingMoney(database.db, '00000000-0000-4000-8000-000000000000', { entry: 'hold', changes: { authorized: { set: 500 } } })).toEqual({ matched: false, moved: false });
    expect((await columns(id)).authorized).toBe(0);
  });

  it('refuses, at commit, money written beside the ledger, either side alone', async () => {
    const id = await booking();
    await moveBookingMoney(database.db, id, { entry: 'hold', changes: { authorized: { set: 3150 } } });
    await expect(database.db.update(bookings).set({ capturedAmount: 3150 }).where(eq(bookings.id, id))).rejects.toSatisfy(refused);
    await expect(database.db.insert(bookingMoneyLedger).values({ bookingId: id, entry: 'capture', capturedCents: 3150 })).rejects.toSatisfy(refused);
    await expect(database.db.insert(bookings).values(bookingValues({ capturedAmount: 100 }))).rejects.toSatisfy(refused);
    // the same write and its ledger row in one transaction commit: the check is at the end
    await database.db.transaction(async (tx) => {
      await tx.update(bookings).set({ capturedAmount: 3150 }).where(eq(bookings.id, id));
      await tx.insert(bookingMoneyLedger).values({ bookingId: id, entry: 'capture', capturedCents: 3150 });
    });
    expect((await columns(id)).captured).toBe(3150);
    // a column written to what it already is changes nothing and is not refused
    await database.db.update(bookings).set({ capturedAmount: 3150, specialInstructions: 'same money' }).where(eq(bookings.id, id));
  });

  it('loses no payment and takes no source twice with 20 writers at once, 0-20 ms apart', async () => {
    const id = await booking();
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        await sleep(Math.random() * 20);
        await database.db.transaction(async (tx) => {
          await moveBookingMoney(tx, id, { entry: 'checkout_payment', source: `cs-${i}`, changes: cardPaid({ cents: 100 + i }) });
          await moveBookingMoney(tx, id, { entry: 'capture', source: 'the-one-capture', changes: cardPaid({ cents: 1000 }) });
        });
      }),
    );
    const total = 20 * 100 + (19 * 20) / 2 + 1000;
    expect((await columns(id)).captured).toBe(total);
    expect((await bookingMoneyFromLedger(database.db, id)).captured).toBe(total);
    expect(await database.db.$count(bookingMoneyLedger, eq(bookingMoneyLedger.bookingId, id))).toBe(21);
  });
});
