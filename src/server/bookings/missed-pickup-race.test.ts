// A missed pick-up confirmed by two staff at once while the pro marks the laundry picked up, on
// PostgreSQL (PGlite runs one transaction at a time and would hide it): fired together 20 times,
// staggered 0-20 ms. The report and the booking are claimed before any money moves: the no-show
// fee is taken once or not at all, and never from laundry that was picked up.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInInvitedPro, signInOwner, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, type TestContext } from '../../../tests/helpers/test-app';
import type { LaundryPro } from '../../shared/schemas/laundry-pros';
import type { ProPortal } from '../../shared/schemas/pro-portal';
import { bookingMoneyFromLedger } from '../booking-money/booking-money';
import { bookingMoneyLedger, bookings, outbox } from '../db/schema';
import { bookingFormInput } from './booking.factory';

const ORIGIN = 'http://shop.test';
const now = () => new Date('2026-11-23T14:00:00Z'); // Monday 9:00 in South Carolina
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const later = <T>(ms: number, run: () => Promise<T>) => new Promise<T>((done, fail) => setTimeout(() => run().then(done, fail), ms));

if (!process.env.TEST_DATABASE_URL) {
  describe('a missed pick-up confirmed twice against picked up (postgres)', () => {
    it('needs TEST_DATABASE_URL (a PostgreSQL server: the race needs two transactions at once)', (ctx) => {
      // a printed reason: CI sets TEST_DATABASE_URL, so this runs there
      console.log('missed-pickup-race.test: skipped, needs TEST_DATABASE_URL (a PostgreSQL server: the race needs two transactions at once)');
      ctx.skip();
    });
  });
  console.log('missed-pickup-race.test.ts skipped: set TEST_DATABASE_URL to a PostgreSQL server to run the race.');
} else {
  describe('a missed pick-up confirmed twice against picked up (postgres)', () => {
    let t: TestContext;
    let staff: StaffCall;
    let pro: StaffCall;
    let rosa: LaundryPro;
    beforeAll(async () => {
      t = await createTestApp('postgres', { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN }, { now });
      staff = await signInOwner(t, ORIGIN);
      rosa = (await staff('POST', '/api/admin/pros', { name: 'Rosa Diaz', email: 'rosa.race@example.com' })).json.pro as LaundryPro;
      pro = (await signInInvitedPro(t, ORIGIN, staff, rosa)).call;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('20 times at once: the fee is captured once or not at all, never from laundry picked up', async () => {
      const db = t.database.db;
      const jobs: { id: string; assignmentId: string }[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ email: `race${i}@example.com`, pickupDate: '2026-11-25' }) } });
        const { booking_id: id, url } = (await res.json()) as { booking_id: string; url: string };
        await payLocalCheckout(t, url);
        await staff('POST', `/api/admin/bookings/${id}/laundry-pro`, { laundryProId: rosa.id });
        jobs.push({ id, assignmentId: '' });
      }
      const portal = (await pro('GET', '/api/pro/portal')).json as ProPortal;
      for (const job of jobs) {
        job.assignmentId = portal.jobs.find((j) => j.orderId === job.id.slice(0, 8).toUpperCase())!.assignmentId;
        expect((await pro.upload(`/api/pro/assignments/${job.assignmentId}/photos/no_show`, jpeg, 'image/jpeg')).status).toBe(200);
        expect((await pro('POST', `/api/pro/assignments/${job.assignmentId}/missed-pickup`, { reason: 'no_one_home' })).status).toBe(200);
      }
      const outcomes = { charged: 0, pickedUp: 0 };
      for (const [i, { id, assignmentId }] of jobs.entries()) {
        const [first, second, pickedUp] = await Promise.all([
          staff('POST', `/api/admin/bookings/${id}/missed-pickup/confirm`),
          later((i * 7) % 21, () => staff('POST', `/api/admin/bookings/${id}/missed-pickup/confirm`)),
          later((i * 13) % 21, () => pro('POST', `/api/pro/assignments/${assignmentId}/step`, { step: 'picked_up' })),
        ]);
        const confirmed = [first, second].filter((r) => r.status === 200);
        for (const r of [first, second]) expect([200, 409]).toContain(r.status);
        expect(confirmed.length).toBeLessThanOrEqual(1);
        const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
        const captures = await db.select().from(bookingMoneyLedger).where(and(eq(bookingMoneyLedger.bookingId, id), eq(bookingMoneyLedger.entry, 'capture')));
        const mails = await db.select().from(outbox).where(and(eq(outbox.bookingId, id), eq(outbox.kind, 'missed_pickup')));
        if (confirmed.length === 1) {
          outcomes.charged += 1;
          expect(pickedUp.status).toBe(409);
          expect([row!.bookingStatus, row!.capturedAmount, captures.length, mails.length]).toEqual(['cancelled', 2000, 1, 1]);
        } else {
          outcomes.pickedUp += 1;
          expect(pickedUp.status).toBe(200);
          expect([row!.bookingStatus, row!.capturedAmount, captures.length, mails.length]).toEqual(['in-progress', 0, 0, 0]);
        }
        expect(await bookingMoneyFromLedger(db, id)).toMatchObject({ captured: row!.capturedAmount, refunded: row!.refundedAmount });
      }
      expect(outcomes.charged + outcomes.pickedUp).toBe(20);
      console.log(`missed pick-up race: ${outcomes.charged} confirmed and charged once, ${outcomes.pickedUp} picked up first and never charged`);
    }, 180_000);
  });
}
