// decisions 015 and 026 (amended): paid manual and subscription invoices are income beside booking
// revenue, on the dashboard (all time) and in Reports (by the day they were paid, business time),
// each with the total of both. The spec's invoices: 20 lb at $1.40 + rush delivery $10 + tax $2.50
// = $40.50 (back-office 5), a subscription month of $120 + $9.60 tax = $129.60 (back-office 3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOwner, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, bothDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import type { Report } from '../../shared/schemas/reports';
import { manualInvoices } from '../db/schema';

const ORIGIN = 'http://shop.test';
const now = () => new Date('2026-12-20T15:00:00Z');

type Row = { number: string; subtotal: number; tax: number; paidAt: string | null };
// paid_at in UTC; the business is in South Carolina (UTC-5 in winter)
const invoices: Row[] = [
  { number: 'INV-00000001', subtotal: 3800, tax: 250, paidAt: '2026-12-01T05:00:00Z' }, // 1 Dec, 00:00 local
  { number: 'SUB-00000002', subtotal: 12000, tax: 960, paidAt: '2026-12-10T15:00:00Z' },
  { number: 'INV-00000003', subtotal: 3800, tax: 250, paidAt: '2027-01-01T04:59:00Z' }, // 31 Dec, 23:59 local
  { number: 'INV-00000004', subtotal: 3800, tax: 250, paidAt: '2026-12-01T04:59:00Z' }, // 30 Nov, 23:59 local
  { number: 'SUB-00000005', subtotal: 12000, tax: 960, paidAt: null }, // pending: not income
];

describe.each(bothDatabaseKinds)('invoice income beside booking revenue (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;

  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: ORIGIN }, { now });
    staff = await signInOwner(t, ORIGIN);
    for (const r of invoices) {
      await t.database.db.insert(manualInvoices).values({
        invoiceNumber: r.number,
        kind: r.number.startsWith('SUB') ? 'subscription' : 'manual',
        clientName: 'Client',
        clientEmail: 'client@example.com',
        lines: [],
        subtotalCents: r.subtotal,
        taxCents: r.tax,
        totalCents: r.subtotal + r.tax,
        dueDate: '2026-12-10',
        status: r.paidAt ? 'paid' : 'pending',
        paidAt: r.paidAt ? new Date(r.paidAt) : null,
        paidBy: r.paidAt ? 'owner@example.com' : null,
      });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    // from, to → invoices paid, invoice income, total income (no booking revenue in this database)
    ['2026-12-01', '2026-12-31', 3, 4050 + 12960 + 4050],
    ['2026-12-01', '2026-12-01', 1, 4050],
    ['2026-11-30', '2026-11-30', 1, 4050],
    ['2026-12-02', '2026-12-30', 1, 12960],
    ['2026-11-01', '2027-01-31', 4, 4050 * 3 + 12960],
    ['2027-01-01', '2027-01-31', 0, 0],
  ] as const)('Reports %s to %s: %i paid, %i cents of income', async (from, to, paid, cents) => {
    const res = await staff('GET', `/api/admin/reports?from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    const report = res.json as Report;
    expect(report.figures).toMatchObject({ invoicesPaid: paid, invoiceIncomeCents: cents, revenueCents: 0, totalIncomeCents: cents });
    // a range with invoice income is not an empty report
    expect(report.empty).toBe(paid === 0);
  });

  it('the dashboard: invoice income of all time, paid invoices only', async () => {
    const res = await staff('GET', '/api/admin/invoices/income');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ invoicesPaid: 4, invoiceIncomeCents: 4050 * 3 + 12960 });
  });
});
