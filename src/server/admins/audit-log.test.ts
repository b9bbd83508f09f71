// The Audit tab's endpoint (docs/design.md 6, 8): entries in words with names for ids, filtered by
// person, action and the business's days on the server, paged past any 100-row cap, master only.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, bothDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { confirmationNumber } from '../../shared/booking-values';
import type { AuditList } from '../../shared/schemas/audit';
import { insertBooking } from '../bookings/booking.factory';
import { deletedBookingDetails, recordAudit } from '../audit/record-audit';
import { auditLog, bookings, laundryPros, user } from '../db/schema';
import { insertGiftCard } from '../gift-cards/gift-card.factory';
import { createAdmin, createFirstMasterAdmin } from './admins.service';

const ORIGIN = 'http://localhost:3000';
const uuidAnywhere = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

describe.each(bothDatabaseKinds)('the audit log in words (%s)', (kind) => {
  let t: TestContext;
  let owner: { id: string; cookie: string };
  let plainCookie = '';
  const casey = { id: '', email: 'casey@washday.example', ip: '198.51.100.4' };

  async function signIn(email: string, password: string) {
    const res = await t.app.request('/api/auth/sign-in/email', { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: JSON.stringify({ email, password }) });
    return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  }
  async function page(query = '', cookie = owner.cookie) {
    const res = await t.app.request(`/api/admin/audit${query}`, { headers: { cookie, origin: ORIGIN } });
    return { status: res.status, body: (await res.json()) as AuditList & { error?: { message: string; fields?: Record<string, string> } } };
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    const first = await createFirstMasterAdmin(t.database.db, t.auth, { email: 'owner@washday.example', fullName: 'Olive Owner' });
    await t.database.db.update(user).set({ mustChangePassword: false }).where(eq(user.id, first.userId));
    owner = { id: first.userId, cookie: await signIn('owner@washday.example', first.temporaryPassword) };
    const plain = await createAdmin(t.database.db, t.auth, { email: casey.email, fullName: 'Casey Staff', role: 'admin' }, { id: first.userId, email: 'owner@washday.example', ip: null });
    casey.id = plain.userId;
    await t.database.db.update(user).set({ mustChangePassword: false }).where(eq(user.id, plain.userId));
    plainCookie = await signIn(casey.email, plain.temporaryPassword);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says each entry in words: who by name and email, the booking by its WD- code, other ids by their names', async () => {
    const booking = await insertBooking(t.database.db, { name: 'Jane Doe' });
    const gone = await insertBooking(t.database.db, { name: 'Gone Away' });
    const [pro] = await t.database.db.insert(laundryPros).values({ name: 'Maria Lopez', startDate: '2026-11-01' }).returning();
    const card = await insertGiftCard(t.database.db, { code: 'ABCD2345K7QX', recipientEmail: 'sam@example.com' });
    // a real action through the API, then ones recorded as their services record them
    const priced = await t.app.request(`/api/admin/bookings/${booking.id}/price-per-pound`, {
      method: 'POST',
      headers: { cookie: plainCookie, origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ pricePerPoundCents: 200 }),
    });
    expect(priced.status).toBe(200);
    await recordAudit(t.database.db, casey, { action: 'booking.laundry_pro_assigned', targetType: 'booking', targetId: booking.id, before: { laundryProId: null, perPoundPayoutCents: null }, after: { laundryProId: pro!.id, weighed: false } });
    await recordAudit(t.database.db, casey, { action: 'gift_card.email_resent', targetType: 'gift_card', targetId: card.id, after: { recipientEmail: 'sam@example.com' } });
    await recordAudit(t.database.db, casey, { action: 'booking.deleted', targetType: 'booking', targetId: gone.id, before: deletedBookingDetails(gone), after: { authorisationReleased: false, giftCardReturnedCents: 0 } });
    await t.database.db.delete(bookings).where(eq(bookings.id, gone.id));

    const { status, body } = await page(`?by=${encodeURIComponent(casey.email)}`);
    expect(status).toBe(200);
    // found by what they did: entries written within the same millisecond may list either way
    const byAction = (action: string) => body.entries.find((e) => e.action === action);
    const [deleted, resent, assigned, price] = ['booking.deleted', 'gift_card.email_resent', 'booking.laundry_pro_assigned', 'booking.price_per_pound_changed'].map(byAction);
    expect(price).toMatchObject({
      action: 'booking.price_per_pound_changed',
      label: 'Changed the price per lb',
      sentence: `Changed the price per lb of ${confirmationNumber(booking.id)} from $1.75 to $2.00`,
      who: { name: 'Casey Staff', email: casey.email },
      amountCents: 200,
      booking: { code: confirmationNumber(booking.id), exists: true },
    });
    expect(assigned!.sentence).toBe(`Assigned ${confirmationNumber(booking.id)} to Maria Lopez`);
    expect(resent!.sentence).toBe('Sent gift card ••••••••K7QX to sam@example.com again');
    expect(resent!.booking).toBeNull();
    expect(deleted).toMatchObject({ sentence: `Deleted ${confirmationNumber(gone.id)} (Gone Away)`, booking: { code: confirmationNumber(gone.id), exists: false } });
    // nothing people read is an id or a key
    for (const e of body.entries) expect(JSON.stringify([e.label, e.sentence, e.who, e.whoLabel, e.booking])).not.toMatch(uuidAnywhere);
    expect(body.people).toEqual(expect.arrayContaining([{ name: 'Casey Staff', email: casey.email }, { name: 'Olive Owner', email: 'owner@washday.example' }]));
    // the set-up made the first master admin: nobody signed in
    const setUp = (await page('?action=admin.create')).body.entries.find((e) => e.who === null);
    expect(setUp).toMatchObject({ whoLabel: 'Set-up', sentence: 'Created master admin Olive Owner (owner@washday.example) with a one-time password' });
  });

  it('pages on the server past 100 rows, newest first, with the total', async () => {
    const start = Date.parse('2026-10-01T12:00:00Z');
    await t.database.db.insert(auditLog).values(
      Array.from({ length: 130 }, (_, i) => ({
        at: new Date(start + i * 60_000),
        actorId: casey.id,
        actorEmail: casey.email,
        action: 'message.handled',
        targetType: 'contact_message',
        targetId: null,
      })),
    );
    const first = await page('?action=message.handled&pageSize=50');
    expect(first.body).toMatchObject({ total: 130, page: 1, pageSize: 50 });
    expect(first.body.entries).toHaveLength(50);
    expect(first.body.entries[0]!.at).toBe(new Date(start + 129 * 60_000).toISOString());
    const third = await page('?action=message.handled&pageSize=50&page=3');
    expect(third.body.entries).toHaveLength(30);
    expect(third.body.entries.at(-1)!.at).toBe(new Date(start).toISOString());
    // the default page is 25 rows
    expect((await page('?action=message.handled&page=6')).body.entries).toHaveLength(5);
    const seen = new Set([...first.body.entries, ...(await page('?action=message.handled&pageSize=50&page=2')).body.entries, ...third.body.entries].map((e) => e.id));
    expect(seen.size).toBe(130);
  });

  it("filters by the business's days: from its midnight to the midnight after to", async () => {
    const row = (at: string) => ({ at: new Date(at), actorId: owner.id, actorEmail: 'owner@washday.example', action: 'subscription.paused', targetType: 'subscription', targetId: null });
    // 23:30 on Nov 9 and 00:30 on Nov 10 in New York
    await t.database.db.insert(auditLog).values([row('2026-11-10T04:30:00Z'), row('2026-11-10T05:30:00Z'), row('2026-11-12T04:59:00Z')]);
    const on10th = await page('?action=subscription.paused&from=2026-11-10&to=2026-11-10');
    expect(on10th.body.entries.map((e) => e.at)).toEqual(['2026-11-10T05:30:00.000Z']);
    expect((await page('?action=subscription.paused&from=2026-11-10')).body.total).toBe(2);
    expect((await page('?action=subscription.paused&to=2026-11-09')).body.total).toBe(1);
  });

  it('answers a bad filter with a 400 naming it, and a plain admin with 403', async () => {
    const cases: [string, string, RegExp][] = [
      ['?action=booking.nope', 'action', /Unknown action/],
      ['?from=2026-13-01', 'from', /YYYY-MM-DD/],
      ['?from=2026-11-10&to=2026-11-09', 'to', /on or after from/],
      ['?page=0', 'page', /whole number/],
      ['?pageSize=500', 'pageSize', /10 to 100/],
      ['?limit=5', 'limit', /Unknown/i],
    ];
    for (const [query, field, message] of cases) {
      const { status, body } = await page(query);
      expect(status, query).toBe(400);
      expect(body.error?.fields?.[field], query).toMatch(message);
    }
    expect((await page('', plainCookie)).status).toBe(403);
  });
});
