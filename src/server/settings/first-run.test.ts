// The first run (decision 055): a new installation in production takes no booking until a master
// admin confirms the business and opens the website; a plain admin cannot open it, an admin who
// confirmed older settings is told they changed, opening is audited and opening again is nothing.
// An installation upgraded from before Settings that has bookings already stays open.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOwner, staffCall, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { defaultSettings } from '../../shared/settings';
import { createAdmin } from '../admins/admins.service';
import { bookingFormInput, insertBooking } from '../bookings/booking.factory';
import type { BookingCheckout } from '../payments/checkout';
import { auditLog, businessSettings, user } from '../db/schema';
import { openForBookings, readSettings, seedFirstStartSettings } from './settings.service';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const ORIGIN = 'http://shop.test';
const checkout: BookingCheckout = { start: async (request) => ({ url: `https://checkout.test/${request.bookingId}` }) };

describe.each(testDatabaseKinds)('opening the website (%s)', (kind) => {
  let t: TestContext;
  let owner: StaffCall;
  let plainAdmin: StaffCall;
  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: ORIGIN }, { checkout, now: () => new Date('2026-11-20T15:00:00Z') });
    owner = await signInOwner(t, ORIGIN);
    const created = await createAdmin(t.database.db, t.auth, { email: 'plain@example.com', fullName: 'Plain Admin', role: 'admin' }, null);
    await t.database.db.update(user).set({ mustChangePassword: false }).where(eq(user.id, created.userId));
    const res = await t.app.request('/api/auth/sign-in/email', { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: JSON.stringify({ email: 'plain@example.com', password: created.temporaryPassword }) });
    plainAdmin = staffCall(t, ORIGIN, (res.headers.get('set-cookie') ?? '').split(';')[0]!);
  });
  afterAll(async () => {
    await t?.close();
  });

  const book = () => t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ pickupDate: '2026-11-23' }) }, headers: { 'x-forwarded-for': '198.51.100.7' } });

  it('a new installation in production waits for its owner: bookings are refused until a master admin opens it', async () => {
    const db = t.database.db;
    // as a production first start leaves it
    await db.delete(businessSettings);
    await seedFirstStartSettings(db, { zipCodes: defaultSettings.serviceArea.zipCodes, open: false });
    expect((await readSettings(db)).open).toBe(false);
    const settings = await owner('GET', '/api/admin/settings');
    expect(settings.json).toMatchObject({ open: false, version: 1 });

    const refused = await book();
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'opening_soon', message: expect.stringContaining('We are opening soon') });

    // a plain admin reads that it is closed but cannot open it
    expect((await plainAdmin('GET', '/api/admin/settings')).json).toMatchObject({ open: false, canEdit: false });
    const plain = await plainAdmin('POST', '/api/admin/settings/open', { version: 1 });
    expect(plain.status).toBe(403);

    // the owner confirmed what they saw; someone saved since: told so, nothing opened
    const saved = await owner('PUT', '/api/admin/settings', { section: 'business', version: 1, values: { ...defaultSettings.business, name: 'Suds & Sons Laundry' } });
    expect(saved.status).toBe(200);
    const stale = await owner('POST', '/api/admin/settings/open', { version: 1 });
    expect(stale.status).toBe(409);
    expect((stale.json as { error: { code: string } }).error.code).toBe('settings_changed');
    expect((await readSettings(db)).open).toBe(false);

    const opened = await owner('POST', '/api/admin/settings/open', { version: 2 });
    expect(opened.status).toBe(200);
    expect(opened.json).toMatchObject({ open: true, version: 3 });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'settings.opened'));
    expect(entry).toMatchObject({ targetType: 'settings', targetId: 'website', before: { open: false } });
    expect(entry!.after).toMatchObject({ open: true, name: 'Suds & Sons Laundry', perPoundCents: 175 });

    // opening an open website changes nothing
    const again = await owner('POST', '/api/admin/settings/open', { version: 1 });
    expect(again.json).toMatchObject({ open: true, version: 3 });
    expect(await db.select().from(auditLog).where(eq(auditLog.action, 'settings.opened'))).toHaveLength(1);

    expect((await book()).status).toBe(201);
  });

  it('an installation upgraded from before Settings that has taken bookings stays open, and development opens at once', async () => {
    const db = t.database.db;
    await db.delete(businessSettings);
    await insertBooking(db);
    await seedFirstStartSettings(db, { zipCodes: defaultSettings.serviceArea.zipCodes, open: false });
    expect((await readSettings(db)).open).toBe(true);
    await db.delete(businessSettings);
    await seedFirstStartSettings(db, { zipCodes: defaultSettings.serviceArea.zipCodes, open: true });
    expect((await readSettings(db)).open).toBe(true);
  });

  it('two owners opening at once: opened once, one audit entry, one version (20 times, 0–20 ms apart)', async () => {
    const db = t.database.db;
    const actor = (id: string) => ({ id, email: `${id}@example.com`, ip: '203.0.113.9', role: 'master_admin' });
    for (let round = 0; round < 20; round++) {
      await db.update(businessSettings).set({ openedAt: null });
      const { version } = await readSettings(db);
      const entriesBefore = (await db.select().from(auditLog).where(eq(auditLog.action, 'settings.opened'))).length;
      const both = await Promise.all([openForBookings(db, actor('first'), version), sleep(round % 21).then(() => openForBookings(db, actor('second'), version))]);
      expect(both.map((r) => [r.open, r.version])).toEqual([
        [true, version + 1],
        [true, version + 1],
      ]);
      expect(await db.select().from(auditLog).where(eq(auditLog.action, 'settings.opened'))).toHaveLength(entriesBefore + 1);
    }
  }, 60_000);
});
