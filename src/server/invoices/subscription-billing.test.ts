// docs/design.md 9 invoices: subscriptions bill themselves, every month once, on their billing day (the
// last of a shorter month), even with two instances running; staff pause, resume or end them.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOwner, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import type { Subscription } from '../../shared/schemas/invoices';
import { manualInvoices, outbox } from '../db/schema';
import { errorMessage } from '../error-catalogue';
import { issueDueSubscriptionInvoices } from './subscription-billing.service';

const ORIGIN = 'http://shop.test';
let now = new Date('2027-01-10T15:00:00Z');

describe.each(testDatabaseKinds)('subscriptions billed every month (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;

  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: ORIGIN }, { now: () => now });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  const at = (iso: string) => (now = new Date(`${iso}T15:00:00Z`));
  const run = () => issueDueSubscriptionInvoices(t.database.db, { now, timeZone: t.config.timeZone, publicUrl: ORIGIN, secret: t.config.sessionSecret });
  const billedDates = async (id: string) =>
    (await t.database.db.select().from(manualInvoices).where(eq(manualInvoices.subscriptionId, id)).orderBy(asc(manualInvoices.billingDate))).map((i) => i.dueDate);
  const subscribe = async (email: string, startDate: string, billingDay: number) =>
    (await staff('POST', '/api/admin/subscriptions', { clientName: 'Gym', clientEmail: email, description: 'Towels', monthlyPriceCents: 9900, startDate, billingDay })).json.subscription as Subscription;

  it('started 10 January on day 31: 31 January, then 28 February, then 31 March; each once with two instances at once, and the months missed while down', async () => {
    at('2027-01-10');
    const sub = await subscribe('gym@example.com', '2027-01-10', 31);
    expect(sub.nextBillingDate).toBe('2027-02-28');
    expect(await billedDates(sub.id)).toEqual(['2027-01-31']);

    at('2027-02-27');
    expect(await run()).toBe(0);
    at('2027-02-28');
    const both = await Promise.all([run(), run()]);
    expect(both.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await billedDates(sub.id)).toEqual(['2027-01-31', '2027-02-28']);
    at('2027-03-31');
    await Promise.all([run(), run()]);
    expect(await billedDates(sub.id)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
    // down from April to June: April and May are billed, each once
    at('2027-06-02');
    expect(await run()).toBe(2);
    expect(await billedDates(sub.id)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    const listed = (await staff('GET', '/api/admin/subscriptions')).json.subscriptions.find((s: Subscription) => s.id === sub.id) as Subscription;
    expect(listed.nextBillingDate).toBe('2027-06-30');
    // each month's invoice went to the client with its pay link
    const mails = await t.database.db.select().from(outbox).where(and(eq(outbox.recipient, 'gym@example.com'), eq(outbox.kind, 'invoice')));
    expect(mails).toHaveLength(5);
    expect((mails.at(-1)!.payload as { text: string }).text).toMatch(/Pay it online by card: http:\/\/shop\.test\/pay\?invoice=/);
  });

  it('a paused subscription is not billed; resumed, it bills from its next billing day on; ended is final', async () => {
    at('2027-01-05');
    const sub = await subscribe('office@example.com', '2027-01-05', 15);
    expect(sub.nextBillingDate).toBe('2027-02-15');
    const paused = await staff('POST', `/api/admin/subscriptions/${sub.id}/status`, { status: 'paused' });
    expect(paused.json.subscription.status).toBe('paused');
    at('2027-03-20');
    await run();
    expect(await billedDates(sub.id)).toEqual(['2027-01-15']);
    const resumed = await staff('POST', `/api/admin/subscriptions/${sub.id}/status`, { status: 'active' });
    expect(resumed.json.subscription).toMatchObject({ status: 'active', nextBillingDate: '2027-04-15' });
    at('2027-04-15');
    await run();
    expect(await billedDates(sub.id)).toEqual(['2027-01-15', '2027-04-15']);
    expect((await staff('POST', `/api/admin/subscriptions/${sub.id}/status`, { status: 'ended' })).json.subscription.status).toBe('ended');
    const again = await staff('POST', `/api/admin/subscriptions/${sub.id}/status`, { status: 'active' });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(errorMessage('subscription_ended'));
    at('2027-05-20');
    await run();
    expect(await billedDates(sub.id)).toEqual(['2027-01-15', '2027-04-15']);
    expect((await staff('POST', `/api/admin/subscriptions/00000000-0000-4000-8000-000000000000/status`, { status: 'paused' })).status).toBe(404);
    expect((await staff('POST', `/api/admin/subscriptions/${sub.id}/status`, { status: 'gone' })).status).toBe(400);
  });

  it('started six months back: no back-billing — its first invoice is the first billing day from today on, one invoice, one email', async () => {
    // decision 019: a start date in the past bills as if it started today
    at('2027-07-10');
    const sub = await subscribe('past@example.com', '2027-01-05', 1);
    expect(sub).toMatchObject({ startDate: '2027-01-05', nextBillingDate: '2027-09-01' });
    expect(await billedDates(sub.id)).toEqual(['2027-08-01']);
    await run(); // the earlier tests' subscriptions may be due: this one is not
    expect(await billedDates(sub.id)).toEqual(['2027-08-01']);
    // earlier this month, its billing day already past: next month's, not one overdue at once
    const thisMonth = await subscribe('month@example.com', '2027-07-01', 5);
    expect(await billedDates(thisMonth.id)).toEqual(['2027-08-05']);
    await run(); // the earlier tests' subscriptions may be due: this one is not
    const mails = await t.database.db.select().from(outbox).where(and(eq(outbox.recipient, 'past@example.com'), eq(outbox.kind, 'invoice')));
    expect(mails).toHaveLength(1);
    // today itself still bills today
    const today = await subscribe('today@example.com', '2027-07-10', 10);
    expect(await billedDates(today.id)).toEqual(['2027-07-10']);
  });
});
