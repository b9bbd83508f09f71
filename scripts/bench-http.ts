// `npm run bench:http`: HTTP load with autocannon on a route that runs one query (GET /api/health:
// `select 1`), POST /api/bookings/quote and POST /api/bookings against a real server process, on
// PGlite and on PostgreSQL, at fixed request rates. Prints the achieved rate, p50, p99 and errors
// beside the goals: quote p99 <= 25 ms at 300 req/s; a booking's saturation (its highest achieved
// rate) at least 15 % of the one-query route's on PostgreSQL, and booking p99 <= 50 ms at 150 req/s
// on both (docs/decisions/049: the saturation goal is PostgreSQL's alone).
//   --duration S        seconds per measured run (default 10)
//   --rates 150,300     the fixed rates in req/s (default 150,300,1000,3000)
//   --databases pglite  which databases (default pglite,postgres)
//   --free              book with promo code FREE (confirmed at once) instead of the card checkout
//   --quote-promo CODE  the promo code sent to the quote (default FIRST12; "none" sends none)
import fs from 'node:fs';
import autocannon from 'autocannon';
import { business } from '../src/shared/business';
import { addDays, isoWeekday, todayIn } from '../src/shared/dates';
import { bookingFormInput } from '../src/server/bookings/booking.factory';
import { pickupTimeValues } from '../src/shared/booking-values';
import type { BookingFormInput, CreateBookingRequest } from '../src/shared/schemas/booking-api';
import { emitBenchJson, flagValue, formatMs, formatTable, hasFlag, numberFlag, onInterrupt, percentile, sleep, type BenchRow } from './lib/bench-report';
import { createBenchDatabase, postgresVersion, type BenchDatabase } from './lib/bench-postgres';
import { freePortInRange, startServer } from './lib/server';

const ONE_QUERY_PATH = '/api/health';
const QUOTE_PATH = '/api/bookings/quote';
const BOOKING_PATH = '/api/bookings';
const GOAL_QUOTE_P99_MS = 25;
const GOAL_RATE = 300;
/** Requests each connection sends per second: connections = rate / this (at least 10). */
const PER_CONNECTION_RATE = 4;

type DbKind = 'pglite' | 'postgres';
type Endpoint = 'one-query' | 'booking' | 'quote';
const GOAL_BOOKING_SHARE = 0.15;
const GOAL_BOOKING_P99_MS = 50;
const GOAL_BOOKING_RATE = 150;
/** docs/decisions/049: the saturation goal is PostgreSQL's; PGlite's is the p99 at 150 req/s. */
const hasShareGoal = (d: DbKind) => d === 'postgres';
const pathOf = (e: Endpoint) => (e === 'one-query' ? `GET ${ONE_QUERY_PATH}` : e === 'quote' ? `POST ${QUOTE_PATH}` : `POST ${BOOKING_PATH}`);

type Measurement = {
  endpoint: Endpoint;
  database: DbKind;
  targetRate: number;
  connections: number;
  durationS: number;
  sent: number;
  responses: number;
  achievedRate: number;
  ok: number;
  non2xx: number;
  statusCounts: Record<string, number>;
  errors: number;
  timeouts: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  serverCpuPercent: number | null;
  loadGeneratorCpuPercent: number;
  sampleFailure: string | null;
};

const args = {
  durationS: numberFlag('duration', 10),
  rates: (flagValue('rates') ?? '150,300,1000,3000').split(',').map((r) => Number(r.trim())),
  databases: (flagValue('databases') ?? 'pglite,postgres').split(',').map((d) => d.trim()) as DbKind[],
  free: hasFlag('free'),
  quotePromo: (flagValue('quote-promo') ?? 'FIRST12').toUpperCase(),
};

if (args.rates.some((r) => !Number.isInteger(r) || r < 1)) throw new Error('--rates: whole numbers of requests per second');
if (args.databases.some((d) => d !== 'pglite' && d !== 'postgres')) throw new Error('--databases: pglite and/or postgres');

// ---- request bodies ------------------------------------------------------------------------------

/** Future Mondays, Wednesdays and Fridays from the day after tomorrow: about a year of them. */
function serviceDates(count: number): string[] {
  const dates: string[] = [];
  let day = addDays(todayIn(business.timeZone), 2);
  while (dates.length < count) {
    if ((business.serviceWeekdays as readonly number[]).includes(isoWeekday(day))) dates.push(day);
    day = addDays(day, 1);
  }
  return dates;
}

const dates = serviceDates(150); // x 3 windows = 450 windows
let sequence = 0;
const runTag = Date.now().toString(36);

function form(overrides: Partial<BookingFormInput> = {}): BookingFormInput {
  const n = sequence++;
  return bookingFormInput({
    name: 'Bench Customer',
    email: `bench-${runTag}-${n}@example.com`,
    // one phone each (the free path allows one open free booking per phone)
    phone: `(8${String(Math.floor(n / 10_000) % 100).padStart(2, '0')}) 555-${String(n % 10_000).padStart(4, '0')}`,
    pickupDate: dates[n % dates.length]!,
    pickupTime: pickupTimeValues[Math.floor(n / dates.length) % pickupTimeValues.length]!,
    bagQuantity: 1 + (n % 3),
    ...overrides,
  });
}

function bookingBody(): string {
  const request: CreateBookingRequest = { bookingData: form(), promoCode: args.free ? 'FREE' : null, giftCardCode: null };
  return JSON.stringify(request);
}

// one fixed customer who never books (the bookings use 555-xxxx numbers): FIRST12 makes the quote
// look up earlier confirmed bookings with this email or phone
const quoteBody = JSON.stringify({
  bookingData: form({ email: `quote-${runTag}@example.com`, phone: '(803) 556-0000', pickupDate: dates[5]!, bagQuantity: 2, oxiClean: true }),
  promoCode: args.quotePromo === 'NONE' ? null : args.quotePromo,
  giftCardCode: null,
} satisfies CreateBookingRequest);

// ---- load ------------------------------------------------------------------------------------------

/** The autocannon client internals the staggering below relies on (autocannon 8.0.0, lib/httpClient.js). */
type RateLimitedClient = {
  rateInterval?: NodeJS.Timeout;
  reqsMadeThisSecond: number;
  paused?: boolean;
  destroyed: boolean;
  cer?: unknown;
  _doRequest(cer?: unknown): void;
};

/**
 * autocannon's rate limit gives each connection a one-second window that starts when the
 * connection is created, so every connection sends its quota at the same instant and the server
 * sees one burst per second instead of a steady rate. This spreads the connections' windows evenly
 * over the second: arrivals come at a steady rate, as from many independent customers.
 */
function staggeredClients(connections: number) {
  let index = 0;
  const timers: NodeJS.Timeout[] = [];
  return {
    setupClient(client: autocannon.Client) {
      const c = client as unknown as RateLimitedClient;
      const offsetMs = (index++ * 1000) / connections;
      c.reqsMadeThisSecond = Number.POSITIVE_INFINITY; // hold the first request until the slot
      // the constructor creates its interval right after setupClient returns
      queueMicrotask(() => {
        if (c.rateInterval) clearInterval(c.rateInterval);
        const tick = () => {
          c.reqsMadeThisSecond = 0;
          if (c.paused && !c.destroyed) c._doRequest(c.cer);
          c.paused = false;
        };
        timers.push(
          setTimeout(() => {
            if (c.destroyed) return;
            tick();
            c.rateInterval = setInterval(tick, 1000);
          }, offsetMs),
        );
      });
    },
    clear() {
      for (const t of timers) clearTimeout(t);
    },
  };
}

/** CPU seconds (user + system) used so far by a process, from /proc; null elsewhere. */
function cpuSeconds(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in USER_HZ (100)
  } catch {
    return null;
  }
}

async function measure(options: {
  url: string;
  serverPid: number | undefined;
  endpoint: Endpoint;
  database: DbKind;
  rate: number;
  durationS: number;
}): Promise<Measurement> {
  const { rate } = options;
  const connections = Math.max(10, Math.ceil(rate / PER_CONNECTION_RATE));
  const stagger = staggeredClients(connections);
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  let responses = 0;
  let sampleFailure: string | null = null;
  const request: autocannon.Request =
    options.endpoint === 'one-query'
      ? { method: 'GET', path: ONE_QUERY_PATH }
      : options.endpoint === 'quote'
        ? { method: 'POST', path: QUOTE_PATH, body: quoteBody }
        : { method: 'POST', path: BOOKING_PATH, setupRequest: (req) => ({ ...req, body: bookingBody() }) };
  request.onResponse = (status, body) => {
    if ((status < 200 || status >= 300) && sampleFailure === null) sampleFailure = `${status} ${body.slice(0, 300)}`;
  };
  const cpuBefore = cpuSeconds(options.serverPid);
  const ownCpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections,
        overallRate: rate,
        duration: options.durationS,
        timeout: 10,
        headers: { 'content-type': 'application/json' },
        requests: [request],
        setupClient: stagger.setupClient,
        // autocannon 8 corrects for coordinated omission with an expected interval of ceil(1 / rate)
        // = 1 ms, i.e. it adds a synthetic sample per millisecond of every response: the raw
        // latencies are kept here, and the achieved rate shows when the server falls behind
        ignoreCoordinatedOmission: true,
      },
      (err: unknown, res) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(res)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      responses++;
      statusCounts[statusCode] = (statusCounts[statusCode] ?? 0) + 1;
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
  const elapsedS = (performance.now() - started) / 1000;
  const cpuAfter = cpuSeconds(options.serverPid);
  const ownCpu = process.cpuUsage(ownCpuBefore);
  stagger.clear();
  latencies.sort((a, b) => a - b);
  const ok = latencies.length;
  const durationS = result.duration || elapsedS;
  return {
    endpoint: options.endpoint,
    database: options.database,
    targetRate: rate,
    connections,
    durationS,
    sent: result.requests.sent,
    responses,
    achievedRate: responses / durationS,
    ok,
    non2xx: responses - ok,
    statusCounts,
    errors: result.errors,
    timeouts: result.timeouts,
    p50Ms: percentile(latencies, 50),
    p90Ms: percentile(latencies, 90),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? Number.NaN,
    serverCpuPercent: cpuBefore !== null && cpuAfter !== null ? ((cpuAfter - cpuBefore) / elapsedS) * 100 : null,
    loadGeneratorCpuPercent: ((ownCpu.user + ownCpu.system) / 1e6 / elapsedS) * 100,
    sampleFailure,
  };
}

/** One request by hand before the load: a wrong body would otherwise measure 400s. */
async function preflight(url: string, endpoint: 'booking' | 'quote'): Promise<string> {
  const res = await fetch(`${url}${endpoint === 'quote' ? QUOTE_PATH : BOOKING_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: endpoint === 'quote' ? quoteBody : bookingBody(),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`preflight ${endpoint} answered ${res.status}: ${text.slice(0, 500)}`);
  const json = JSON.parse(text) as { next?: string; totalCents?: number; quote?: { totalCents: number } };
  return endpoint === 'quote' ? `total ${json.totalCents} cents` : `next=${json.next}, total ${json.quote?.totalCents} cents`;
}

/**
 * Waits until the server has worked off what a run left queued: autocannon drops its connections
 * at the end of a run, but a saturated server still answers every request it accepted. The health
 * check queues behind them (it asks the database too). Answers the wait in ms.
 */
async function drain(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(180_000) });
  await res.arrayBuffer();
  return performance.now() - started;
}

async function countBookings(url: string | null): Promise<number | null> {
  // only PostgreSQL can be asked from outside the server (PGlite belongs to the server process)
  if (!url) return null;
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select count(*) as n from bookings');
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

async function benchDatabase(kind: DbKind, notes: string[]): Promise<Measurement[]> {
  let database: BenchDatabase | null = null;
  if (kind === 'postgres') database = await createBenchDatabase('http');
  const dropAll = async () => {
    await database?.drop();
  };
  const env: Record<string, string> = {
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    PICKUP_CAPACITY_PER_WINDOW: '1000',
    // the bookings spread over about a year of pick-up days (serviceDates): all inside the horizon
    BOOKING_HORIZON_DAYS: '365',
    // one load generator is one client: the anonymous-write limits (docs/design.md 9) would answer 429
    BOOKINGS_PER_IP_PER_HOUR: '100000000',
    BOOKINGS_PER_CUSTOMER_PER_HOUR: '100000000',
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  const server = await startServer(env, { port: await freePortInRange(), output: 'stderr' }).catch(async (err: unknown) => {
    await dropAll();
    throw err;
  });
  const release = onInterrupt(async () => {
    await server.stop();
    await dropAll();
  });
  const results: Measurement[] = [];
  try {
    const label = kind === 'pglite' ? 'PGlite' : `PostgreSQL (database ${database!.name})`;
    console.error(`\n${label}: server on ${server.url}, ready in ${Math.round(server.readyMs)} ms`);
    // the free path needs the development seed's FREE (docs/design.md 9)
    if (args.free) await fetch(`${server.url}/dev/demo-promo-codes`, { method: 'POST' });
    const bookingCheck = await preflight(server.url, 'booking');
    const quoteCheck = await preflight(server.url, 'quote');
    console.error(`  preflight: booking ${bookingCheck}; quote ${quoteCheck}`);
    notes.push(`${label}: a booking answers ${bookingCheck}; the quote answers ${quoteCheck}.`);
    // bookings first, so the quote's FIRST12 look-up runs against a table that holds them
    for (const endpoint of ['one-query', 'booking', 'quote'] as const) {
      // warm-up (JIT, connection pool), not recorded
      await measure({ url: server.url, serverPid: server.pid, endpoint, database: kind, rate: 100, durationS: 3 });
      for (const rate of args.rates) {
        const backlogMs = await drain(server.url);
        if (backlogMs > 1000) console.error(`  (the server worked off the previous run's queue for ${formatMs(backlogMs)})`);
        await sleep(1000);
        const rows = endpoint === 'quote' ? await countBookings(database?.url ?? null) : null;
        const m = await measure({ url: server.url, serverPid: server.pid, endpoint, database: kind, rate, durationS: args.durationS });
        results.push(m);
        console.error(
          `  ${endpoint} @ ${rate} req/s: ${m.achievedRate.toFixed(0)} req/s, p50 ${formatMs(m.p50Ms)}, p99 ${formatMs(m.p99Ms)}, ` +
            `non-2xx ${m.non2xx}, errors ${m.errors}${rows === null ? '' : ` (bookings table: ${rows} rows)`}`,
        );
        if (m.sampleFailure) console.error(`    first failure: ${m.sampleFailure}`);
      }
      await drain(server.url);
    }
  } finally {
    release();
    await server.stop();
    await dropAll();
  }
  return results;
}

async function main() {
  const notes: string[] = [
    `Each run: autocannon 8 at a fixed overall rate (connections = rate / ${PER_CONNECTION_RATE}, at least 10; each connection's one-second window staggered so arrivals are steady), ${args.durationS} s, after a 3 s warm-up per endpoint and once the server has answered everything the previous run left queued (then 1 s of rest); latencies of 2xx responses, measured by the client, with coordinated-omission correction off.`,
    `Bookings: ${args.free ? 'promo code FREE: confirmed at once, no payment (the free path)' : 'no promo code, total > 0: each booking starts a card checkout in the local payment gateway (the paid path)'}; spread over ${dates.length} future Mon/Wed/Fri x 3 windows, PICKUP_CAPACITY_PER_WINDOW=1000.`,
    `Quote: ${args.quotePromo === 'NONE' ? 'no promo code (no database query)' : `promo code ${args.quotePromo}${args.quotePromo === 'FIRST12' ? ' (one query: any earlier confirmed booking with this email or phone)' : ''}`}, 2 bags + oxi-clean; run after the booking runs.`,
    'Server: LOG_LEVEL=warn, SEED_DEMO_DATA=false, a fresh PGlite data directory or a fresh PostgreSQL database; the booking limits per IP and per customer raised out of the way (one load generator is one client).',
    `One query: GET ${ONE_QUERY_PATH} (select 1), the yardstick of what this machine's HTTP and database round trip serve; a booking's saturation is compared with its own.`,
    'Load generator and server share the machine with each other and with whatever else runs there. CPU: the share of one core the server process (PGlite runs inside it; PostgreSQL backends are separate processes) and autocannon used during the run; a server that falls behind its target while well under 100% was waiting for a CPU or for its database, not busy.',
    'At saturation each connection has one request in flight, so the p50/p99 of the rates the server cannot reach measure its queue (connections / achieved rate), not its service time.',
  ];
  const all: Measurement[] = [];
  for (const kind of args.databases) {
    if (kind === 'postgres' && !(await postgresVersion())) {
      notes.push('PostgreSQL: not run (no PostgreSQL at 127.0.0.1:5432).');
      continue;
    }
    all.push(...(await benchDatabase(kind, notes)));
  }

  const dbLabel = (d: DbKind) => (d === 'pglite' ? 'PGlite' : 'PostgreSQL');
  const isGoal = (m: Measurement) => m.endpoint === 'quote' && m.targetRate === GOAL_RATE;
  const goalMet = (m: Measurement) => m.p99Ms <= GOAL_QUOTE_P99_MS && m.non2xx === 0 && m.errors === 0 && m.achievedRate >= 0.95 * m.targetRate;
  const pct = (v: number | null) => (v === null ? 'n/a' : `${Math.round(v)}%`);
  const table = all.map((m) => [
    pathOf(m.endpoint),
    dbLabel(m.database),
    `${m.targetRate}`,
    `${m.connections}`,
    `${m.achievedRate.toFixed(0)}`,
    formatMs(m.p50Ms),
    formatMs(m.p99Ms),
    `${m.ok}`,
    `${m.non2xx}${m.non2xx ? ` (${Object.entries(m.statusCounts).filter(([s]) => !s.startsWith('2')).map(([s, n]) => `${s}: ${n}`).join(', ')})` : ''}`,
    `${m.errors}${m.timeouts ? ` (${m.timeouts} timeouts)` : ''}`,
    `${pct(m.serverCpuPercent)} / ${pct(m.loadGeneratorCpuPercent)}`,
    isGoal(m) ? `p99 <= ${GOAL_QUOTE_P99_MS} ms: ${goalMet(m) ? 'met' : 'MISSED'}` : '',
  ]);
  console.log(`\nHTTP load (autocannon 8), ${args.durationS} s per run, ${new Date().toISOString()}`);
  console.log(
    formatTable(['endpoint', 'database', 'target req/s', 'conns', 'achieved req/s', 'p50', 'p99', '2xx', 'non-2xx', 'errors', 'CPU server / autocannon', 'goal'], table),
  );
  for (const note of notes) console.log(`- ${note}`);

  // the booking write against the one-query route, measured side by side on each database
  const saturation = (d: DbKind, e: Endpoint) => Math.max(0, ...all.filter((m) => m.database === d && m.endpoint === e).map((m) => m.achievedRate));
  const ratios = args.databases
    .filter((d) => all.some((m) => m.database === d))
    .map((d) => {
      const oneQuery = saturation(d, 'one-query');
      const booking = saturation(d, 'booking');
      const at150 = all.find((m) => m.database === d && m.endpoint === 'booking' && m.targetRate === GOAL_BOOKING_RATE);
      return { database: d, oneQuery, booking, share: oneQuery > 0 ? booking / oneQuery : 0, p99At150: at150?.p99Ms ?? Number.NaN, at150 };
    });
  console.log('\nBooking write against one query (saturation = the highest rate achieved):');
  console.log(
    formatTable(
      ['database', 'one query req/s', 'booking req/s', 'booking / one query', `goal >= ${GOAL_BOOKING_SHARE * 100} %`, `booking p99 @ ${GOAL_BOOKING_RATE}`, `goal <= ${GOAL_BOOKING_P99_MS} ms`],
      ratios.map((r) => [
        dbLabel(r.database),
        r.oneQuery.toFixed(0),
        r.booking.toFixed(0),
        `${(r.share * 100).toFixed(1)} %`,
        !hasShareGoal(r.database) ? 'no goal' : r.share >= GOAL_BOOKING_SHARE ? 'met' : 'MISSED',
        formatMs(r.p99At150),
        r.at150 ? (r.p99At150 <= GOAL_BOOKING_P99_MS && r.at150.non2xx === 0 ? 'met' : 'MISSED') : `not run (add ${GOAL_BOOKING_RATE} to --rates)`,
      ]),
    ),
  );

  const ratioRows: BenchRow[] = ratios.flatMap((r) => [
    { metric: `HTTP booking saturation / one query · ${dbLabel(r.database)}`, value: `${r.booking.toFixed(0)} / ${r.oneQuery.toFixed(0)} req/s = ${(r.share * 100).toFixed(1)} %`, goal: hasShareGoal(r.database) ? `>= ${GOAL_BOOKING_SHARE * 100} %` : null, met: hasShareGoal(r.database) ? r.share >= GOAL_BOOKING_SHARE : null },
    { metric: `HTTP booking p99 at ${GOAL_BOOKING_RATE} req/s · ${dbLabel(r.database)}`, value: formatMs(r.p99At150), goal: `<= ${GOAL_BOOKING_P99_MS} ms`, met: r.p99At150 <= GOAL_BOOKING_P99_MS },
  ]);
  const rows: BenchRow[] = all.map((m) => ({
    metric: `HTTP ${m.endpoint} · ${dbLabel(m.database)} · ${m.targetRate} req/s`,
    value: `${m.achievedRate.toFixed(0)} req/s, p50 ${formatMs(m.p50Ms)}, p99 ${formatMs(m.p99Ms)}, ${m.non2xx} non-2xx, ${m.errors} errors`,
    goal: isGoal(m) ? `p99 <= ${GOAL_QUOTE_P99_MS} ms` : null,
    met: isGoal(m) ? goalMet(m) : null,
  }));
  emitBenchJson({ bench: 'http', title: 'HTTP load (autocannon)', rows: [...ratioRows, ...rows], notes, data: all });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
