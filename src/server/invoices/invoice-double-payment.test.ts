// decision 019 (amended): a manual invoice is paid once. Mark Paid first closes the client's open
// card checkout at the gateway, and refuses when the card was paid; a card payment that still
// reaches an invoice already paid is on the ledger, shown in the list and refunded through the
// payments ledger, once. Raced on PGlite and PostgreSQL: Mark Paid and the card payment together.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOwner, testCards, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import type { StaffInvoice } from '../../shared/schemas/invoices';
import { checkouts, manualInvoices, outbox, paymentOperations } from '../db/schema';
import { errorMessage } from '../error-catalogue';
import { applyCheckoutSession } from '../payments/webhook-events.service';
import { payInvoice } from './invoice-pay.service';
import { invoicePayUrl } from './invoice-pay-link';

const ORIGIN = 'http://shop.test';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(testDatabaseKinds)('a manual invoice is collected once (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;
  const notify = () => ({ publicUrl: ORIGIN, secret: t.config.sessionSecret });

  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: ORIGIN });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  let n = 0;
  /** A $40.50 invoice and its client's open card checkout (the pay link's Pay). */
  async function invoiceWithCheckout(): Promise<{ invoice: StaffInvoice; url: string; sessionId: string }> {
    n += 1;
    const res = await staff('POST', '/api/admin/invoices', { clientName: `Client ${n}`, clientEmail: `client${n}@example.com`, dueDate: '2030-01-10', customLines: [{ description: 'Linens', quantity: 1, unitPriceCents: 3800 }], taxCents: 250 });
    expect(res.status).toBe(201);
    const invoice = res.json.invoice as StaffInvoice;
    const token = new URL(invoicePayUrl(ORIGIN, t.config.sessionSecret, invoice.id)).searchParams.get('token')!;
    const { url } = await payInvoice(t.database.db, t.gateway, notify(), { id: invoice.id, token });
    return { invoice, url, sessionId: new URL(url).pathname.split('/').pop()! };
  }

  /** The client pays at the local checkout: 303 paid, 402 refused (closed meanwhile). */
  const pay = async (sessionId: string) =>
    (
      await t.app.request(`/dev/checkout/${sessionId}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ number: testCards.ok, expiry: '12/30', cvc: '123', zip: '29070' }).toString(),
      })
    ).status;

  /** What the ledger says of an invoice's card money: received, and refunded (succeeded operations). */
  async function cardMoney(invoiceId: string) {
    const sessions = (await t.database.db.select({ id: checkouts.sessionId }).from(checkouts).where(and(eq(checkouts.purpose, 'manual_invoice'), eq(checkouts.subjectId, invoiceId)))).map((s) => s.id);
    const keys = sessions.flatMap((s) => [`manual-invoice:${s}:paid`, `manual-invoice:${s}:refund`]);
    const ops = keys.length ? await t.database.db.select().from(paymentOperations).where(inArray(paymentOperations.idempotencyKey, keys)) : [];
    const sum = (kindName: string) => ops.filter((o) => o.kind === kindName && o.status === 'succeeded').reduce((a, o) => a + o.amountCents, 0);
    // the gateway's own figures agree with the ledger
    let gatewayReceived = 0;
    let gatewayRefunded = 0;
    for (const s of sessions) {
      const session = await t.gateway.retrieveCheckout(s);
      if (!session.paymentIntentId) continue;
      const pi = await t.gateway.retrievePaymentIntent(session.paymentIntentId);
      gatewayReceived += pi.amountReceived;
      gatewayRefunded += pi.amountRefunded;
    }
    return { received: sum('checkout_payment'), refunded: sum('refund'), gatewayReceived, gatewayRefunded };
  }

  const listed = async (inv: StaffInvoice) => (await staff('GET', `/api/admin/invoices?q=${inv.invoiceNumber}`)).json.invoices[0] as StaffInvoice;

  it('Mark Paid and the card payment at the same moment, 22 times: each invoice paid once net, the list says how', async () => {
    const outcomes = { staff: 0, online: 0, refunded: 0 };
    for (let round = 0; round < 22; round++) {
      const { invoice, sessionId } = await invoiceWithCheckout();
      const [marked, paid] = await Promise.all([
        (async () => {
          await sleep(Math.random() * 20);
          return staff('POST', `/api/admin/invoices/${invoice.id}/paid`);
        })(),
        (async () => {
          await sleep(Math.random() * 20);
          return pay(sessionId);
        })(),
      ]);
      await t.gateway.flushEvents();
      expect([200, 409], JSON.stringify(marked.json)).toContain(marked.status);
      expect([303, 402]).toContain(paid);
      const money = await cardMoney(invoice.id);
      expect(money.gatewayReceived).toBe(money.received);
      expect(money.gatewayRefunded).toBe(money.refunded);
      const row = await listed(invoice);
      expect(row.status).toBe('paid');
      const byHand = row.paidBy === 'owner@example.com' ? invoice.totalCents : 0;
      // paid exactly once: by hand or by card, and any second payment given back
      expect(byHand + money.received - money.refunded, `round ${round}: ${JSON.stringify({ row, money, marked: marked.json, paid })}`).toBe(invoice.totalCents);
      if (marked.status === 409) {
        expect(marked.json.error.message).toBe(errorMessage('invoice_paid_online'));
        expect(row.paidBy).toBe('online');
      } else {
        expect(row.paidBy).toBe('owner@example.com');
      }
      expect(row.extraPayments).toEqual(money.refunded > 0 ? [{ amountCents: invoice.totalCents, refund: 'refunded' }] : []);
      outcomes[row.paidBy === 'online' ? 'online' : 'staff'] += 1;
      if (money.refunded > 0) outcomes.refunded += 1;
    }
    console.info(`${kind}: Mark Paid and the card payment raced 22 times →`, outcomes);
  });

  it('Mark Paid with the checkout open: the checkout is closed at the gateway first, so the client can no longer pay it', async () => {
    const { invoice, sessionId } = await invoiceWithCheckout();
    const marked = await staff('POST', `/api/admin/invoices/${invoice.id}/paid`);
    expect(marked.json.invoice).toMatchObject({ status: 'paid', paidBy: 'owner@example.com', extraPayments: [] });
    expect((await t.gateway.retrieveCheckout(sessionId)).status).toBe('expired');
    expect(await pay(sessionId)).toBe(402);
    await t.gateway.flushEvents();
    expect(await cardMoney(invoice.id)).toMatchObject({ received: 0, refunded: 0 });
  });

  it('Mark Paid after the card paid (its event not yet here): the payment is applied and Mark Paid refused with why', async () => {
    const { invoice, sessionId } = await invoiceWithCheckout();
    // the gateway took the money; its event is late (not delivered before Mark Paid asks)
    const paid = await t.gateway.pay(sessionId, { number: testCards.ok, expiry: '12/30', cvc: '123', zip: '29070' });
    expect(paid.outcome).toBe('paid');
    const marked = await staff('POST', `/api/admin/invoices/${invoice.id}/paid`);
    expect(marked.status).toBe(409);
    expect(marked.json.error.message).toBe(errorMessage('invoice_paid_online'));
    await t.gateway.flushEvents();
    expect(await listed(invoice)).toMatchObject({ status: 'paid', paidBy: 'online', extraPayments: [] });
    expect(await cardMoney(invoice.id)).toMatchObject({ received: invoice.totalCents, refunded: 0 });
  });

  it('the card service not answering: Mark Paid is refused (it cannot close the checkout) and the invoice stays pending', async () => {
    const { invoice } = await invoiceWithCheckout();
    const retrieve = t.gateway.retrieveCheckout.bind(t.gateway);
    t.gateway.retrieveCheckout = () => Promise.reject(new Error('connect ETIMEDOUT'));
    try {
      const marked = await staff('POST', `/api/admin/invoices/${invoice.id}/paid`);
      expect(marked.status).toBe(409);
      expect(marked.json.error.message).toContain('The card payment service did not answer');
    } finally {
      t.gateway.retrieveCheckout = retrieve;
    }
    expect(await listed(invoice)).toMatchObject({ status: 'pending' });
  });

  it('a card payment reaching an invoice already marked paid is on the ledger, shown as paid twice, refunded once; no receipt for it', async () => {
    const { invoice, sessionId } = await invoiceWithCheckout();
    // as if staff had marked it paid in a moment the checkout escaped (Mark Paid closes those it knows)
    await t.database.db.update(manualInvoices).set({ status: 'paid', paidAt: new Date(), paidBy: 'owner@example.com' }).where(eq(manualInvoices.id, invoice.id));
    expect(await pay(sessionId)).toBe(303);
    await t.gateway.flushEvents();
    expect(await cardMoney(invoice.id)).toEqual({ received: invoice.totalCents, refunded: invoice.totalCents, gatewayReceived: invoice.totalCents, gatewayRefunded: invoice.totalCents });
    expect(await listed(invoice)).toMatchObject({ status: 'paid', paidBy: 'owner@example.com', extraPayments: [{ amountCents: invoice.totalCents, refund: 'refunded' }] });
    // the event again: nothing more taken back
    expect(await applyCheckoutSession(t.database.db, t.gateway, notify(), sessionId)).toBe('already');
    expect((await cardMoney(invoice.id)).refunded).toBe(invoice.totalCents);
    const receipts = await t.database.db.select().from(outbox).where(and(eq(outbox.recipient, invoice.clientEmail), eq(outbox.kind, 'invoice_receipt')));
    expect(receipts).toHaveLength(0);
  });
});
