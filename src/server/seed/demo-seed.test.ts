// The demo data works: every seeded booking was made by the booking service and paid at the local
// gateway's checkout, and every one still open can be weighed and cancelled by the back office's
// own services, with money that adds up (docs/design.md 5.4, 9).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds, type TestDatabaseKind } from '../../../tests/helpers/test-app';
import { nowIn } from '../../shared/dates';
import { bookingStatusValues } from '../../shared/schemas/back-office';
import { testConfig } from '../config';
import type { Database } from '../db/client';
import { bookings, giftCardLedger, giftCards, pickupSlots } from '../db/schema';
import { createLocalGateway } from '../gateways/payment/local-gateway';
import { checkoutSessionOf, moveDemoBooking, payAtCheckout, weighDemoBooking, type DemoServices } from './demo-journey';
import { demoPlan } from './demo-plan';
import { seedDemoData } from './demo-seed';
import { wirePaymentHandlers } from '../payment-wiring';
import { demoPros } from './demo-pros';
import { listLaundryPros } from '../laundry-pros/laundry-pros.service';
import { listPayouts } from '../payouts/payouts.service';
import { listInvoices, listSubscriptions } from '../invoices/invoices.service';
import { defaultSettings } from '../../shared/settings';

type Booking = typeof bookings.$inferSelect;
const config = testConfig();
const rules = { timeZone: config.timeZone, serviceWeekdays: defaultSettings.schedule.serviceWeekdays, closedDates: config.firstStart.closedDates, serviceZipCodes: config.firstStart.zipCodes };
const isOpen = (b: Booking) => b.bookingStatus !== 'cancelled' && !b.weightAdjustmentProcessed;

/** Weighed money adds up (docs/design.md 9): gift card applied + card captured + still due = final total. */
function expectMoneyAddsUp(b: Booking) {
  expect(b.weightAdjustmentProcessed).toBe(true);
  expect(b.finalTotalAmount).not.toBeNull();
  expect((b.giftCardAppliedCents ?? 0) + b.capturedAmount + b.amountDueCents, `booking ${b.name} ${b.pickupDate}`).toBe(b.finalTotalAmount);
}

async function seeded(kind: TestDatabaseKind) {
  // the seed run on its own wires the payments' handlers as the app does (decision 051)
  wirePaymentHandlers();
  const database = await openTestDatabase(kind);
  const gateway = createLocalGateway({ db: database.db, webhookSecret: config.localWebhookSecret, publicUrl: config.publicUrl });
  const started = performance.now();
  const result = await seedDemoData(database.db, gateway, config);
  const ms = Math.round(performance.now() - started);
  console.info(`demo seed on ${kind}: ${result.bookings} bookings in ${ms} ms`);
  const services: DemoServices = { db: database.db, gateway, config };
  return { database, services, result, seededAt: new Date() };
}

const allOf = (database: Database) => database.db.select().from(bookings);
const one = async (database: Database, id: string) => (await database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

describe('the demo plan', () => {
  // every weekday of a week: the plan must not depend on the day it is seeded
  it.each([0, 1, 2, 3, 4, 5, 6])('covers every status, weeks back and ahead, created in the past (day %i)', (day) => {
    const now = new Date(Date.UTC(2026, 10, 16 + day, 13, 30));
    const today = nowIn(rules.timeZone, now).date;
    const plan = demoPlan(now, rules);
    expect(new Set(plan.map((b) => b.status))).toEqual(new Set(bookingStatusValues));
    const dates = plan.map((b) => b.form.pickupDate!).sort();
    expect(dates[0]! < today && dates.at(-1)! > today).toBe(true);
    expect(Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dates[0]}T00:00:00Z`)).toBeGreaterThanOrEqual(21 * 86_400_000);
    expect(Date.parse(`${dates.at(-1)}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)).toBeGreaterThanOrEqual(7 * 86_400_000);
    for (const b of plan) {
      expect(b.bookedAt.getTime()).toBeLessThan(now.getTime());
      for (const later of [b.pickedUpAt, b.weighedAt, b.deliveredAt, b.cancelledAt]) expect(later.getTime()).toBeLessThan(now.getTime());
    }
  });
});

describe.each(testDatabaseKinds)('the demo seed on %s: every open booking can be weighed', (kind) => {
  let database: Database & { dispose: () => Promise<void> };
  let services: DemoServices;
  let added: number;
  let seededAt: Date;
  beforeAll(async () => {
    const seed = await seeded(kind);
    ({ database, services, seededAt } = seed);
    added = seed.result.bookings;
  }, 120_000);
  afterAll(async () => {
    await database?.dispose();
  });

  it('seeds once: bookings in every status, created in the past, the demo gift cards as they were', async () => {
    expect(added).toBeGreaterThan(20);
    expect(await seedDemoData(database.db, services.gateway, config)).toEqual({ bookings: 0, skipped: null });
    const rows = await allOf(database);
    expect(rows).toHaveLength(added);
    expect(new Set(rows.map((b) => b.bookingStatus))).toEqual(new Set(bookingStatusValues));
    for (const b of rows) expect(b.createdAt.getTime(), `${b.name} ${b.pickupDate}`).toBeLessThan(seededAt.getTime());
    const [card] = await database.db.select().from(giftCards).where(eq(giftCards.code, 'WASHDAY25'));
    expect(card).toMatchObject({ amount: 3000, balance: 2500 });
  });

  it('holds a real authorisation at the gateway for every paid booking not yet weighed or cancelled', async () => {
    for (const b of (await allOf(database)).filter(isOpen)) {
      if (b.bookingStatus === 'pending') {
        expect(b.paymentStatus).toBe('pending'); // the customer is at the card form
        continue;
      }
      expect(b.paymentStatus, `${b.name} ${b.pickupDate}`).toBe('paid');
      if (b.totalAmount === 0) continue; // free: a promo code or a gift card paid it all
      expect(b.paymentIntentStatus).toBe('requires_capture');
      expect((await services.gateway.retrievePaymentIntent(b.stripePaymentIntentId!)).status).toBe('requires_capture');
    }
  });

  it('weighed the completed and delivered ones with money that adds up', async () => {
    const weighed = (await allOf(database)).filter((b) => b.weightAdjustmentProcessed);
    expect(weighed.length).toBeGreaterThan(5);
    for (const b of weighed) {
      expect(['completed', 'delivered']).toContain(b.bookingStatus);
      expectMoneyAddsUp(b);
    }
    // one came to more than its card could pay: the rest is on the customer's invoice
    expect(weighed.some((b) => b.amountDueCents > 0)).toBe(true);
  });

  it('has laundry pros in each payment-account state; the ready one paid once and owed again, the pending one owed but not payable', async () => {
    const { pros } = await listLaundryPros(database.db);
    const byName = new Map(pros.map((p) => [p.name, p]));
    expect(demoPros.map((p) => byName.get(p.name)?.paymentAccount)).toEqual(['enabled', 'pending', 'none']);
    const ready = byName.get('Maria Santos')!;
    const pending = byName.get('Dev Patel')!;
    expect(ready.completedOrders).toBeGreaterThan(0);
    expect(pending.unpaid.totalCents).toBeGreaterThan(0);
    const { payouts } = await listPayouts(database.db, ready.id);
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ status: 'paid' });
    expect(payouts[0]!.paidCents).toBeGreaterThan(0);
    expect(ready.totalEarnedCents).toBeGreaterThan(payouts[0]!.paidCents);
  });

  it('has invoices in each state and a subscription, sent through the staff tools', async () => {
    const all = await listInvoices(database.db, { status: 'all', q: '', page: 1, pageSize: 50 }, { now: new Date(), timeZone: config.timeZone });
    expect(all.invoices.map((i) => [i.kind, i.status, i.overdue]).sort()).toEqual([
      ['manual', 'paid', false],
      ['manual', 'pending', true],
      ['subscription', 'pending', false],
    ]);
    expect((await listSubscriptions(database.db)).subscriptions).toHaveLength(1);
  });

  it('weighs every open booking through the weighing service, one step at a time', async () => {
    const open = (await allOf(database)).filter(isOpen);
    expect(open.length).toBeGreaterThan(5);
    for (const b of open) {
      const now = new Date();
      // a pending booking's customer finishes paying first; then it is picked up, then weighed
      if (b.bookingStatus === 'pending') await payAtCheckout(services, await checkoutSessionOf(database.db, b.id));
      if ((await one(database, b.id)).bookingStatus === 'confirmed') await moveDemoBooking(services, b.id, 'in-progress', now);
      const result = await weighDemoBooking(services, b.id, b.bagQuantity * 120, now);
      expect(result.booking.id).toBe(b.id);
      expectMoneyAddsUp(await one(database, b.id));
    }
  });
});

describe('the demo seed on pglite: every open booking can be cancelled', () => {
  let database: Database & { dispose: () => Promise<void> };
  let services: DemoServices;
  beforeAll(async () => {
    ({ database, services } = await seeded('pglite'));
  }, 120_000);
  afterAll(async () => {
    await database?.dispose();
  });

  it('cancels every open booking through the staff status service, letting go of its hold', async () => {
    const open = (await allOf(database)).filter(isOpen);
    expect(open.length).toBeGreaterThan(5);
    for (const b of open) {
      const slot = and(eq(pickupSlots.pickupDate, b.pickupDate), eq(pickupSlots.pickupTime, b.pickupTime));
      const [before] = await database.db.select().from(pickupSlots).where(slot);
      await moveDemoBooking(services, b.id, 'cancelled', new Date());
      const after = await one(database, b.id);
      expect(after.bookingStatus).toBe('cancelled');
      // its place in the pick-up window goes back
      const [freed] = await database.db.select().from(pickupSlots).where(slot);
      expect(freed!.booked).toBe(before!.booked - 1);
      // the card's authorisation is released, at the gateway too: nothing is charged
      if (b.paymentIntentStatus === 'requires_capture') {
        expect(after).toMatchObject({ paymentIntentStatus: 'canceled', paymentStatus: 'refunded', capturedAmount: 0 });
        expect((await services.gateway.retrievePaymentIntent(b.stripePaymentIntentId!)).status).toBe('canceled');
      }
      // and what it held of a gift card is back on the card
      if (b.giftCardDiscountCents > 0) {
        const released = await database.db
          .select()
          .from(giftCardLedger)
          .where(and(eq(giftCardLedger.bookingId, b.id), eq(giftCardLedger.kind, 'release')));
        expect(released.map((r) => r.amountCents)).toEqual([b.giftCardDiscountCents]);
      }
    }
    expect(open.some((b) => b.paymentIntentStatus === 'requires_capture')).toBe(true);
    expect(open.some((b) => b.giftCardDiscountCents > 0)).toBe(true);
  });
});
