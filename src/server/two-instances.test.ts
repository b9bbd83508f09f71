// Two real app processes on one PostgreSQL database (docs/design.md 8): the outbox,
// the payment recovery job, the expiry of open checkouts (with the gift-card holds and pick-up
// places they give back), the day-before reminder texts, gift-card redemption and the rate limits
// stay exactly-once across instances. Needs a PostgreSQL server: TEST_DATABASE_URL; skipped (and
// says so) without one.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { and, eq, inArray, isNotNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../tests/fakes/smtp';
import { createFreshPostgres, type FreshPostgres } from '../../tests/helpers/fresh-postgres';
import { business } from '../shared/business';
import { addDays, isoWeekday, todayIn } from '../shared/dates';
import type { BookingFormInput } from '../shared/schemas/booking-api';
import { loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { bookings, giftCardLedger, giftCards, localGatewayObjects, outbox, paymentOperations, pickupSlots, webhookEvents } from './db/schema';
import { createLocalGateway, type LocalGateway } from './gateways/payment/local-gateway';
import type { PaymentGateway } from './gateways/payment/payment-gateway';
import { insertGiftCard } from './gift-cards/gift-card.factory';
import { bookingFormInput, insertBooking } from './bookings/booking.factory';
import { enqueueEmail } from './notifications/outbox.service';
import { chargeFinalAmount } from './bookings/booking-payments';
import { transferToAccount } from './payments/charges.service';
import { wirePaymentHandlers } from './payment-wiring';

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

/**
 * An IANA zone where it is about 2PM now. The day-before reminder job texts only between 9AM and
 * 8PM business time, by the real clock (the dev clock moves the requests' now, not the jobs'): the
 * instances run in this zone (BUSINESS_TIME_ZONE), so their reminder jobs work whenever this runs.
 */
function zoneAtTwoPm(now = new Date()): string {
  const ahead = (14 - now.getUTCHours() + 24) % 24;
  const offset = ahead > 13 ? ahead - 24 : ahead; // Etc/GMT-13 (UTC+13) to Etc/GMT+10 (UTC-10)
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`; // POSIX: the sign is inverted
}

const timeZone = zoneAtTwoPm();

/** The first Monday, Wednesday or Friday at least two days ahead: no reminder job touches it. */
function pickupDateAhead(): string {
  let date = addDays(todayIn(timeZone), 2);
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

let client = 0;
/** Each booking from an address of its own (behind the trusted proxy): gift-card codes are limited per address (docs/design.md 9). */
async function postBooking(instance: Instance, body: Record<string, unknown>) {
  client += 1;
  const forwardedFor = `198.51.${100 + Math.floor(client / 250)}.${client % 250}`;
  const res = await fetch(`${instance.base}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as BookingAnswer };
}

const checkoutSessionId = (checkoutUrl: string) => new URL(checkoutUrl).pathname.split('/').pop()!;

async function payOnLocalCheckout(instance: Instance, checkoutUrl: string) {
  const res = await fetch(`${instance.base}/dev/checkout/${checkoutSessionId(checkoutUrl)}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', zip: '29072' }).toString(),
  });
  expect(res.status).toBe(303);
}

if (!adminUrl) {
  describe('two app instances on one PostgreSQL database', () => {
    it('needs TEST_DATABASE_URL (a PostgreSQL server both processes share)', (ctx) => {
      // a printed reason: CI sets TEST_DATABASE_URL, so this runs there
      console.log('two-instances.test: skipped, needs TEST_DATABASE_URL (a PostgreSQL server both processes share)');
      ctx.skip();
    });
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
    /** Where each instance's log is now: what a job reports after this point is the case's own. */
    const logMark = () => instances().map((i) => i.logs().length);
    /** The sum of one field of one log message, per instance, since the mark. */
    const reported = (mark: number[], msg: string, field: string) =>
      instances().map((i, k) => i.logs().slice(mark[k]).filter((l) => l.msg === msg).reduce((s, l) => s + Number(l[field] ?? 0), 0));

    beforeAll(async () => {
      const started = Date.now();
      // this process moves money itself (crashed operations below): the app's wiring (decision 051)
      wirePaymentHandlers();
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
        BUSINESS_TIME_ZONE: timeZone,
        OUTBOX_POLL_MS: '200',
        PICKUP_CAPACITY_PER_WINDOW: '1000',
        GIFT_CARD_VALIDATE_PER_MINUTE: String(giftCardValidatePerMinute),
        // many bookings from the test's few addresses: the booking limits are tested in anonymous-limits.test.ts
        BOOKINGS_PER_IP_PER_HOUR: '100000',
        BOOKINGS_PER_CUSTOMER_PER_HOUR: '100000',
        TRUST_PROXY: 'true',
      };
      // the periodic jobs (recovery, checkout expiry, reminders) every 500 ms on A and every 700 ms
      // on B: however the two happened to start, their runs interleave, each now before and now
      // after the other's, which the job cases below rely on to have both instances take part
      a = startInstance('instance A', await freePort(ports), { ...env, JOBS_INTERVAL_MS: '500' });
      b = startInstance('instance B', await freePort(ports), { ...env, JOBS_INTERVAL_MS: '700' });
      await Promise.all([waitForHealth(a), waitForHealth(b)]);
      console.log(`two-instances: database ${fresh.name}, business time zone ${timeZone}, instances on ports ${a.port} and ${b.port}, up in ${Date.now() - started} ms`);
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
      // what is checked is once each and by both, not how fast: beside the browser suite on a slow
      // 2-core machine the 200 took over 20 s
      await waitFor(
        'every email sent',
        async () => {
          const [row] = await database.db.select({ left: sql<number>`count(*)::int` }).from(outbox).where(and(mine, sql`${outbox.status} <> 'sent'`));
          return row!.left === 0;
        },
        75_000,
      );
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
    }, 120_000);

    it('payment recovery: operations a crash left pending complete once, each instance recovering some of them', async () => {
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
      const transfers = Array.from({ length: 40 }, (_, i) => ({ key: `two-instances:${tag}:payout-${i}`, amountCents: 1000 + i }));
      for (const [i, t] of transfers.entries())
        await expect(
          transferToAccount(database.db, died(i), { accountId: account.id, amountCents: t.amountCents, key: t.key, description: `Payout ${i}` }),
        ).rejects.toThrow('process died');

      const bookingIds = paid.map((p) => p.id);
      const transferKeys = transfers.map((t) => `transfer:${t.key}`);
      const ours = sql`(${inArray(paymentOperations.bookingId, bookingIds)} or ${inArray(paymentOperations.idempotencyKey, transferKeys)})`;
      const pending = await database.db.select().from(paymentOperations).where(and(ours, eq(paymentOperations.status, 'pending')));
      expect(pending).toHaveLength(paid.length + transfers.length);
      // ...and the crashes were a minute ago, one after another: the recovery job takes an
      // operation once it is a minute old, so they come due one by one, 60 ms apart, over about
      // 3 s. Made due all at once, the first instance to run would read them all and the other,
      // reading the same rows in the same order, would only trail it; coming due one by one, each
      // run of either instance finds those that came due since the other's last run, and the runs
      // interleave (every 500 ms on A, 700 ms on B), so both instances recover some, reliably.
      const mark = logMark();
      await database.db.execute(sql`
        update payment_operations set created_at = now() - interval '60 seconds' + due.n * interval '60 milliseconds'
        from (select id as op_id, row_number() over (order by created_at) as n from payment_operations where status = 'pending' and ${ours}) due
        where payment_operations.id = due.op_id`);
      await waitFor(
        'the recovery jobs',
        async () => (await database.db.select().from(paymentOperations).where(and(ours, eq(paymentOperations.status, 'pending')))).length === 0,
      );
      await sleep(1_500); // both jobs run twice more: a second completion would land now

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

      // each instance reports the operations its runs completed; one that both found pending (and
      // finished, the second finding it done) is in both reports, so the reports add up to at
      // least every operation, and what one instance did not report the other recovered alone
      const n = operations.length;
      const recovered = reported(mark, 'recovered pending payment operations', 'completed');
      expect(recovered[0]! + recovered[1]!).toBeGreaterThanOrEqual(n);
      const alone = [n - recovered[1]!, n - recovered[0]!];
      expect(alone.every((k) => k > 0)).toBe(true);
      console.log(
        `two-instances recovery: ${n} operations in ${Date.now() - started} ms; recovered by A alone ${alone[0]}, by B alone ${alone[1]}, found by both ${recovered[0]! + recovered[1]! - n}`,
      );
    }, 60_000);

    it('gift card: 40 concurrent bookings on both instances redeem one $30 card for $30 at most, once', async () => {
      const card = await insertGiftCard(database.db, { amount: 3000 });
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => postBooking(instances()[i % 2]!, { bookingData: form({ pickupTime: '4pm-8pm' }), giftCardCode: card.code })),
      );
      expect(results.filter((r) => r.status !== 201 && r.status !== 400)).toEqual([]);
      const won = results.filter((r) => r.status === 201);
      expect(won.reduce((s, r) => s + r.json.quote!.giftCardDiscountCents, 0)).toBe(3000);
      for (const r of results.filter((x) => x.status === 400)) expect(r.json.error!.message).toBe('This gift card code is not valid or has no balance left. Please check the code and try again.');

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

    it('checkout expiry: 30 open checkouts expire on both instances; each gift-card hold and pick-up place goes back once', async () => {
      const started = Date.now();
      const pickupDate = pickupDateAhead();
      const pickupTime = '8am-12pm'; // a window of its own: its count of places is this case's
      const place = and(eq(pickupSlots.pickupDate, pickupDate), eq(pickupSlots.pickupTime, pickupTime));
      const n = 30;
      const staying = 4; // checkouts still open at the end: what they hold stays held
      // one card each, smaller than the booking's $31.50: all of it is held and the rest goes to the
      // card checkout (a card covering the booking would make it free, with no checkout to expire)
      const cards = await Promise.all(Array.from({ length: n + staying }, (_, i) => insertGiftCard(database.db, { amount: 500 + 50 * i })));
      const results = await Promise.all(
        cards.map((card, i) => postBooking(instances()[i % 2]!, { bookingData: form({ pickupTime }), giftCardCode: card.code })),
      );
      expect(results.map((r) => r.status)).toEqual(results.map(() => 201));
      expect(results.map((r) => r.json.next)).toEqual(results.map(() => 'checkout'));
      expect(results.map((r) => r.json.quote!.giftCardDiscountCents)).toEqual(cards.map((c) => c.amount));
      const checkouts = results.map((r, i) => ({ bookingId: r.json.booking_id!, sessionId: checkoutSessionId(r.json.url!), card: cards[i]! }));
      const [before] = await database.db.select().from(pickupSlots).where(place);
      expect(before!.booked).toBe(n + staying);

      // the first 30 were opened half an hour ago, one after another: they expire 75 ms apart over
      // 2 s, and each run of either instance's expiry job (every 500 ms on A, 700 ms on B) finds
      // those that expired since the other's last run, so both take part (as in the recovery case)
      const expiring = checkouts.slice(0, n);
      const mark = logMark();
      const from = Date.now() + 200;
      await database.db.transaction(async (tx) => {
        for (const [i, c] of expiring.entries())
          await tx
            .update(localGatewayObjects)
            .set({ data: sql`jsonb_set(${localGatewayObjects.data}, '{expiresAt}', to_jsonb(${new Date(from + 75 * i).toISOString()}::text))` })
            .where(and(eq(localGatewayObjects.id, c.sessionId), eq(localGatewayObjects.kind, 'checkout_session')));
      });
      const expiringIds = expiring.map((c) => c.bookingId);
      // slow by design of the app, not of the test: each release holds the window's row (its count
      // of places) until it commits, with the two notices rendered, so they go one at a time
      await waitFor(
        'every expired checkout let go',
        async () => {
          const done = await database.db
            .select({ id: bookings.id })
            .from(bookings)
            .where(and(inArray(bookings.id, expiringIds), eq(bookings.bookingStatus, 'cancelled'), isNotNull(bookings.abandonedNoticeAt)));
          return done.length === n;
        },
        45_000,
      );
      await sleep(1_500); // both jobs run twice more: a second expiry or release would land now

      // the gateway: expired once each, and said so once each (the expiry event reaches the app of
      // the instance whose job expired the checkout, which lets go of what the booking held)
      const sessions = await database.db
        .select({ id: localGatewayObjects.id, status: sql<string>`${localGatewayObjects.data}->>'status'` })
        .from(localGatewayObjects)
        .where(inArray(localGatewayObjects.id, checkouts.map((c) => c.sessionId)));
      const statusOf = new Map(sessions.map((x) => [x.id, x.status]));
      expect(checkouts.map((c) => statusOf.get(c.sessionId))).toEqual(checkouts.map((_, i) => (i < n ? 'expired' : 'open')));
      const [events] = await database.db.select({ count: sql<number>`count(*)::int` }).from(webhookEvents).where(eq(webhookEvents.type, 'checkout.session.expired'));
      expect(events!.count).toBe(n);

      // the bookings: the expired ones cancelled, the others still waiting for payment
      const rows = await database.db.select().from(bookings).where(inArray(bookings.id, checkouts.map((c) => c.bookingId)));
      const bookingOf = new Map(rows.map((r) => [r.id, r]));
      expect(checkouts.map((c) => bookingOf.get(c.bookingId)!.bookingStatus)).toEqual(checkouts.map((_, i) => (i < n ? 'cancelled' : 'pending')));
      expect(checkouts.map((c) => bookingOf.get(c.bookingId)!.paymentStatus)).toEqual(checkouts.map(() => 'pending'));

      // each hold released once, each card's balance back once: all of it, not twice
      const cardIds = cards.map((c) => c.id);
      const ledger = await database.db.select().from(giftCardLedger).where(inArray(giftCardLedger.giftCardId, cardIds));
      const entriesOf = (c: (typeof checkouts)[number]) =>
        ledger
          .filter((e) => e.giftCardId === c.card.id)
          .map((e) => `${e.kind} ${e.amountCents} ${e.bookingId === c.bookingId ? 'own' : e.bookingId}`)
          .sort();
      expect(checkouts.map(entriesOf)).toEqual(
        checkouts.map((c, i) => (i < n ? [`hold ${c.card.amount} own`, `release ${c.card.amount} own`] : [`hold ${c.card.amount} own`])),
      );
      const balances = await database.db.select({ id: giftCards.id, balance: giftCards.balance }).from(giftCards).where(inArray(giftCards.id, cardIds));
      const balanceOf = new Map(balances.map((x) => [x.id, x.balance]));
      expect(checkouts.map((c) => balanceOf.get(c.card.id))).toEqual(checkouts.map((c, i) => (i < n ? c.card.amount : 0)));

      // each place given back once: the window counts the open checkouts only
      const [after] = await database.db.select().from(pickupSlots).where(place);
      expect(after!.booked).toBe(staying);

      // the abandoned-checkout notices, to the business and to the customer: queued once each
      const notices = await database.db.select({ kind: outbox.kind, bookingId: outbox.bookingId }).from(outbox).where(inArray(outbox.bookingId, expiringIds));
      expect(expiringIds.map((id) => notices.filter((x) => x.bookingId === id).map((x) => x.kind).sort())).toEqual(
        expiringIds.map(() => ['abandoned_business', 'abandoned_customer']),
      );

      // both instances' jobs expired some, and together each checkout once
      const expiredBy = reported(mark, 'expired open local checkouts', 'expired');
      expect(expiredBy[0]! + expiredBy[1]!).toBe(n);
      expect(expiredBy.every((k) => k > 0)).toBe(true);
      console.log(`two-instances expiry: ${n} checkouts in ${Date.now() - started} ms, expired by A ${expiredBy[0]} and B ${expiredBy[1]}; holds, balances and places given back once`);
    }, 90_000);

    it('reminders: every booking for tomorrow gets one reminder text, queued by the jobs of both instances', async () => {
      const started = Date.now();
      const tomorrow = addDays(todayIn(timeZone), 1);
      const n = 50;
      // confirmed bookings for tomorrow, texts agreed to, booked one after another (60 ms apart,
      // over 3 s): each run of either instance's reminder job (every 500 ms on A, 700 ms on B) finds
      // those booked since the other's last run, so both queue some (as in the recovery case). Rows
      // from the factory: tomorrow need not be a pick-up day, and the job doesn't ask.
      const mark = logMark();
      const due: { id: string; phone: string }[] = [];
      for (let i = 0; i < n; i++) {
        const booking = await insertBooking(database.db, {
          name: `Remy ${i}`,
          email: `remy${i}-${tag}@example.com`,
          phone: `(803) 555-${7000 + i}`,
          pickupDate: tomorrow,
          pickupTime: '12pm-4pm',
          smsConsent: true,
          bookingStatus: 'confirmed',
          paymentStatus: 'paid',
          confirmedAt: new Date(),
        });
        due.push({ id: booking.id, phone: `+1803555${7000 + i}` });
        await sleep(60);
      }
      const mine = inArray(outbox.bookingId, due.map((d) => d.id));
      // queued, then handed over by the outbox workers (to no provider here: kept in the outbox)
      await waitFor('every reminder handed over', async () => {
        const [row] = await database.db.select({ kept: sql<number>`count(*) filter (where ${outbox.status} = 'kept')::int` }).from(outbox).where(mine);
        return row!.kept === n;
      });
      await sleep(1_500); // both jobs run twice more over the same bookings: a second text would be queued now

      const texts = await database.db.select().from(outbox).where(mine);
      const textsOf = (id: string) => texts.filter((t) => t.bookingId === id);
      expect(due.map((d) => textsOf(d.id).map((t) => `${t.kind} ${t.channel} ${t.recipient} ${t.dedupeKey} ${t.status} ${t.attempts}`))).toEqual(
        due.map((d) => [`pickup_reminder_sms sms ${d.phone} reminder:${d.id} kept 1`]),
      );
      expect(texts.every((t) => (t.payload as { body: string }).body.includes('we pick up your laundry tomorrow'))).toBe(true);

      // both instances' jobs queued some, and together each text once
      const queuedBy = reported(mark, 'queued pick-up reminder texts', 'reminders');
      expect(queuedBy[0]! + queuedBy[1]!).toBe(n);
      expect(queuedBy.every((k) => k > 0)).toBe(true);
      console.log(`two-instances reminders: ${n} texts for ${tomorrow} (${timeZone}) in ${Date.now() - started} ms, queued by A ${queuedBy[0]} and B ${queuedBy[1]}, 0 duplicates`);
    }, 45_000);

    it('neither instance logged an error', () => {
      const errors = instances().flatMap((i) => i.logs().filter((l) => l.level >= 50).map((l) => `${i.name}: ${l.msg} ${JSON.stringify(l.err ?? '')}`));
      expect(errors).toEqual([]);
    });
  });
}
