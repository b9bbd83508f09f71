// decision 055: the business's own notices (a contact message, an abandoned checkout) go to the
// notices address its owner set in Settings, not to the customer-facing address nor the spec's;
// every email speaks for the business as its settings say, its calendar file too, and two emails
// rendered at once for different settings do not mix.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOwner, signInToOrders, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { defaultSettings } from '../../shared/settings';
import { insertBooking } from '../bookings/booking.factory';
import { outbox } from '../db/schema';
import { bookingEmailData, queueAbandonedNotices } from './notifications.service';
import { enqueueSms } from './outbox.service';
import { queueEmail, renderEmail } from './send-email';

const ORIGIN = 'http://shop.test';

describe.each(testDatabaseKinds)('the business’s notices (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;
  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: ORIGIN });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  const recipientsOf = async (kind: string) => (await t.database.db.select().from(outbox).where(eq(outbox.kind, kind))).map((r) => r.recipient);

  it('go to the notices address set in Settings, from the moment it is saved', async () => {
    const before = await t.request('/api/contact', { method: 'POST', json: { name: 'Before', email: 'before@example.com', subject: 'Hours', message: 'When do you open?' }, headers: { 'x-forwarded-for': '198.51.100.1' } });
    expect(before.status).toBe(201);
    expect(await recipientsOf('contact_message')).toEqual([defaultSettings.business.noticesEmail]);

    const read = await staff('GET', '/api/admin/settings');
    const saved = await staff('PUT', '/api/admin/settings', { section: 'business', version: read.json.version as number, values: { ...defaultSettings.business, email: 'hello@suds.example', noticesEmail: 'owner@suds.example' } });
    expect(saved.status).toBe(200);

    const after = await t.request('/api/contact', { method: 'POST', json: { name: 'After', email: 'after@example.com', subject: 'Hours', message: 'And on Sundays?' }, headers: { 'x-forwarded-for': '198.51.100.2' } });
    expect(after.status).toBe(201);
    expect(await recipientsOf('contact_message')).toEqual([defaultSettings.business.noticesEmail, 'owner@suds.example']);

    const booking = await insertBooking(t.database.db);
    await queueAbandonedNotices(t.database.db, booking.id, { publicUrl: ORIGIN, secret: t.config.sessionSecret });
    expect(await recipientsOf('abandoned_business')).toEqual(['owner@suds.example']);
  });

  it('every email speaks for the business as its settings say: its name and phone in the confirmation and its .ics', async () => {
    const read = await staff('GET', '/api/admin/settings');
    const business = { ...(read.json.settings.business as typeof defaultSettings.business), name: 'Suds & Sons Laundry', phone: '(803) 555-0199' };
    expect((await staff('PUT', '/api/admin/settings', { section: 'business', version: read.json.version as number, values: business })).status).toBe(200);
    const booking = await insertBooking(t.database.db);
    await queueEmail(t.database.db, 'bookingConfirmation', bookingEmailData(booking, { publicUrl: ORIGIN, secret: t.config.sessionSecret }), { to: booking.email, dedupeKey: `settings-test:${booking.id}` });
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.dedupeKey, `settings-test:${booking.id}`));
    const payload = mail!.payload as { html: string; text: string; attachments: { content: string }[] };
    expect(payload.text).toContain('Suds & Sons Laundry');
    expect(payload.text).toContain('(803) 555-0199');
    expect(payload.text).not.toContain(defaultSettings.business.name);
    expect(payload.attachments[0]!.content).toContain('Laundry pick-up (Suds & Sons Laundry)');
    expect(payload.attachments[0]!.content).toContain('(803) 555-0199');
    // a text opens with the name too
    await enqueueSms(t.database.db, { dedupeKey: `settings-sms:${booking.id}`, kind: 'test_sms', to: '+18035550100', text: 'your pick-up is booked.' });
    const [sms] = await t.database.db.select().from(outbox).where(eq(outbox.dedupeKey, `settings-sms:${booking.id}`));
    expect(sms!.payload).toEqual({ body: 'Suds & Sons Laundry: your pick-up is booked.' });
    // "Download my data" (decision 021) names the business that keeps the data, as its settings say
    const customer = await insertBooking(t.database.db, { email: 'ada.settings@example.com', paymentStatus: 'paid', bookingStatus: 'confirmed', confirmedAt: new Date() });
    const cookie = await signInToOrders(t, ORIGIN, customer.email, customer.email);
    const exported = await t.request('/api/orders/export', { headers: { cookie } });
    expect(exported.status).toBe(200);
    expect(((await exported.json()) as { business: string }).business).toBe('Suds & Sons Laundry');
  });

  it('two emails rendered at once for different settings each name their own business', async () => {
    const data = { name: 'Riley', url: `${ORIGIN}/admin/reset-password?token=x`, linkMinutes: 60 };
    const as = (name: string) => ({ ...defaultSettings, business: { ...defaultSettings.business, name } });
    const [a, b] = await Promise.all([renderEmail('passwordReset', data, as('First Laundry')), renderEmail('passwordReset', data, as('Second Laundry'))]);
    expect(a.text).toContain('First Laundry');
    expect(a.text).not.toContain('Second Laundry');
    expect(b.text).toContain('Second Laundry');
    expect(b.text).not.toContain('First Laundry');
  });

  it('the prices and the no-show fee an email states are the settings’: the confirmation and the terms', async () => {
    const priced = { ...defaultSettings, prices: { ...defaultSettings.prices, perPoundCents: 200, noShowFeeCents: 3500 } };
    const booking = await insertBooking(t.database.db);
    const confirmation = await renderEmail('bookingConfirmation', bookingEmailData(booking, { publicUrl: ORIGIN, secret: t.config.sessionSecret }), priced);
    expect(confirmation.text).toContain('$35 no-show fee');
    expect(confirmation.text).not.toContain('$20 no-show fee');
    const terms = await renderEmail('termsEmail', { clientName: 'Riley', termsUrl: `${ORIGIN}/terms` }, priced);
    // $2.00 × 12 lb × 1.5 = $36.00 a bag (spec: customer-site 9)
    expect(terms.text).toContain('$36.00 per 13-gallon bag (about 12 lb at $2.00/lb');
    expect(terms.text).toContain('a $35 no-show fee applies');
    expect(terms.text).not.toContain('$1.75');
  });
});
