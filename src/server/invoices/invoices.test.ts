// spec: back-office 2 (staff tools, the Manual Invoices table), 3, 4, 5 (their messages), 7
// (send-terms-email, send-manual-invoice, send-subscription-invoice, manual_invoices), 9 (defaults,
// numbers); docs/design.md 7, 9 invoices.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInOwner, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { invoiceMessages, type StaffInvoice, type Subscription } from '../../shared/schemas/invoices';
import { auditLog, outbox, paymentOperations } from '../db/schema';
import { applyCheckoutSession } from '../payments/webhook-events.service';
import { errorMessage } from '../error-catalogue';

const ORIGIN = 'http://shop.test';
// Wednesday 2026-11-25, 10:00 in South Carolina
const NOW = new Date('2026-11-25T15:00:00Z');

type Payload = { text: string; html: string; attachments?: { filename: string; contentType: string; content: string; encoding?: string }[] };

describe.each(testDatabaseKinds)('staff tools and invoices (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;

  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: ORIGIN }, { now: () => NOW });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  const mailTo = async (to: string, kindName: string) => t.database.db.select().from(outbox).where(and(eq(outbox.recipient, to), eq(outbox.kind, kindName)));
  const invoice = (body: Record<string, unknown>) => staff('POST', '/api/admin/invoices', body);
  const base = { clientName: 'Acme Gym', clientEmail: 'Billing@Acme.example', dueDate: '2026-12-10' };
  // spec: the must-show invoice: 20 lb at 1.40 + rush delivery 10 + tax 2.50 = $40.50
  const mustShow = { ...base, poundsTenths: 200, pricePerPoundCents: 140, addOns: [{ name: 'Rush Delivery', priceCents: 1000, quantity: 1, enabled: true }, { name: 'Oxi Clean', priceCents: 400, quantity: 1, enabled: false }], taxCents: 250 };

  it('sends the terms to a client (the site’s own), the recipient named; an empty email is refused with the spec’s words', async () => {
    const refused = await staff('POST', '/api/admin/tools/terms', { clientEmail: '  ', clientName: 'Jo' });
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toBe(invoiceMessages.emailRequired.message);
    const sent = await staff('POST', '/api/admin/tools/terms', { clientEmail: 'Jo@Example.com', clientName: 'Jo Park' });
    expect(sent).toMatchObject({ status: 200, json: { sentTo: 'Jo Park (jo@example.com)' } });
    const [mail] = await mailTo('jo@example.com', 'terms');
    expect((mail!.payload as Payload).text).toContain('Hi Jo Park,');
    expect((mail!.payload as Payload).text).toContain('CANCELLATION AND NO-SHOWS');
    expect((mail!.payload as Payload).text).toContain(`${ORIGIN}/terms`);
    expect((await staff('POST', '/api/admin/tools/terms', { clientEmail: 'anon@example.com' })).json.sentTo).toBe('anon@example.com');
  });

  it('a manual invoice of 20 lb at $1.40 + rush delivery $10 + tax $2.50 comes to $40.50, numbered, stored, emailed with its PDF, audited', async () => {
    const res = await invoice(mustShow);
    expect(res.status).toBe(201);
    const inv = res.json.invoice as StaffInvoice;
    expect(inv).toMatchObject({ kind: 'manual', clientName: 'Acme Gym', clientEmail: 'billing@acme.example', subtotalCents: 3800, taxCents: 250, totalCents: 4050, dueDate: '2026-12-10', status: 'pending', overdue: false, paidAt: null });
    expect(inv.invoiceNumber).toMatch(/^INV-\d{8}$/);
    expect(inv.lines).toEqual([
      { description: 'Laundry service (20 lb @ $1.40/lb)', quantity: 1, unitPriceCents: 2800, totalCents: 2800 },
      { description: 'Rush Delivery', quantity: 1, unitPriceCents: 1000, totalCents: 1000 },
    ]);
    const [mail] = await mailTo('billing@acme.example', 'invoice');
    const payload = mail!.payload as Payload;
    expect(mail!.subject).toBe(`Invoice ${inv.invoiceNumber} from Washday Laundry Co.: $40.50 due Thursday, December 10, 2026`);
    expect(payload.text).toContain('Total: $40.50');
    expect(payload.text).toContain('Tax: $2.50');
    expect(payload.html).toContain('$40.50');
    const pdf = payload.attachments![0]!;
    expect(pdf).toMatchObject({ filename: `${inv.invoiceNumber}.pdf`, contentType: 'application/pdf', encoding: 'base64' });
    expect(Buffer.from(pdf.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'invoice.sent'), eq(auditLog.targetId, inv.id)));
    expect(audits).toHaveLength(1);
  });

  it('two invoices in the same millisecond take the next free number', async () => {
    const [a, b] = await Promise.all([invoice(mustShow), invoice(mustShow)]);
    const numbers = [a.json.invoice.invoiceNumber, b.json.invoice.invoiceNumber] as string[];
    expect(new Set(numbers).size).toBe(2);
    const digits = numbers.map((n) => Number(n.slice(4))).sort();
    expect(digits[1]! - digits[0]!).toBeLessThan(1000);
  });

  it('refuses with the spec’s messages and stores and sends nothing: missing details, no services, bad amounts, too many lines', async () => {
    const before = (await staff('GET', '/api/admin/invoices?pageSize=100')).json.total as number;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...mustShow, clientName: ' ' }, invoiceMessages.missingInvoice.message],
      [{ ...mustShow, clientEmail: '' }, invoiceMessages.missingInvoice.message],
      [{ ...mustShow, dueDate: '' }, invoiceMessages.missingInvoice.message],
      [{ ...mustShow, dueDate: '2026-02-30' }, invoiceMessages.date],
      [{ ...base, poundsTenths: 0, addOns: [{ name: 'Rush Delivery', priceCents: 1000, quantity: 1, enabled: false }], customLines: [{ description: '', quantity: 1, unitPriceCents: 500 }, { description: 'Ironing', quantity: 1, unitPriceCents: 0 }] }, errorMessage('invoice_no_services')],
      [{ ...mustShow, taxCents: -1 }, invoiceMessages.money],
      [{ ...mustShow, pricePerPoundCents: 1.5 }, invoiceMessages.money],
      // a total past what one invoice may come to (and a whole-cents column holds)
      [{ ...base, poundsTenths: 65402, pricePerPoundCents: 492757 }, errorMessage('invoice_too_large')],
      [{ ...base, customLines: [{ description: 'Lots', quantity: 1000, unitPriceCents: 10_000_000 }] }, errorMessage('invoice_too_large')],
      [{ ...mustShow, customLines: Array.from({ length: 51 }, (_, i) => ({ description: `Line ${i}`, quantity: 1, unitPriceCents: 100 })) }, invoiceMessages.tooManyLines],
    ];
    for (const [body, message] of cases) {
      const res = await invoice(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json.error.message).toContain(message);
    }
    expect((await staff('GET', '/api/admin/invoices?pageSize=100')).json.total).toBe(before);
  });

  it('custom lines without a description or a price above 0 are dropped; quantities multiply', async () => {
    const res = await invoice({ ...base, customLines: [{ description: 'Comforter', quantity: 2, unitPriceCents: 1500 }, { description: '  ', quantity: 1, unitPriceCents: 900 }, { description: 'Free thing', quantity: 1, unitPriceCents: 0 }] });
    expect(res.json.invoice).toMatchObject({ lines: [{ description: 'Comforter', quantity: 2, unitPriceCents: 1500, totalCents: 3000 }], totalCents: 3000 });
  });

  it('the Invoices tab: newest first, overdue by the business’s calendar, filters and search; Mark Paid once, by whom', async () => {
    const late = (await invoice({ ...mustShow, clientName: 'Late Labs', clientEmail: 'late@labs.example', dueDate: '2026-11-24' })).json.invoice as StaffInvoice;
    const today = (await invoice({ ...mustShow, clientName: 'Today Co', clientEmail: 'today@co.example', dueDate: '2026-11-25' })).json.invoice as StaffInvoice;
    expect(late.overdue).toBe(true);
    expect(today.overdue).toBe(false);
    const all = (await staff('GET', '/api/admin/invoices')).json;
    expect(all.invoices[0].id).toBe(today.id);
    const overdue = (await staff('GET', '/api/admin/invoices?status=overdue')).json.invoices as StaffInvoice[];
    expect(overdue.map((i) => i.id)).toEqual([late.id]);
    expect((await staff('GET', `/api/admin/invoices?q=${late.invoiceNumber}`)).json.invoices.map((i: StaffInvoice) => i.id)).toEqual([late.id]);
    expect((await staff('GET', '/api/admin/invoices?q=labs.example')).json.total).toBe(1);
    expect((await staff('GET', '/api/admin/invoices?q=%25')).json.total).toBe(0);
    expect((await staff('GET', '/api/admin/invoices?status=unpaid')).status).toBe(400);

    const paid = await staff('POST', `/api/admin/invoices/${late.id}/paid`);
    expect(paid.json.invoice).toMatchObject({ status: 'paid', overdue: false, paidBy: 'owner@example.com', paidAt: NOW.toISOString() });
    const again = await staff('POST', `/api/admin/invoices/${late.id}/paid`);
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(errorMessage('invoice_already_paid', { paidOn: '2026-11-25' }));
    expect((await staff('GET', '/api/admin/invoices?status=paid')).json.invoices.map((i: StaffInvoice) => i.id)).toContain(late.id);
    expect((await staff('POST', '/api/admin/invoices/00000000-0000-4000-8000-000000000000/paid')).status).toBe(404);
    expect((await staff('POST', '/api/admin/invoices/nope/paid')).status).toBe(404);
  });

  it('a subscription: started the 20th, billing day 15 → its first invoice due the 15th of next month, one line, SUB- number; the month after is its next billing date', async () => {
    const res = await staff('POST', '/api/admin/subscriptions', { clientName: 'Office Co', clientEmail: 'office@co.example', description: 'Office towels', monthlyPriceCents: 12000, taxCents: 960, startDate: '2026-11-20', billingDay: 15 });
    expect(res.status).toBe(201);
    const { invoice: inv, subscription } = res.json as { invoice: StaffInvoice; subscription: Subscription };
    expect(inv).toMatchObject({ kind: 'subscription', dueDate: '2026-12-15', subtotalCents: 12000, taxCents: 960, totalCents: 12960, lines: [{ description: 'Monthly Subscription: Office towels', quantity: 1, unitPriceCents: 12000, totalCents: 12000 }] });
    expect(inv.invoiceNumber).toMatch(/^SUB-\d{8}$/);
    expect(subscription).toMatchObject({ billingDay: 15, startDate: '2026-11-20', nextBillingDate: '2027-01-15', status: 'active' });
    const [mail] = await mailTo('office@co.example', 'invoice');
    expect((mail!.payload as Payload).text).toContain('Your next monthly invoice is sent on Friday, January 15, 2027.');
    expect((await staff('GET', '/api/admin/subscriptions')).json.subscriptions[0]).toMatchObject({ id: subscription.id });

    for (const [body, message] of [
      [{ clientName: 'Office Co', clientEmail: 'office@co.example', description: 'Towels', monthlyPriceCents: 0, startDate: '2026-11-20', billingDay: 15 }, invoiceMessages.invalidPrice.message],
      [{ clientName: 'Office Co', clientEmail: 'office@co.example', description: '', monthlyPriceCents: 100, startDate: '2026-11-20', billingDay: 15 }, invoiceMessages.missingSubscription.message],
      [{ clientName: 'Office Co', clientEmail: 'office@co.example', description: 'Towels', monthlyPriceCents: 100, startDate: '2026-11-20', billingDay: 32 }, invoiceMessages.billingDay],
    ] as const) {
      const refused = await staff('POST', '/api/admin/subscriptions', body);
      expect(refused.status).toBe(400);
      expect(refused.json.error.message).toContain(message);
    }
  });

  it('the client pays through the link in their email: the invoice as sent, a card checkout for $40.50, paid online once on the gateway’s word, a receipt; the link is theirs alone', async () => {
    const inv = (await invoice({ ...mustShow, clientEmail: 'pay@client.example' })).json.invoice as StaffInvoice;
    const [mail] = await mailTo('pay@client.example', 'invoice');
    const link = new URL((mail!.payload as Payload).text.match(/Pay it online by card: (\S+)/)![1]!);
    expect(link.pathname).toBe('/pay');
    expect(link.searchParams.get('invoice')).toBe(inv.id);
    const token = link.searchParams.get('token')!;
    // staff never read the link
    expect(await (await staff.fetch('/api/admin/outbox')).text()).not.toContain(token);

    const page = await t.request(`/api/invoices/${inv.id}?token=${token}`);
    expect(page.status).toBe(200);
    expect((await page.json()).invoice).toMatchObject({ invoiceNumber: inv.invoiceNumber, totalCents: 4050, taxCents: 250, status: 'pending', paidAt: null });
    for (const bad of [`/api/invoices/${inv.id}?token=x${token}`, `/api/invoices/00000000-0000-4000-8000-000000000000?token=${token}`, `/api/invoices/${inv.id}`]) {
      const res = await t.request(bad);
      expect(res.status, bad).toBeGreaterThanOrEqual(400);
      expect(res.status, bad).toBeLessThan(500);
    }
    expect((await t.request(`/api/invoices/${inv.id}?token=x${token}`)).status).toBe(403);

    const checkout = await t.request(`/api/invoices/${inv.id}/checkout`, { method: 'POST', json: { token } });
    expect(checkout.status).toBe(200);
    const { url } = (await checkout.json()) as { url: string };
    // a second click while it is open: the same checkout
    expect(((await (await t.request(`/api/invoices/${inv.id}/checkout`, { method: 'POST', json: { token } })).json()) as { url: string }).url).toBe(url);
    const { sessionId } = await payLocalCheckout(t, url);
    const after = await t.request(`/api/invoices/${inv.id}?token=${token}&session_id=${sessionId}`);
    expect((await after.json()).invoice).toMatchObject({ status: 'paid' });
    const listed = (await staff('GET', `/api/admin/invoices?q=${inv.invoiceNumber}`)).json.invoices[0] as StaffInvoice;
    expect(listed).toMatchObject({ status: 'paid', paidBy: 'online' });
    // the event again changes nothing: one ledger row, one receipt
    expect(await applyCheckoutSession(t.database.db, t.gateway, { publicUrl: ORIGIN, secret: t.config.sessionSecret }, sessionId)).toBe('already');
    const ledger = await t.database.db.select().from(paymentOperations).where(eq(paymentOperations.idempotencyKey, `manual-invoice:${sessionId}:paid`));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amountCents: 4050, status: 'succeeded' });
    expect(await mailTo('pay@client.example', 'invoice_receipt')).toHaveLength(1);
    const paidAgain = await t.request(`/api/invoices/${inv.id}/checkout`, { method: 'POST', json: { token } });
    expect(paidAgain.status).toBe(409);
    expect(((await paidAgain.json()) as { error: { message: string } }).error.message).toBe(errorMessage('invoice_paid_already'));
  });
});
