// The authorisation matrix, built from the server's own route table: a new /api/admin route
// without a row here fails this test.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/test-app';
import { insertBooking } from '../bookings/booking.factory';
import { insertGiftCard } from '../gift-cards/gift-card.factory';
import { account, contactMessages, laundryPros, manualInvoices, outbox, subscriptions, user } from '../db/schema';
import { defaultSettings } from '../../shared/settings';
import { createAdmin, createFirstMasterAdmin } from './admins.service';

const ORIGIN = 'http://localhost:3000';
type Who = 'anonymous' | 'non-admin' | 'laundry pro' | 'disabled admin' | 'admin' | 'master_admin';

let clock = new Date('2026-11-22T15:00:00Z');

describe('staff authorisation matrix', () => {
  let t: TestContext;
  const cookies: Partial<Record<Who, string>> = {};
  const passwords: Partial<Record<Who, string>> = {};
  let targetId = '';

  async function signIn(email: string, password: string) {
    const res = await t.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ email, password }),
    });
    return { status: res.status, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]! };
  }

  async function staff(who: Who, role: 'admin' | 'master_admin', email: string) {
    const created = role === 'master_admin' && who === 'master_admin' ? await createFirstMasterAdmin(t.database.db, t.auth, { email }) : await createAdmin(t.database.db, t.auth, { email, fullName: who, role }, null);
    await t.database.db.update(user).set({ mustChangePassword: false }).where(eq(user.id, created.userId));
    const { cookie } = await signIn(email, created.temporaryPassword);
    cookies[who] = cookie;
    passwords[who] = created.temporaryPassword;
    return created.userId;
  }

  beforeAll(async () => {
    t = await createTestApp('pglite', { AUTH_ATTEMPTS_PER_MINUTE: '20' }, { now: () => clock });
    await staff('master_admin', 'master_admin', 'master@example.com');
    await staff('admin', 'admin', 'admin@example.com');
    targetId = (await createAdmin(t.database.db, t.auth, { email: 'target@example.com', fullName: 'Target', role: 'admin' }, null)).userId;
    const disabledId = await staff('disabled admin', 'admin', 'disabled@example.com');
    await t.database.db.update(user).set({ banned: true }).where(eq(user.id, disabledId));
    // a signed-in account that is not staff (sign-up is off: made directly)
    const id = randomUUID();
    await t.database.db.insert(user).values({ id, name: 'Customer', email: 'customer@example.com', role: null });
    const hash = await (await t.auth.$context).password.hash('customer-password-1');
    await t.database.db.insert(account).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: hash });
    cookies['non-admin'] = (await signIn('customer@example.com', 'customer-password-1')).cookie;
    // a laundry pro signed in to the pro portal (decision 018): refused by every staff route
    const proUser = randomUUID();
    await t.database.db.insert(user).values({ id: proUser, name: 'Pro', email: 'pro@example.com', role: 'pro' });
    await t.database.db.insert(account).values({ id: randomUUID(), accountId: proUser, providerId: 'credential', userId: proUser, password: await (await t.auth.$context).password.hash('pro-password-12') });
    await t.database.db.insert(laundryPros).values({ name: 'Matrix Portal Pro', email: 'pro@example.com', startDate: '2026-11-24', userId: proUser });
    cookies['laundry pro'] = (await signIn('pro@example.com', 'pro-password-12')).cookie;
    expect(cookies['laundry pro']).not.toBe('');
    cookies.anonymous = '';
  });
  afterAll(async () => {
    await t?.close();
  });

  // a valid request for each route, and whether only a master_admin may use it
  const freshBooking = async () => (await insertBooking(t.database.db)).id;
  // the smallest PNG: the scale photo's body is the image itself (docs/design.md 9, files)
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const samples: Record<string, { masterOnly: boolean; body?: (who: Who) => unknown; image?: Uint8Array; ok: number; id?: () => Promise<string>; query?: string }> = {
    'GET /api/admin/me': { masterOnly: false, ok: 200 },
    'POST /api/admin/me/password': { masterOnly: false, ok: 200, body: (who) => ({ currentPassword: passwords[who] ?? 'x', newPassword: `new-password-for-${who.replace(/\W/g, '')}` }) },
    'GET /api/admin/admins': { masterOnly: false, ok: 200 },
    'POST /api/admin/admins': { masterOnly: true, ok: 201, body: () => ({ email: `new-${randomUUID()}@example.com` }) },
    'POST /api/admin/admins/:id/status': { masterOnly: true, ok: 200, body: () => ({ disabled: false }) },
    'POST /api/admin/admins/:id/reset-password': { masterOnly: true, ok: 200 },
    'GET /api/admin/audit': { masterOnly: true, ok: 200 },
    'GET /api/admin/stats': { masterOnly: false, ok: 200 },
    // decision 061: the System card, both roles
    'GET /api/admin/system': { masterOnly: false, ok: 200 },
    // the CSV exports (decision 027): both roles; everything at once, master admins only
    'GET /api/admin/exports/bookings.csv': { masterOnly: false, ok: 200 },
    'GET /api/admin/exports/customers.csv': { masterOnly: false, ok: 200 },
    'GET /api/admin/exports/gift-cards.csv': { masterOnly: false, ok: 200 },
    'GET /api/admin/exports/invoices.csv': { masterOnly: false, ok: 200 },
    'GET /api/admin/exports/assignments.csv': { masterOnly: false, ok: 200 },
    'GET /api/admin/exports/payouts.csv': { masterOnly: false, ok: 200 },
    'GET /api/admin/exports/washday-export.zip': { masterOnly: true, ok: 200 },
    'GET /api/admin/bookings': { masterOnly: false, ok: 200 },
    'GET /api/admin/schedule': { masterOnly: false, ok: 200 },
    'GET /api/admin/bookings/:id': { masterOnly: false, ok: 200, id: freshBooking },
    'POST /api/admin/bookings/:id/status': { masterOnly: false, ok: 200, id: freshBooking, body: () => ({ status: 'cancelled' }) },
    // live progress (decision 023), both roles: a picked-up booking moves to washing
    'POST /api/admin/bookings/:id/progress': { masterOnly: false, ok: 200, id: async () => (await insertBooking(t.database.db, { bookingStatus: 'in-progress', paymentStatus: 'paid' })).id, body: () => ({ stage: 'washing' }) },
    'POST /api/admin/bookings/:id/price-per-pound': { masterOnly: false, ok: 200, id: freshBooking, body: () => ({ pricePerPoundCents: 200 }) },
    // past the guard, the service answers: an unpaid booking has nothing to charge, no receipt yet
    'POST /api/admin/bookings/:id/weight': { masterOnly: false, ok: 409, id: freshBooking, body: () => ({ actualWeight: 12.5 }) },
    'GET /api/admin/bookings/:id/receipt': { masterOnly: false, ok: 409, id: freshBooking },
    'POST /api/admin/bookings/:id/receipt': { masterOnly: false, ok: 409, id: freshBooking },
    'POST /api/admin/bookings/:id/delivery-confirmation': { masterOnly: false, ok: 409, id: freshBooking },
    'DELETE /api/admin/bookings/:id': { masterOnly: false, ok: 200, id: freshBooking },
    // decision 031, both roles: a credit to a gift card of a booking whose card paid $10.00
    'POST /api/admin/bookings/:id/refunds': {
      masterOnly: false,
      ok: 200,
      id: async () => (await insertBooking(t.database.db, { bookingStatus: 'completed', paymentStatus: 'paid', capturedAmount: 1000 })).id,
      body: () => ({ idempotencyKey: randomUUID(), amountCents: 100, destination: 'gift_card', reason: 'Matrix check' }),
    },
    // decision 034, both roles; past the guard: a fresh booking is not weighed, so there is nothing to correct
    'POST /api/admin/bookings/:id/reweigh': {
      masterOnly: false,
      ok: 409,
      id: freshBooking,
      body: () => ({ requestKey: randomUUID(), actualWeight: 14.2, reason: 'Matrix check' }),
    },
    'PUT /api/admin/bookings/:id/scale-photo': { masterOnly: false, ok: 200, id: freshBooking, image: png },
    // past the guard: a fresh booking has no photo yet
    'GET /api/admin/bookings/:id/scale-photo': { masterOnly: false, ok: 404, id: freshBooking },
    // a customer who calls (decision 057), both roles; past the guard: the same window is refused, the same details change nothing
    'POST /api/admin/bookings/:id/move': { masterOnly: false, ok: 400, id: freshBooking, body: () => ({ pickupDate: '2026-11-23', pickupTime: '8am-12pm' }) },
    'PUT /api/admin/bookings/:id/details': {
      masterOnly: false,
      ok: 200,
      id: freshBooking,
      body: () => ({ name: 'Jane Doe', phone: '(803) 555-0142', address: '12 Main St', city: 'Lexington', zipCode: '29072', pickupLocation: 'front-door', specialInstructions: '', waterTemperature: 'cold', detergentType: 'standard', allergies: '', specialCareInstructions: '' }),
    },
    // a phone order (decision 058), both roles; past the guard: a fresh booking was not taken on the phone
    'POST /api/admin/phone-orders': {
      masterOnly: false,
      ok: 201,
      body: () => ({
        bookingData: { name: 'Jane Doe', email: `caller-${randomUUID()}@example.com`, phone: '(803) 555-0142', address: '12 Main St', city: 'Lexington', zipCode: '29072', pickupDate: '2026-11-25', pickupTime: '8am-12pm', pickupLocation: 'front-door', bagQuantity: 1 },
        promoCode: null,
        channel: 'email',
        submissionKey: randomUUID(),
      }),
    },
    'POST /api/admin/bookings/:id/pay-link': { masterOnly: false, ok: 409, id: freshBooking, body: () => ({ channel: 'email' }) },
    // a stop's photo and a missed pick-up (decision 057), both roles; past the guard: no photo, no report yet
    'GET /api/admin/bookings/:id/photos/:kind': { masterOnly: false, ok: 404, id: freshBooking },
    'POST /api/admin/bookings/:id/missed-pickup/confirm': { masterOnly: false, ok: 404, id: freshBooking },
    'POST /api/admin/bookings/:id/missed-pickup/dismiss': { masterOnly: false, ok: 404, id: freshBooking },
    'POST /api/admin/bookings/:id/missed-pickup/waive': { masterOnly: false, ok: 404, id: freshBooking, body: () => ({ idempotencyKey: randomUUID() }) },
    // a customer's page and notes (both roles: staff serve customers)
    'GET /api/admin/bookings/:id/customer': { masterOnly: false, ok: 200, id: freshBooking },
    'POST /api/admin/bookings/:id/customer/notes': { masterOnly: false, ok: 201, id: freshBooking, body: () => ({ body: 'Matrix note' }) },
    'GET /api/admin/messages': { masterOnly: false, ok: 200 },
    'POST /api/admin/messages/:id/handled': {
      masterOnly: false,
      ok: 200,
      body: () => ({ handled: true }),
      id: async () => (await t.database.db.insert(contactMessages).values({ name: 'A', email: 'a@example.com', subject: 'S', message: 'M' }).returning())[0]!.id,
    },
    'GET /api/admin/gift-cards': { masterOnly: false, ok: 200 },
    // spec: back-office 6 — both roles manage pros
    'GET /api/admin/pros': { masterOnly: false, ok: 200 },
    'POST /api/admin/pros': { masterOnly: false, ok: 201, body: () => ({ name: 'Matrix Pro' }) },
    'PUT /api/admin/pros/:id': {
      masterOnly: false,
      ok: 200,
      body: () => ({ name: 'Matrix Pro', status: 'inactive' }),
      id: async () => (await t.database.db.insert(laundryPros).values({ name: 'Matrix Pro', startDate: '2026-11-24' }).returning())[0]!.id,
    },
    'GET /api/admin/assignments': { masterOnly: false, ok: 200 },
    'POST /api/admin/pros/:id/connect-account': {
      masterOnly: false,
      ok: 200,
      id: async () => (await t.database.db.insert(laundryPros).values({ name: 'Matrix Pro', email: 'matrix-pro@example.com', startDate: '2026-11-24' }).returning())[0]!.id,
    },
    // past the guard: a pro with no account yet
    'POST /api/admin/pros/:id/connect-status': {
      masterOnly: false,
      ok: 409,
      id: async () => (await t.database.db.insert(laundryPros).values({ name: 'Matrix Pro', startDate: '2026-11-24' }).returning())[0]!.id,
    },
    'POST /api/admin/bookings/:id/laundry-pro': { masterOnly: false, ok: 200, id: freshBooking, body: () => ({ laundryProId: null }) },
    // past the guard: a pro with no payment account is not paid (decision 018)
    'POST /api/admin/pros/:id/payouts': {
      masterOnly: false,
      ok: 409,
      body: () => ({ requestKey: randomUUID(), expectedCents: 1065 }),
      id: async () => (await t.database.db.insert(laundryPros).values({ name: 'Matrix Pro', startDate: '2026-11-24' }).returning())[0]!.id,
    },
    'GET /api/admin/pros/:id/payouts': {
      masterOnly: false,
      ok: 200,
      id: async () => (await t.database.db.insert(laundryPros).values({ name: 'Matrix Pro', startDate: '2026-11-24' }).returning())[0]!.id,
    },
    // the staff tools and invoices (spec: back-office 6: both roles)
    'POST /api/admin/tools/terms': { masterOnly: false, ok: 200, body: () => ({ clientEmail: 'matrix-client@example.com' }) },
    'POST /api/admin/invoices': { masterOnly: false, ok: 201, body: () => ({ clientName: 'Matrix Gym', clientEmail: 'gym@example.com', dueDate: '2026-12-01', poundsTenths: 100 }) },
    'POST /api/admin/subscriptions': {
      masterOnly: false,
      ok: 201,
      body: () => ({ clientName: 'Matrix Office', clientEmail: 'office@example.com', description: 'Towels', monthlyPriceCents: 5000, startDate: '2026-11-24', billingDay: 1 }),
    },
    'GET /api/admin/invoices': { masterOnly: false, ok: 200 },
    'GET /api/admin/invoices/income': { masterOnly: false, ok: 200 },
    // the Reports tab (decision 026), both roles: a month's report
    'GET /api/admin/reports': { masterOnly: false, ok: 200, query: '?from=2026-11-01&to=2026-11-30' },
    'GET /api/admin/subscriptions': { masterOnly: false, ok: 200 },
    // the Settings tab (decision 055): both roles read; a master admin saves (the first save is on version 1)
    'GET /api/admin/settings': { masterOnly: false, ok: 200 },
    'PUT /api/admin/settings': { masterOnly: true, ok: 200, body: () => ({ section: 'business', version: 1, values: { ...defaultSettings.business, name: 'Matrix Laundry' } }) },
    // the test app's website is open already: opening it again is a no-op on any version
    'POST /api/admin/settings/open': { masterOnly: true, ok: 200, body: () => ({ version: 1 }) },
    // promo codes in Settings: each master's create is a new code; FIRST12 comes with the migrations
    'GET /api/admin/promo-codes': { masterOnly: false, ok: 200 },
    'POST /api/admin/promo-codes': {
      masterOnly: true,
      ok: 201,
      body: () => ({ code: `M${randomUUID().replace(/-/g, '').slice(0, 12)}`, description: '', bagRateCents: 2000, waivesAddOns: false, firstTimeOnly: false, validFrom: null, validUntil: null, maxUses: null, maxUsesPerCustomer: null }),
    },
    'POST /api/admin/promo-codes/:code': { masterOnly: true, ok: 200, id: async () => 'FIRST12', body: () => ({ action: 'pause' }) },
    'POST /api/admin/subscriptions/:id/status': {
      masterOnly: false,
      ok: 200,
      body: () => ({ status: 'paused' }),
      id: async () =>
        (
          await t.database.db
            .insert(subscriptions)
            .values({ clientName: 'M', clientEmail: 'm@example.com', description: 'Towels', monthlyPriceCents: 100, startDate: '2026-11-24', billingDay: 1, nextBillingDate: '2026-12-01' })
            .returning()
        )[0]!.id,
    },
    'POST /api/admin/invoices/:id/paid': {
      masterOnly: false,
      ok: 200,
      id: async () =>
        (
          await t.database.db
            .insert(manualInvoices)
            .values({ invoiceNumber: `INV-M${randomUUID().slice(0, 8)}`, clientName: 'M', clientEmail: 'm@example.com', lines: [], subtotalCents: 100, taxCents: 0, totalCents: 100, dueDate: '2026-12-01' })
            .returning()
        )[0]!.id,
    },
    'POST /api/admin/pros/:id/portal-invite': {
      masterOnly: false,
      ok: 200,
      id: async () => (await t.database.db.insert(laundryPros).values({ name: 'Matrix Pro', email: `matrix-${randomUUID()}@example.com`, startDate: '2026-11-24' }).returning())[0]!.id,
    },
    // decision 041, both roles: a pro with a portal account of their own loses it
    'POST /api/admin/pros/:id/portal-revoke': {
      masterOnly: false,
      ok: 200,
      id: async () => {
        const id = randomUUID();
        await t.database.db.insert(user).values({ id, name: 'Revoked Pro', email: `revoked-${id}@example.com`, role: 'pro' });
        return (await t.database.db.insert(laundryPros).values({ name: 'Matrix Pro', email: `revoked-${id}@example.com`, startDate: '2026-11-24', userId: id }).returning())[0]!.id;
      },
    },
    'POST /api/admin/gift-cards/:id/resend': { masterOnly: false, ok: 200, id: async () => (await insertGiftCard(t.database.db)).id },
    'GET /api/admin/outbox': { masterOnly: false, ok: 200 },
    'POST /api/admin/outbox/:id/resend': {
      masterOnly: false,
      ok: 200,
      id: async () =>
        (await t.database.db.insert(outbox).values({ channel: 'email', kind: 'test', dedupeKey: randomUUID(), recipient: 'a@example.com', payload: { html: '', text: '' }, status: 'failed' }).returning())[0]!.id,
    },
  };

  it('covers every /api/admin route of the app, and each answers 401/403/2xx as designed', async () => {
    const routes = t.app.routes.filter((r) => r.path.startsWith('/api/admin/') && r.method !== 'ALL').map((r) => `${r.method} ${r.path}`);
    expect(new Set(routes)).toEqual(new Set(Object.keys(samples)));
    const expected = (who: Who, masterOnly: boolean, ok: number) =>
      who === 'anonymous' || who === 'disabled admin' ? [401, 403] : who === 'non-admin' || who === 'laundry pro' ? [403] : who === 'admin' && masterOnly ? [403] : [ok];
    const rows: string[] = [];
    for (const key of Object.keys(samples)) {
      const [method, path] = key.split(' ') as [string, string];
      const sample = samples[key]!;
      for (const who of ['anonymous', 'non-admin', 'laundry pro', 'disabled admin', 'admin', 'master_admin'] as Who[]) {
        const body = sample.body?.(who);
        const id = sample.id ? await sample.id() : targetId;
        const res = await t.app.request(path.replace(/:(id|code)\b/, id).replace(':kind', 'pickup') + (sample.query ?? ''), {
          method,
          headers: { cookie: cookies[who] ?? '', origin: ORIGIN, ...(body !== undefined ? { 'content-type': 'application/json' } : sample.image ? { 'content-type': 'image/png' } : {}) },
          ...(body !== undefined ? { body: JSON.stringify(body) } : sample.image ? { body: new Uint8Array(sample.image) } : {}),
        });
        if (!expected(who, sample.masterOnly, sample.ok).includes(res.status)) rows.push(`${key} as ${who}: ${res.status}`);
      }
    }
    expect(rows).toEqual([]);
    // six callers on every route, one request at a time: about 450 requests, over 30 s beside the browser suite
  }, 120_000);

  it('covers every /api/pro route: only a laundry pro’s session opens it (decision 018)', async () => {
    const proSamples: Record<string, { ok: number; path: string; body?: unknown }> = {
      'GET /api/pro/portal': { ok: 200, path: '/api/pro/portal' },
      // past the guard: not one of this pro's jobs
      'POST /api/pro/assignments/:id/step': { ok: 404, path: `/api/pro/assignments/${randomUUID()}/step`, body: { step: 'picked_up' } },
      'POST /api/pro/assignments/:id/on-my-way': { ok: 404, path: `/api/pro/assignments/${randomUUID()}/on-my-way`, body: { minutes: 15 } },
      'GET /api/pro/statement': { ok: 200, path: '/api/pro/statement?year=2026' },
      'POST /api/pro/assignments/:id/missed-pickup': { ok: 404, path: `/api/pro/assignments/${randomUUID()}/missed-pickup`, body: { reason: 'no_one_home' } },
      'PUT /api/pro/assignments/:id/photos/:kind': { ok: 404, path: `/api/pro/assignments/${randomUUID()}/photos/pickup`, body: 'image' },
    };
    const routes = t.app.routes.filter((r) => r.path.startsWith('/api/pro/') && r.method !== 'ALL').map((r) => `${r.method} ${r.path}`);
    expect(new Set(routes)).toEqual(new Set(Object.keys(proSamples)));
    const rows: string[] = [];
    for (const [key, sample] of Object.entries(proSamples)) {
      for (const who of ['anonymous', 'non-admin', 'disabled admin', 'admin', 'master_admin', 'laundry pro'] as Who[]) {
        const res = await t.app.request(sample.path, {
          method: key.split(' ')[0],
          // a photo's body is the image itself
          headers: { cookie: cookies[who] ?? '', origin: ORIGIN, ...(sample.body ? { 'content-type': sample.body === 'image' ? 'image/png' : 'application/json' } : {}) },
          ...(sample.body ? { body: sample.body === 'image' ? new Uint8Array(png) : JSON.stringify(sample.body) } : {}),
        });
        const expected = who === 'laundry pro' ? [sample.ok] : who === 'anonymous' || who === 'disabled admin' ? [401, 403] : [403];
        if (!expected.includes(res.status)) rows.push(`${key} as ${who}: ${res.status}`);
      }
    }
    expect(rows).toEqual([]);
  });

  it('20 wrong passwords within a minute → 429; the right password works again after the window', async () => {
    clock = new Date(clock.getTime() + 61_000); // a fresh window: the sign-ins above counted too
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await signIn('admin@example.com', `wrong-${i}-password`)).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    expect((await signIn('admin@example.com', 'new-password-for-admin')).status).toBe(429);
    clock = new Date(clock.getTime() + 61_000);
    expect((await signIn('admin@example.com', 'new-password-for-admin')).status).toBe(200);
  });
});
