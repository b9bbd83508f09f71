// "Delete my data" (decision 022): only with nothing open, held or owed; then the orders stay as
// the business's money record without the customer's details, and everything else about them goes:
// consents, contact messages, staff notes, mail, sessions. A first-time offer still knows them.
// Anyone else's data stays; two requests at once erase once. An unpaid booking names nobody: a
// session reaches the other address on an order only when that order was confirmed (decision 037).
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInToOrders } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { bookingFormInput, insertBooking as insertRow } from '../bookings/booking.factory';
import { auditLog, bookingRatings, bookings, contactMessages, customerNotes, customerSessions, manualInvoices, outbox, smsConsents } from '../db/schema';

const ORIGIN = 'http://localhost:3000';
const clock = new Date('2026-11-23T14:00:00Z'); // Monday 9:00 in South Carolina
const now = () => clock;
const confirm = { confirm: 'DELETE' };
// a booking confirmed (paid) before the tests' day, unless it says otherwise: only such a booking names a customer (decision 037)
const insertBooking = (db: Parameters<typeof insertRow>[0], row: Parameters<typeof insertRow>[1]) => insertRow(db, { confirmedAt: new Date('2026-11-05T12:00:00Z'), ...row });

describe.each(testDatabaseKinds)('deleting a customer\'s data (%s)', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now });
  });
  afterAll(async () => {
    await t?.close();
  });

  const erase = (cookie: string, body: unknown = confirm) => t.request('/api/orders/erase', { method: 'POST', json: body, headers: { cookie, origin: ORIGIN } });
  const errorOf = async (res: Response) => ((await res.json()) as { error: { message: string; fields?: Record<string, string> } }).error;
  const rowsOf = (email: string) => t.database.db.select().from(bookings).where(eq(bookings.email, email));

  it('refused while an order is open, held or owed, or an invoice is unpaid; nothing erased', async () => {
    const cases: [string, Parameters<typeof insertBooking>[1], RegExp][] = [
      ['upcoming@example.com', { bookingStatus: 'confirmed', pickupDate: '2026-11-25' }, /Still open: WD-/],
      ['owes@example.com', { bookingStatus: 'delivered', amountDueCents: 850 }, /Still open: WD-/],
      ['held@example.com', { bookingStatus: 'cancelled', paymentIntentStatus: 'requires_capture' }, /Still open: WD-/],
      ['invoiced@example.com', { bookingStatus: 'delivered' }, /unpaid invoice/],
    ];
    await t.database.db.insert(manualInvoices).values({ invoiceNumber: 'INV-9001', clientName: 'I', clientEmail: 'invoiced@example.com', lines: [], subtotalCents: 4050, totalCents: 4050, dueDate: '2026-12-01' });
    for (const [email, booking, reason] of cases) {
      await insertBooking(t.database.db, { email, pickupDate: '2026-11-16', ...booking });
      const cookie = await signInToOrders(t, ORIGIN, email, email);
      const listed = (await (await t.request('/api/orders', { headers: { cookie } })).json()) as { canErase: boolean };
      expect(listed.canErase, email).toBe(false);
      const res = await erase(cookie);
      expect(res.status, email).toBe(409);
      expect((await errorOf(res)).message, email).toMatch(reason);
      expect((await rowsOf(email))[0]!.name, email).not.toBe('Deleted customer');
    }
  });

  it('without DELETE typed, signed out, or from another site: refused', async () => {
    await insertBooking(t.database.db, { email: 'careful@example.com', bookingStatus: 'delivered', pickupDate: '2026-11-16' });
    const cookie = await signInToOrders(t, ORIGIN, 'careful@example.com', 'careful@example.com');
    const res = await erase(cookie, { confirm: 'delete' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.confirm).toMatch(/Type DELETE/);
    expect((await t.request('/api/orders/erase', { method: 'POST', json: confirm, headers: { origin: ORIGIN } })).status).toBe(401);
    expect((await t.request('/api/orders/erase', { method: 'POST', json: confirm, headers: { cookie, origin: 'https://evil.example' } })).status).toBe(403);
    expect((await rowsOf('careful@example.com'))[0]!.name).not.toBe('Deleted customer');
  });

  it('erases their details and keeps the money record; nobody else is touched', async () => {
    const db = t.database.db;
    const jane = { email: 'Jane.Doe@example.com', phone: '+18035550141', name: 'Jane Doe', address: '1 Elm St', allergies: 'Lavender', smsConsent: true };
    const a = await insertBooking(db, { ...jane, bookingStatus: 'delivered', pickupDate: '2026-11-09', confirmedAt: new Date('2026-11-05T12:00:00Z'), paymentStatus: 'paid', capturedAmount: 2585, finalTotalAmount: 2585 });
    const b = await insertBooking(db, { ...jane, bookingStatus: 'cancelled', pickupDate: '2026-11-13', confirmedAt: null });
    const sam = await insertBooking(db, { email: 'sam@example.com', phone: '+18035550142', name: 'Sam Roe', bookingStatus: 'delivered', pickupDate: '2026-11-09', smsConsent: true });
    await db.insert(smsConsents).values([{ bookingId: a.id, phone: jane.phone, consentText: 'yes' }, { bookingId: sam.id, phone: sam.phone, consentText: 'yes' }]);
    await db.insert(contactMessages).values([{ name: 'Jane', email: 'jane.doe@example.com', subject: 'Hi', message: 'About my silk' }, { name: 'Sam', email: 'sam@example.com', subject: 'Hi', message: 'Sam here' }]);
    await db.insert(customerNotes).values([{ emailKey: a.emailKey, body: 'Prefers mornings' }, { emailKey: sam.emailKey, body: 'Dog at the door' }]);
    // decision 063: their rating's stars stay with the order, their words go
    await db.insert(bookingRatings).values([{ bookingId: a.id, stars: 2, comment: 'Ask for Sam, 1 Elm St', ratedAt: clock }, { bookingId: sam.id, stars: 5, comment: 'Lovely', ratedAt: clock }]);
    await db.insert(auditLog).values({ action: 'customer.note_added', targetType: 'booking', targetId: a.id, after: { body: 'Prefers mornings' } });
    const cookie = await signInToOrders(t, ORIGIN, 'jane.doe@example.com', 'Jane.Doe@example.com');
    const other = await signInToOrders(t, ORIGIN, 'sam@example.com', 'sam@example.com');
    expect(((await (await t.request('/api/orders', { headers: { cookie } })).json()) as { canErase: boolean }).canErase).toBe(true);

    const res = await erase(cookie);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toMatch(/deleted and you are signed out/);
    // this device's cookie is cleared, and the session is gone on every device
    expect(res.headers.get('set-cookie')).toMatch(/wd_orders=;/);
    expect((await t.request('/api/orders', { headers: { cookie } })).status).toBe(401);

    for (const row of await db.select().from(bookings).where(inArray(bookings.id, [a.id, b.id]))) {
      expect(row).toMatchObject({ name: 'Deleted customer', email: 'deleted-customer@erased.invalid', phone: '', address: '', allergies: '', smsConsent: false, clientIp: null, city: 'Lexington', zipCode: '29072' });
      expect(row.emailKey).toMatch(/^erased:[0-9a-f]{40}$/);
      expect(row.phoneKey).toMatch(/^erased:[0-9a-f]{40}$/);
    }
    expect((await db.select().from(bookings).where(eq(bookings.id, a.id)))[0]).toMatchObject({ capturedAmount: 2585, finalTotalAmount: 2585, bookingStatus: 'delivered', paymentStatus: 'paid' });
    expect(await db.select().from(smsConsents).where(eq(smsConsents.bookingId, a.id))).toHaveLength(0);
    expect((await db.select().from(contactMessages)).map((m) => m.name)).toEqual(['Sam']);
    expect((await db.select().from(customerNotes)).map((n) => n.body)).toEqual(['Dog at the door']);
    expect(await db.select({ id: bookingRatings.bookingId, stars: bookingRatings.stars, comment: bookingRatings.comment }).from(bookingRatings).where(inArray(bookingRatings.bookingId, [a.id, sam.id]))).toEqual(
      expect.arrayContaining([{ id: a.id, stars: 2, comment: null }, { id: sam.id, stars: 5, comment: 'Lovely' }]),
    );
    const [note] = await db.select().from(auditLog).where(and(eq(auditLog.targetId, a.id), eq(auditLog.action, 'customer.note_added')));
    expect(note!.after).toEqual({ erased: true });
    expect(await db.select().from(customerSessions).where(eq(customerSessions.emailKey, a.emailKey))).toHaveLength(0);
    // their mail is gone but for the confirmation they asked for
    const mail = await db.select().from(outbox).where(inArray(outbox.recipient, ['Jane.Doe@example.com', jane.phone]));
    expect(mail.map((m) => m.kind)).toEqual(['customer_data_erased']);
    expect((mail[0]!.payload as { text: string }).text).toContain('your 2 orders stay on our books with the amounts, dates and town only');
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'customer.erased'));
    expect(entry).toMatchObject({ actorId: null, after: { orders: 2, by: 'customer' } });
    expect(JSON.stringify(entry)).not.toMatch(/jane/i);

    // Sam keeps everything, and is still signed in
    expect((await db.select().from(bookings).where(eq(bookings.id, sam.id)))[0]).toMatchObject({ name: 'Sam Roe', email: 'sam@example.com', smsConsent: true });
    expect(await db.select().from(smsConsents).where(eq(smsConsents.bookingId, sam.id))).toHaveLength(1);
    expect((await t.request('/api/orders', { headers: { cookie: other } })).status).toBe(200);

    // asking for a link again finds nothing of Jane's to show
    const before = (await db.select().from(outbox)).length;
    expect((await t.request('/api/orders/sign-in-link', { method: 'POST', json: { address: 'jane.doe@example.com' }, headers: { origin: ORIGIN } })).status).toBe(200);
    expect(await db.select().from(outbox)).toHaveLength(before);

    // a first-time offer still knows her: FIRST12 is for a first booking only (refused when she books: decision 037)
    const again = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ email: 'jane.doe+again@example.com', phone: '(803) 555-0199', pickupDate: '2026-11-25' }), promoCode: 'FIRST12', giftCardCode: null } });
    expect(again.status).toBe(422);
    expect((await errorOf(again)).fields?.promoCode).toMatch(/first/i);
  });

  it('two requests at once erase once', async () => {
    await insertBooking(t.database.db, { email: 'twice@example.com', bookingStatus: 'delivered', pickupDate: '2026-11-16' });
    const cookie = await signInToOrders(t, ORIGIN, 'twice@example.com', 'twice@example.com');
    const [r1, r2] = await Promise.all([erase(cookie), erase(cookie)]);
    expect([r1.status, r2.status].filter((s) => s === 200)).toHaveLength(1);
    expect([r1.status, r2.status].filter((s) => s !== 200).every((s) => s === 401 || s === 404)).toBe(true);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.recipient, 'twice@example.com'))).toHaveLength(1);
  });
  it('an order nobody paid for names nobody: what a session downloads and deletes reaches only the addresses that are its customer’s', async () => {
    const db = t.database.db;
    // Vic paid for a pick-up, agreed to texts, wrote to us, and is signed in by phone and by email
    const vic = { email: 'vic@example.com', phone: '+18035550160' };
    await insertBooking(db, { ...vic, name: 'Vic Victim', bookingStatus: 'delivered', pickupDate: '2026-11-09', smsConsent: true });
    await db.insert(contactMessages).values({ name: 'Vic', email: vic.email, subject: 'Private', message: 'My door code is 4471' });
    await db.insert(customerNotes).values({ emailKey: 'vic@example.com', body: 'Gate code 4471' });
    const vicByPhone = await signInToOrders(t, ORIGIN, vic.phone, vic.phone);
    const vicByEmail = await signInToOrders(t, ORIGIN, vic.email, vic.email);
    // Max and Moe each paid for one of their own, and started a checkout they never paid with one of Vic's addresses
    const max = { email: 'max@example.com', phone: '+18035550161' };
    const moe = { email: 'moe@example.com', phone: '+18035550162' };
    for (const who of [max, moe]) await insertBooking(db, { ...who, bookingStatus: 'delivered', pickupDate: '2026-11-09', smsConsent: true });
    await insertBooking(db, { email: vic.email, phone: max.phone, bookingStatus: 'cancelled', pickupDate: '2026-11-13', confirmedAt: null });
    await insertBooking(db, { email: moe.email, phone: vic.phone, bookingStatus: 'cancelled', pickupDate: '2026-11-13', confirmedAt: null });

    // Max, signed in by his phone: his download holds nothing Vic wrote, and deleting his data deletes nothing of Vic's
    const maxByPhone = await signInToOrders(t, ORIGIN, max.phone, max.phone);
    const exported = await (await t.request('/api/orders/export', { headers: { cookie: maxByPhone } })).text();
    expect(exported).not.toContain('4471');
    expect((await erase(maxByPhone)).status).toBe(200);
    // Moe, signed in by his email, deletes his data
    expect((await erase(await signInToOrders(t, ORIGIN, moe.email, moe.email))).status).toBe(200);

    expect((await db.select().from(contactMessages).where(eq(contactMessages.email, vic.email))).map((m) => m.message)).toEqual(['My door code is 4471']);
    expect((await db.select().from(customerNotes).where(eq(customerNotes.emailKey, 'vic@example.com'))).map((n) => n.body)).toEqual(['Gate code 4471']);
    for (const cookie of [vicByPhone, vicByEmail]) expect((await t.request('/api/orders', { headers: { cookie } })).status).toBe(200);
    expect((await db.select().from(outbox).where(eq(outbox.recipient, vic.phone))).map((m) => m.kind)).toEqual(['orders_sign_in_sms']);
    expect((await db.select().from(outbox).where(eq(outbox.recipient, vic.email))).map((m) => m.kind)).toEqual(['orders_sign_in_link']);
    // each one's confirmation went to his own address
    for (const who of [max, moe]) expect((await db.select().from(outbox).where(eq(outbox.recipient, who.email))).map((m) => m.kind)).toEqual(['customer_data_erased']);
  });
});
