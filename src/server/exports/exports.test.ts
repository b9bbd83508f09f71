// The back office's CSV exports and the master admin's zip (decision 027), on PGlite and PostgreSQL:
// the header and one row per record, dollars with two decimals, dates in the business time zone,
// formula injection neutralised, gift-card codes masked, the tabs' filters, the roles.
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOwner, staffCall, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, bothDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { createAdmin } from '../admins/admins.service';
import { insertBooking } from '../bookings/booking.factory';
import { auditLog, laundryAssignments, laundryPros, manualInvoices, paymentOperations, payoutItems, payouts, user } from '../db/schema';
import { insertGiftCard } from '../gift-cards/gift-card.factory';
import { eq, sql } from 'drizzle-orm';
import { dollarsText, keysetPages, poundsText } from './csv';

const ORIGIN = 'http://localhost:3000';
const BOM = '\uFEFF';

/** The file's text with its byte-order mark kept (TextDecoder drops it unless told not to). */
const textOf = (bytes: ArrayBuffer | Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

function rowsOf(text: string): string[][] {
  expect(text.startsWith(BOM)).toBe(true);
  return parse(text.slice(BOM.length), { relax_column_count: false }) as string[][];
}

describe('csv helpers', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1065, '10.65'],
    [100000, '1000.00'],
    [-250, '-2.50'],
  ])('%i cents is %s dollars', (cents, text) => expect(dollarsText(cents)).toBe(text));

  it.each([
    [null, ''],
    [0, '0.0'],
    [142, '14.2'],
  ])('%s tenths of a pound is "%s"', (tenths, text) => expect(poundsText(tenths)).toBe(text));

  it('reads a keyset query page by page, every row once, and stops at a short page', async () => {
    const all = Array.from({ length: 1234 }, (_, i) => i);
    const asked: (number | null)[] = [];
    const rows: unknown[] = [];
    for await (const page of keysetPages(
      async (after: number | null, size) => {
        asked.push(after);
        return all.filter((n) => after === null || n > after).slice(0, size);
      },
      (n) => n,
      (n) => [n],
      500,
    ))
      rows.push(...page);
    expect(rows).toEqual(all.map((n) => [n]));
    expect(asked).toEqual([null, 499, 999]);
  });
});

describe.each(bothDatabaseKinds)('exports (%s)', (kind) => {
  let t: TestContext;
  let owner: StaffCall;
  let admin: StaffCall;
  let giftCode = '';

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: () => new Date('2026-11-26T15:00:00Z') });
    owner = await signInOwner(t, ORIGIN);
    const created = await createAdmin(t.database.db, t.auth, { email: 'plain@example.com', fullName: 'Plain', role: 'admin' }, null);
    await t.database.db.update(user).set({ mustChangePassword: false }).where(eq(user.id, created.userId));
    const res = await t.app.request('/api/auth/sign-in/email', { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: JSON.stringify({ email: 'plain@example.com', password: created.temporaryPassword }) });
    admin = staffCall(t, ORIGIN, (res.headers.get('set-cookie') ?? '').split(';')[0]!);

    const db = t.database.db;
    // 03:30 UTC on the 26th is 22:30 on the 25th in New York
    const at = new Date('2026-11-26T03:30:00Z');
    await insertBooking(db, { name: '=HYPERLINK("http://evil.example","click")', email: 'eve@example.com', emailKey: 'eve@example.com', createdAt: at, city: '+Lexington', totalAmount: 4250 });
    // the same instant, to the microsecond, for two bookings: the pages' cursor keeps both
    const weighed = await insertBooking(db, {
      name: 'Dana Weighed',
      email: 'dana@example.com',
      emailKey: 'dana@example.com',
      createdAt: at,
      bookingStatus: 'completed',
      paymentStatus: 'paid',
      totalAmount: 3500,
      authorizedAmount: 3500,
      capturedAmount: 3600,
      tipAmount: 500,
      actualWeightTenths: 178,
      finalTotalAmount: 3100,
      weightAdjustmentProcessed: true,
    });
    await insertBooking(db, { name: 'Dana Again', email: 'dana@example.com', emailKey: 'dana@example.com', bookingStatus: 'cancelled', createdAt: new Date('2026-11-20T12:00:00Z') });
    giftCode = `WDGC${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
    await insertGiftCard(db, { code: giftCode, amount: 5000, balance: 1250, recipientName: '@Someone', recipientEmail: 'friend@example.com' });
    await db.insert(manualInvoices).values({
      invoiceNumber: 'INV-0001',
      clientName: '-Acme',
      clientEmail: 'acme@example.com',
      lines: [{ description: 'Linens', quantity: 1, unitPriceCents: 10000, totalCents: 10000 }],
      subtotalCents: 10000,
      taxCents: 800,
      totalCents: 10800,
      dueDate: '2026-11-01',
    });
    const [pro] = await db.insert(laundryPros).values({ name: 'Pat Pro', startDate: '2026-11-01' }).returning();
    const [assignment] = await db
      .insert(laundryAssignments)
      .values({ bookingId: weighed.id, laundryProId: pro!.id, status: 'completed', perPoundPayoutCents: 1335, assignedAt: at, completedAt: at })
      .returning();
    const [payout] = await db.insert(payouts).values({ laundryProId: pro!.id, requestKey: 'k1', amountCents: 1835 }).returning();
    await db.insert(payoutItems).values({ payoutId: payout!.id, assignmentId: assignment!.id, perPoundCents: 1335, tipCents: 500, amountCents: 1835, operationKey: 'payout-op-1' });
    await db.insert(paymentOperations).values({ idempotencyKey: 'payout-op-1', kind: 'transfer', amountCents: 1835, status: 'succeeded', request: {} });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function download(who: StaffCall, path: string) {
    const res = await who.fetch(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="washday-[a-z-]+-2026-11-26\.csv"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return rowsOf(textOf(await res.arrayBuffer()));
  }

  it('bookings: a header, one row per booking, formulas neutralised, dollars and local dates', async () => {
    const rows = await download(admin, '/api/admin/exports/bookings.csv');
    expect(rows[0]!.slice(0, 5)).toEqual(['Confirmation', 'Booked at', 'Pick-up date', 'Pick-up window', 'Name']);
    expect(rows).toHaveLength(1 + 3);
    const col = (name: string) => rows[0]!.indexOf(name);
    const evil = rows.find((r) => r[col('Email')] === 'eve@example.com')!;
    expect(evil[col('Name')]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(evil[col('City')]).toBe("'+Lexington");
    expect(evil[col('Booked at')]).toBe('2026-11-25 22:30');
    expect(evil[col('Estimate ($)')]).toBe('42.50');
    const dana = rows.find((r) => r[col('Name')] === 'Dana Weighed')!;
    expect(dana[col('Weight (lb)')]).toBe('17.8');
    expect(dana[col('Final total ($)')]).toBe('31.00');
    expect(dana[col('Tip ($)')]).toBe('5.00');
    // revenue (decision 015): captured less the tip
    expect(dana[col('Revenue ($)')]).toBe('31.00');
    expect(dana[col('Status')]).toBe('Completed');
  });

  it("bookings: the list's filters and search choose the rows", async () => {
    expect(await download(admin, '/api/admin/exports/bookings.csv?status=cancelled')).toHaveLength(1 + 1);
    expect(await download(admin, '/api/admin/exports/bookings.csv?q=dana')).toHaveLength(1 + 2);
    expect(await download(admin, '/api/admin/exports/bookings.csv?q=nobody-like-this')).toHaveLength(1);
    const bad = await admin.fetch('/api/admin/exports/bookings.csv?status=nonsense');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ status: 'Unknown booking status' });
  });

  it('customers: one row per customer with their bookings and what they were billed', async () => {
    const rows = await download(admin, '/api/admin/exports/customers.csv');
    expect(rows[0]).toEqual(['Name', 'Email', 'Phone', 'Address', 'City', 'ZIP', 'Bookings', 'Cancelled', 'First pick-up', 'Latest pick-up', 'Billed ($)', 'Amount due ($)', 'Texts allowed']);
    expect(rows).toHaveLength(1 + 2);
    const dana = rows.find((r) => r[1] === 'dana@example.com')!;
    expect(dana.slice(6, 8)).toEqual(['2', '1']);
    expect(dana[10]).toBe('31.00');
  });

  it('gift cards: the code masked but its last 4, never the code', async () => {
    const res = await admin.fetch('/api/admin/exports/gift-cards.csv');
    const text = textOf(await res.arrayBuffer());
    expect(text).not.toContain(giftCode);
    const rows = rowsOf(text);
    expect(rows).toHaveLength(1 + 1);
    expect(rows[1]![0]).toBe(`••••••••${giftCode.slice(-4)}`);
    expect(rows[1]!.slice(3, 6)).toEqual(['50.00', '12.50', '37.50']);
    expect(rows[1]![7]).toBe("'@Someone");
  });

  it('invoices, assignments and payouts', async () => {
    const invoices = await download(admin, '/api/admin/exports/invoices.csv');
    expect(invoices).toHaveLength(2);
    expect(invoices[1]!.slice(0, 4)).toEqual(['INV-0001', 'Manual', invoices[1]![2], "'-Acme"]);
    expect(invoices[1]!.slice(9, 13)).toEqual(['100.00', '8.00', '108.00', 'Overdue']);
    expect(await download(admin, '/api/admin/exports/invoices.csv?status=paid')).toHaveLength(1);
    const assignments = await download(admin, '/api/admin/exports/assignments.csv');
    expect(assignments).toHaveLength(2);
    expect(assignments[1]!.slice(6)).toEqual(['Completed', '17.8', '13.35', '5.00', '18.35', '18.35']);
    const paid = await download(admin, '/api/admin/exports/payouts.csv');
    expect(paid).toHaveLength(2);
    expect(paid[1]!.slice(2, 8)).toEqual(['Pat Pro', paid[1]![3], '13.35', '5.00', '18.35', 'Paid']);
  });

  it('everything at once is a zip of every CSV, for a master admin only', async () => {
    const refused = await admin.fetch('/api/admin/exports/washday-export.zip');
    expect(refused.status).toBe(403);
    const res = await owner.fetch('/api/admin/exports/washday-export.zip');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="washday-export-2026-11-26.zip"');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['washday-assignments.csv', 'washday-bookings.csv', 'washday-customers.csv', 'washday-gift-cards.csv', 'washday-invoices.csv', 'washday-payouts.csv']);
    expect(rowsOf(textOf(files['washday-bookings.csv']!))).toHaveLength(1 + 3);
    expect(strFromU8(files['washday-gift-cards.csv']!)).not.toContain(giftCode);
  });

  it('every download is in the audit log, with its file', async () => {
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'data.exported'));
    const files = rows.map((r) => (r.after as { file: string }).file);
    expect(files).toContain('washday-export-2026-11-26.zip');
    expect(files).toContain('washday-gift-cards-2026-11-26.csv');
  });

  it('writes a file of many pages, every booking once, even when they were made in the same microsecond', async () => {
    await t.database.db.execute(sql`
      insert into bookings (name, email, email_key, phone, address, city, zip_code, pickup_date, pickup_time, pickup_location, bag_quantity, total_amount, created_at)
      select 'Bulk ' || n, 'bulk' || n || '@example.com', 'bulk' || n || '@example.com', '(803) 555-0101', '1 Main St', 'Lexington', '29072', '2026-11-30', '8am-12pm', 'front-door', 1, 3500, '2026-11-01T12:00:00.123456Z'
      from generate_series(1, 1100) as n`);
    const rows = await download(admin, '/api/admin/exports/bookings.csv?q=bulk');
    expect(rows).toHaveLength(1 + 1100);
    expect(new Set(rows.slice(1).map((r) => r[5])).size).toBe(1100);
    expect(await download(admin, '/api/admin/exports/customers.csv')).toHaveLength(1 + 2 + 1100);
  });

  it('is refused to anyone who is not staff', async () => {
    for (const path of ['/api/admin/exports/bookings.csv', '/api/admin/exports/washday-export.zip']) {
      const res = await t.app.request(path, { headers: { origin: ORIGIN } });
      expect(res.status).toBe(401);
    }
  });
});
