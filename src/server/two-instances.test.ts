// Two real app processes on one PostgreSQL database (DESIGN.md 8; issue 8, item 5): the outbox,
// the payment recovery job, gift-card redemption and the rate limits stay exactly-once across
// instances. Needs a PostgreSQL server: TEST_DATABASE_URL; skipped (and says so) without one.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../tests/fakes/smtp';
import { createFreshPostgres, type FreshPostgres } from '../../tests/helpers/fresh-postgres';
import { business } from '../shared/business';
import { addDays, isoWeekday, todayIn } from '../shared/dates';
import type { BookingFormInput } from '../shared/schemas/booking';
import { loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { bookings, giftCardLedger, giftCards, outbox, paymentOperations } from './db/schema';
import { createLocalGateway, type LocalGateway } from './gateways/payment/local-gateway';
import type { PaymentGateway } from './gateways/payment/payment-gateway';
import { insertGiftCard } from './gift-cards/gift-card.factory';
import { bookingFormInput } from './bookings/booking.factory';
import { enqueueEmail } from './notifications/outbox.service';
import { chargeFinalAmount, transferToAccount } from './payments/payments.service';

const adminUrl = process.env.TEST_DATABASE_URL;
const root = path.resolve(import.meta.dirname, '../..');
const giftCardValidatePerMinute = 5;

type LogLine = { level: number; msg: string; [key: string]: unknown };
type Instance = { name: string; port: number; base: string; child: ChildProcess; exited: Promise<number | null>; logs: () => LogLine[]; output: () => string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port in this test's range (4600-4699) that nothing listens on now. */
async function freePort(taken: Set<number>): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 4600 + Math.floor(Math.random() * 100);
    if (taken.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) {
      taken.add(port);
      return port;
    }
  }
  throw new Error('no free port in 4600-4699');
}

function startInstance(name: string, port: number, env: Record<string, string>): Instance {
  // only what the process needs: nothing of this test process's environment leaks into its config
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TMPDIR: process.env.TMPDIR ?? '/tmp', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const logs = () =>
    output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as LogLine);
  return { name, port, base: `http://127.0.0.1:${port}`, child, exited, logs, output: () => output };
}

async function waitForHealth(instance: Instance, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (instance.child.exitCode !== null) throw new Error(`${instance.name} exited with ${instance.child.exitCode}:\n${instance.output()}`);
    try {
      if ((await fetch(`${instance.base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${instance.name} did not become healthy:\n${instance.output()}`);
}

async function stopInstance(instance: Instance) {
  if (instance.child.exitCode !== null) return;
  instance.child.kill('SIGTERM');
  const code = await Promise.race([instance.exited, sleep(8_000).then(() => 'timeout' as const)]);
  if (code === 'timeout') instance.child.kill('SIGKILL');
}

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** The first Monday, Wednesday or Friday at least two days ahead: no reminder job touches it. */
function pickupDateAhead(): string {
  let date = addDays(todayIn(business.timeZone), 2);
  while (!(business.serviceWeekdays as readonly number[]).includes(isoWeekday(date))) date = addDays(date, 1);
  return date;
}

let seq = 0;
function form(overrides: Partial<BookingFormInput> = {}): BookingFormInput {
  seq += 1;
  return bookingFormInput({
    name: 'Dana Two',
    email: `dana${seq}@example.com`,
    phone: `(803) 555-${String(3000 + seq).slice(-4)}`,
    address: '4 Lake Murray Blvd',
    pickupDate: pickupDateAhead(),
    pickupTime: '12pm-4pm',
    ...overrides,
  });
}

type BookingAnswer = { booking_id?: string; url?: string; next?: string; quote?: { giftCardDiscountCents: number }; error?: { message: string } };

async function postBooking(instance: Instance, body: Record<string, unknown>) {
  const res = await fetch(`${instance.base}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as BookingAnswer };
}

async function payOnLocalCheckout(instance: Instance, checkoutUrl: string) {
  const sessionId = new URL(checkoutUrl).pathname.split('/').pop()!;
  const res = await fetch(`${instance.base}/dev/checkout/${sessionId}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', zip: '29072' }).toString(),
  });
  expect(res.status).toBe(303);
}

if (!adminUrl) {
  describe('two app instances on one PostgreSQL database', () => {
    it.skip('needs TEST_DATABASE_URL (a PostgreSQL server both processes share)', () => {});
  });
  console.log('two-instances.test.ts skipped: set TEST_DATABASE_URL to a PostgreSQL server to run two app processes against one database.');
} else {
  describe('two app instances on one PostgreSQL database', () => {
    const tag = randomBytes(4).toString('hex');
    const config = loadConfig({ NODE_ENV: 'test' });
    let fresh: FreshPostgres;
    let database: Database;
    let gateway: LocalGateway;
    let sink: SmtpSink;
    let a: Instance;
    let b: Instance;
    const instances = () => [a, b];

    beforeAll(async () => {
      const started = Date.now();
      fresh = await createFreshPostgres(adminUrl, 'wd_two');
      // the test's own connection: it queues emails, writes crashed operations and reads the results
      database = await openDatabase({ kind: 'postgres', url: fresh.url, maxConnections: 10 });
      // migrated once before both start, as a release step would: two processes migrating one
      // fresh database at the same moment race on drizzle's bookkeeping table (see the report)
      await database.migrate();
      gateway = createLocalGateway({ db: database.db, webhookSecret: config.localWebhookSecret, publicUrl: 'http://127.0.0.1' });
      sink = await startSmtpSink();
      const ports = new Set<number>();
      const env = {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        DATABASE_URL: fresh.url,
        SMTP_URL: sink.url,
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'info',
        STATIC_DIR: './tests/fixtures/static',
        JOBS_INTERVAL_MS: '500',
        OUTBOX_POLL_MS: '200',
        PICKUP_CAPACITY_PER_WINDOW: '1000',
        GIFT_CARD_VALIDATE_PER_MINUTE: String(giftCardValidatePerMinute),
      };
      a = startInstance('instance A', await freePort(ports), env);
      b = startInstance('instance B', await freePort(ports), env);
      await Promise.all([waitForHealth(a), waitForHealth(b)]);
      console.log(`two-instances: database ${fresh.name}, instances on ports ${a.port} and ${b.port}, up in ${Date.now() - started} ms`);
    }, 60_000);

    afterAll(async () => {
      await Promise.all([a, b].filter(Boolean).map(stopInstance));
      await sink?.stop();
      await database?.close();
      await fresh?.drop();
    }, 30_000);

    it('outbox: 200 queued emails reach the mail server exactly once, delivered by both workers', async () => {
      const n = 200;
      const started = Date.now();
      await database.db.transaction(async (tx) => {
        for (let i = 0; i < n; i++)
          await enqueueEmail(tx, {
            dedupeKey: `two-instances:${tag}:${i}`,
            kind: 'test',
            to: `guest${i}@example.com`,
            subject: `Message ${i}`,
            payload: { html: `<p>Message ${i}</p>`, text: `Message ${i}` },
          });
      });
      const mine = like(outbox.dedupeKey, `two-instances:${tag}:%`);
      await waitFor('every email sent', async () => {
        const [row] = await database.db.select({ left: sql<number>`count(*)::int` }).from(outbox).where(and(mine, sql`${outbox.status} <> 'sent'`));
        return row!.left === 0;
      });
      await sleep(500); // a straggler (a second delivery) would arrive within a poll or two
      const rows = await database.db.select({ id: outbox.id, status: outbox.status, attempts: outbox.attempts }).from(outbox).where(mine);
      expect(rows).toHaveLength(n);
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);

      const arrivals = new Map<string, number>();
      for (const mail of sink.received) arrivals.set(mail.messageId ?? '', (arrivals.get(mail.messageId ?? '') ?? 0) + 1);
      const counts = rows.map((r) => arrivals.get(`<${r.id}@washday.outbox>`) ?? 0);
      expect(counts.filter((c) => c !== 1)).toEqual([]);
      expect([...arrivals.values()].filter((c) => c > 1)).toEqual([]);

      // both workers took part: each instance logs what it delivered
      const sentBy = instances().map((i) => i.logs().filter((l) => l.msg === 'outbox delivered').reduce((s, l) => s + Number(l.sent ?? 0), 0));
      expect(sentBy[0]! + sentBy[1]!).toBe(n);
      expect(sentBy.every((s) => s > 0)).toBe(true);
      console.log(`two-instances outbox: ${n} emails in ${Date.now() - started} ms, sent by A ${sentBy[0]} and B ${sentBy[1]}, 0 duplicates`);
    }, 45_000);

    it('payment recovery: operations a crash left pending complete once, though both instances recover them', async () => {
      const started = Date.now();
      // paid bookings: booked and paid on the local checkout, alternately on each instance
      const paid: { id: string; paymentIntentId: string }[] = [];
      for (let i = 0; i < 6; i++) {
        const instance = instances()[i % 2]!;
        const { status, json } = await postBooking(instance, { bookingData: form({ bagQuantity: 2 }) });
        expect(status).toBe(201);
        expect(json.next).toBe('checkout');
        await payOnLocalCheckout(instance, json.url!);
        const booking = await waitFor('the booking paid', async () => {
          const [row] = await database.db.select().from(bookings).where(eq(bookings.id, json.booking_id!));
          return row?.paymentStatus === 'paid' ? row : null;
        });
        paid.push({ id: booking.id, paymentIntentId: booking.stripePaymentIntentId! });
      }
      const account = await gateway.createConnectedAccount({ email: `pro-${tag}@example.com`, idempotencyKey: `two-instances:${tag}:account` });
      await gateway.completeOnboarding(account.id);

      // the process dies around the gateway call: half after the gateway's success (our write is
      // lost), half before the call reached it; either way the operation row stays pending
      const died = (i: number): PaymentGateway => ({
        ...gateway,
        capture: async (input) => {
          if (i % 2 === 0) await gateway.capture(input);
          throw new Error('process died');
        },
        transfer: async (input) => {
          if (i % 2 === 0) await gateway.transfer(input);
          throw new Error('process died');
        },
      });
      for (const [i, booking] of paid.entries())
        await expect(chargeFinalAmount(database.db, died(i), { bookingId: booking.id, finalCents: 5000 })).rejects.toThrow('process died');
      const transfers = Array.from({ length: 20 }, (_, i) => ({ key: `two-instances:${tag}:payout-${i}`, amountCents: 1000 + i }));
      for (const [i, t] of transfers.entries())
        await expect(
          transferToAccount(database.db, died(i), { accountId: account.id, amountCents: t.amountCents, key: t.key, description: `Payout ${i}` }),
        ).rejects.toThrow('process died');

      const bookingIds = paid.map((p) => p.id);
      const transferKeys = transfers.map((t) => `transfer:${t.key}`);
      const ours = sql`(${inArray(paymentOperations.bookingId, bookingIds)} or ${inArray(paymentOperations.idempotencyKey, transferKeys)})`;
      const pending = await database.db.select().from(paymentOperations).where(and(ours, eq(paymentOperations.status, 'pending')));
      expect(pending).toHaveLength(paid.length + transfers.length);
      // ...and the crash was two minutes ago: old enough for both instances' recovery jobs
      await database.db.execute(sql`update payment_operations set created_at = now() - interval '2 minutes' where status = 'pending' and ${ours}`);
      await waitFor(
        'the recovery jobs',
        async () => (await database.db.select().from(paymentOperations).where(and(ours, eq(paymentOperations.status, 'pending')))).length === 0,
      );

      const operations = await database.db.select().from(paymentOperations).where(ours);
      expect(operations.map((o) => o.status)).toEqual(operations.map(() => 'succeeded'));
      for (const booking of paid) {
        const [row] = await database.db.select().from(bookings).where(eq(bookings.id, booking.id));
        expect(row!.capturedAmount).toBe(5000); // the effect recorded once
        const pi = await gateway.retrievePaymentIntent(booking.paymentIntentId);
        expect(pi).toMatchObject({ status: 'succeeded', amountReceived: 5000 }); // captured once
      }
      const sent = (await gateway.list<{ accountId: string; amount: number }>('transfer')).filter((t) => t.accountId === account.id);
      expect(sent.map((t) => t.amount).sort()).toEqual(transfers.map((t) => t.amountCents).sort()); // one transfer per key

      const recovered = instances().map((i) =>
        i.logs().filter((l) => l.msg === 'recovered pending payment operations').reduce((s, l) => s + Number(l.completed ?? 0), 0),
      );
      // more completions than operations in all: both instances worked on the same rows at once
      const overlap = recovered[0]! + recovered[1]! - operations.length;
      console.log(
        `two-instances recovery: ${operations.length} operations in ${Date.now() - started} ms; completions reported by A ${recovered[0]} and B ${recovered[1]} (${Math.max(0, overlap)} taken by both)`,
      );
    }, 45_000);

    it('gift card: 40 concurrent bookings on both instances redeem one $30 card for $30 at most, once', async () => {
      const card = await insertGiftCard(database.db, { amount: 3000 });
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => postBooking(instances()[i % 2]!, { bookingData: form({ pickupTime: '4pm-8pm' }), giftCardCode: card.code })),
      );
      expect(results.filter((r) => r.status !== 201 && r.status !== 400)).toEqual([]);
      const won = results.filter((r) => r.status === 201);
      expect(won.reduce((s, r) => s + r.json.quote!.giftCardDiscountCents, 0)).toBe(3000);
      for (const r of results.filter((x) => x.status === 400)) expect(r.json.error!.message).toBe('This gift card has no balance left.');

      // the winner pays on the other instance: the hold is captured, once
      const winner = won[0]!;
      await payOnLocalCheckout(b, winner.json.url!);
      const ledger = await waitFor('the hold captured', async () => {
        const entries = await database.db.select().from(giftCardLedger).where(eq(giftCardLedger.giftCardId, card.id));
        return entries.some((e) => e.kind === 'capture') ? entries : null;
      });
      await sleep(300); // a second capture, if any, would land now
      const entries = await database.db.select().from(giftCardLedger).where(eq(giftCardLedger.giftCardId, card.id));
      expect(entries.length).toBe(ledger.length);
      const total = (kind: string) => entries.filter((e) => e.kind === kind).reduce((s, e) => s + e.amountCents, 0);
      expect({ hold: total('hold'), capture: total('capture'), release: total('release') }).toEqual({ hold: 3000, capture: 3000, release: 0 });
      expect(entries.filter((e) => e.kind === 'hold').map((e) => e.bookingId)).toEqual(won.map((r) => r.json.booking_id));
      const [after] = await database.db.select().from(giftCards).where(eq(giftCards.id, card.id));
      expect(after!.balance).toBe(after!.amount - total('hold') + total('release'));
      expect(after!.balance).toBe(0);
    }, 30_000);

    it('rate limit: one limit for both instances, 429 after max requests in all, not twice max', async () => {
      // the window is the clock's minute: start well inside one
      const left = 60_000 - (Date.now() % 60_000);
      if (left < 5_000) await sleep(left + 100);
      const validate = (instance: Instance) =>
        fetch(`${instance.base}/api/gift-cards/validate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ giftCardCode: 'ZZZZ2222' }) });
      const statuses: number[] = [];
      for (let i = 0; i < giftCardValidatePerMinute + 3; i++) statuses.push((await validate(instances()[i % 2]!)).status);
      expect(statuses).toEqual([...Array(giftCardValidatePerMinute).fill(200), 429, 429, 429]);
      const limited = await validate(a);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await limited.json()) as BookingAnswer).error!.message).toMatch(/Too many gift card attempts/);
    });

    it('neither instance logged an error', () => {
      const errors = instances().flatMap((i) => i.logs().filter((l) => l.level >= 50).map((l) => `${i.name}: ${l.msg} ${JSON.stringify(l.err ?? '')}`));
      expect(errors).toEqual([]);
    });
  });
}
