// decision 055: the prices a staff form starts from are the settings'. With the pros' default rate
// at $0.90 and the manual invoices' price at $1.60/lb, a pro added without a rate is paid $0.90/lb
// (and keeps it when edited without one), and a manual invoice sent without a price per lb is
// priced at $1.60. Before Settings these were the spec's 0.75 and 1.40, and an edit without a rate
// put a pro back to 0.75.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOwner, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { defaultSettings } from '../../shared/settings';

const ORIGIN = 'http://shop.test';
const now = () => new Date('2026-11-22T15:00:00Z');

describe.each(testDatabaseKinds)('staff forms start from the settings’ prices (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;
  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: ORIGIN }, { now });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the spec’s until the owner changes them, the owner’s after', async () => {
    const before = await staff('POST', '/api/admin/pros', { name: 'Spec Rate' });
    expect(before.status).toBe(201);
    expect(before.json.pro.perPoundRateCents).toBe(75);

    const read = await staff('GET', '/api/admin/settings');
    const prices = { ...defaultSettings.prices, proDefaultPerPoundCents: 90, manualInvoicePerPoundCents: 160 };
    expect((await staff('PUT', '/api/admin/settings', { section: 'prices', version: read.json.version as number, values: prices })).status).toBe(200);

    const added = await staff('POST', '/api/admin/pros', { name: 'Owner Rate' });
    expect(added.json.pro.perPoundRateCents).toBe(90);
    // an edit that leaves the rate out keeps each pro's own
    for (const [pro, rate] of [
      [before.json.pro, 75],
      [added.json.pro, 90],
    ] as const) {
      const edited = await staff('PUT', `/api/admin/pros/${pro.id}`, { name: `${pro.name} (edited)` });
      expect(edited.status).toBe(200);
      expect(edited.json.pro.perPoundRateCents).toBe(rate);
    }
    // a rate given is the rate kept
    expect((await staff('POST', '/api/admin/pros', { name: 'Own Rate', perPoundRateCents: 80 })).json.pro.perPoundRateCents).toBe(80);

    // 10 lb on a manual invoice without a price per lb: $16.00 at the settings' $1.60
    const invoice = await staff('POST', '/api/admin/invoices', { clientName: 'Manual Client', clientEmail: 'manual@example.com', dueDate: '2030-01-10', poundsTenths: 100 });
    expect(invoice.status, JSON.stringify(invoice.json)).toBe(201);
    expect(invoice.json.invoice).toMatchObject({ totalCents: 1600 });
  });
});
