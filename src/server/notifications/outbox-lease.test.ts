// Two workers and a slow mail server (docs/deploy.md 10): each message is claimed as it is sent,
// under a lease longer than one send, so no message goes twice, however slow the server. A worker
// that stops between messages leaves none of them half-claimed.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { outbox } from '../db/schema';
import { outboxSmsSender } from '../gateways/sms/sms-sender';
import type { Mailer } from '../gateways/mail/mailer';
import { alertMailGivenUp } from './alerts';
import { deliverOutbox, enqueueEmail } from './outbox.service';

/** A mail server that takes 100-200 ms for each message, and counts what it was given by message id. */
function slowMailer(received: Map<string, number>, byWorker: Record<string, number>, worker: string): Mailer {
  return {
    kind: 'smtp',
    async send(message) {
      await new Promise((r) => setTimeout(r, 100 + Math.floor(Math.random() * 100)));
      received.set(message.messageId!, (received.get(message.messageId!) ?? 0) + 1);
      byWorker[worker] = (byWorker[worker] ?? 0) + 1;
      return { status: 'sent', providerId: message.messageId! };
    },
  };
}

async function queue(t: TestContext, n: number, tag: string) {
  for (let i = 0; i < n; i++)
    await enqueueEmail(t.database.db, { dedupeKey: `lease-${tag}-${i}`, kind: 'test', to: `c${i}@example.com`, subject: `Message ${i}`, payload: { html: '<p>Hi</p>', text: 'Hi' } });
}

describe.each(testDatabaseKinds)('the outbox with two workers and a slow mail server (%s)', (kind) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });

  afterAll(async () => {
    await t?.close();
  });

  // a batch of 20 claimed at once would outlive its lease (20 sends of 100-200 ms against 1 s), one
  // message at a time never does, even on a busy machine
  it('30 messages, two workers taking 20 at a time, a lease of 1 s against sends of up to 200 ms: each message sent once', async () => {
    await queue(t, 30, 'two');
    const received = new Map<string, number>();
    const byWorker: Record<string, number> = {};
    // each worker goes round until nothing is left, as the jobs' loop does
    const worker = async (name: string) => {
      const mailer = slowMailer(received, byWorker, name);
      for (;;) {
        const r = await deliverOutbox(t.database.db, { mailer, sms: outboxSmsSender, mailFrom: 'hello@washday.example', batch: 20, leaseMs: 1_000 });
        if (r.sent + r.kept + r.retrying + r.failed === 0) return;
      }
    };
    await Promise.all([worker('a'), worker('b')]);
    const twice = [...received.entries()].filter(([, n]) => n > 1);
    expect(twice, 'messages sent more than once').toEqual([]);
    expect(received.size).toBe(30);
    // both workers sent some: they ran side by side, not one after the other
    expect(byWorker.a! > 0 && byWorker.b! > 0, JSON.stringify(byWorker)).toBe(true);
    const rows = await t.database.db.select({ status: outbox.status, attempts: outbox.attempts }).from(outbox).where(sql`${outbox.dedupeKey} like 'lease-two-%'`);
    expect(rows.map((r) => `${r.status}/${r.attempts}`)).toEqual(Array(30).fill('sent/1'));
  }, 60_000);

  it('a worker told to stop finishes the message in hand and claims no other: none is left "sending", the rest go once after', async () => {
    await queue(t, 10, 'stop');
    const received = new Map<string, number>();
    const byWorker: Record<string, number> = {};
    let stopping = false;
    const mailer = slowMailer(received, byWorker, 'before');
    const stopped = deliverOutbox(t.database.db, { mailer: { kind: 'smtp', send: async (m) => ((stopping = received.size >= 2), mailer.send(m)) }, sms: outboxSmsSender, mailFrom: 'hello@washday.example', stopping: () => stopping });
    expect((await stopped).sent).toBe(3);
    const sending = await t.database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.status, 'sending'));
    expect(sending).toEqual([]);
    // the next start sends the other seven, once each
    const after = slowMailer(received, byWorker, 'after');
    expect((await deliverOutbox(t.database.db, { mailer: after, sms: outboxSmsSender, mailFrom: 'hello@washday.example' })).sent).toBe(7);
    expect(received.size).toBe(10);
    expect([...received.values()].every((n) => n === 1)).toBe(true);
  }, 60_000);

  it('a message refused for good is reported without its address, and the owner gets one alert a day for all of them', async () => {
    await queue(t, 2, 'refused');
    const refusing: Mailer = {
      kind: 'smtp',
      send: async (m) => {
        throw Object.assign(new Error(`550 5.1.1 <${m.to}>: Recipient address rejected`), { retryable: false });
      },
    };
    const result = await deliverOutbox(t.database.db, { mailer: refusing, sms: outboxSmsSender, mailFrom: 'hello@washday.example' });
    expect(result.failed).toBe(2);
    expect(result.givenUp.map((g) => g.reason)).toEqual(['550 5.1.1 <[address]>: Recipient address rejected', '550 5.1.1 <[address]>: Recipient address rejected']);
    const at = new Date('2026-11-24T15:00:00Z');
    await alertMailGivenUp(t.database.db, result.givenUp, at, 'America/New_York');
    await alertMailGivenUp(t.database.db, result.givenUp, new Date('2026-11-24T20:00:00Z'), 'America/New_York');
    const alerts = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'system_alert'));
    expect(alerts.map((a) => [a.dedupeKey, a.subject])).toEqual([['alert:mail-failed:2026-11-24', 'Washday needs attention: Emails or texts could not be delivered']]);
    expect((alerts[0]!.payload as { text: string }).text).not.toContain('@example.com');
  }, 60_000);
});
