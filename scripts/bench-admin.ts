// `npm run bench:admin` (docs/design.md 8; decision 010): the back office's All Bookings list, its filters and
// searches and the dashboard cards over 100,000 seeded bookings, timed in-process (server time:
// the service call, mapping included, no HTTP), beside the naive approach of selecting every
// booking, in the same run. On an in-memory PGlite and, when reachable, on a throw-away PostgreSQL
// database `wd_bench_admin_<timestamp>` (dropped at the end).
//   --rows N            bookings to seed (default 100000)
//   --runs N            timed runs per query (default 40), after --warmup N (default 5)
//   --databases pglite  which databases (default pglite,postgres)
//   --explain           print EXPLAIN ANALYZE of the page and count queries of the rows over the goal
//   --vacuum            VACUUM PGlite too (PGlite has no autovacuum: only a maintenance job would)
//   --proposed          apply the proposed index changes (proposedDdl) to the throw-away databases
// PostgreSQL: the server of BENCH_DATABASE_URL, DATABASE_URL or BENCH_PG_URL (only used to create
// and drop the bench database; nothing is written to the database it names), else
// postgres://postgres@127.0.0.1:5432/postgres.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { asc, sql } from 'drizzle-orm';
import pg from 'pg';
import { business } from '../src/shared/business';
import { bookingListQuerySchema, bookingStatusValues, paymentStatusValues } from '../src/shared/schemas/back-office';
import { confirmationNumber, detergentTypeValues, pickupLocationValues, pickupTimeValues, waterTemperatureValues } from '../src/shared/booking-values';
import { openDatabase, rowsOf, type Database, type Db } from '../src/server/db/client';
import { bookingSearchText, bookings } from '../src/server/db/schema';
import { dashboardStats, listStaffBookings, SEARCH_COUNT_CAP, searchTerm } from '../src/server/bookings/staff-listing.service';
import { emitBenchJson, flagValue, formatTable, hasFlag, numberFlag, onInterrupt, percentile, type BenchReport, type BenchRow } from './lib/bench-report';

const GOAL_MS = 50;
type DbKind = 'pglite' | 'postgres';

const args = {
  rows: numberFlag('rows', 100_000),
  runs: numberFlag('runs', 40),
  warmup: numberFlag('warmup', 5),
  selectAllRuns: numberFlag('select-all-runs', 3),
  databases: (flagValue('databases') ?? 'pglite,postgres').split(',').map((d) => d.trim()) as DbKind[],
  explain: hasFlag('explain'),
  vacuum: hasFlag('vacuum'),
  proposed: hasFlag('proposed'),
};
if (args.databases.some((d) => d !== 'pglite' && d !== 'postgres')) throw new Error('--databases: pglite and/or postgres');

// ---- seeding ------------------------------------------------------------------------------------

const lit = (values: readonly string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;
const firstNames = ['Ashley', 'Marcus', 'Jennifer', 'Carlos', 'Tamika', 'Brian', 'Olivia', 'Hannah', 'DeShawn', 'Megan', 'Robert', 'Kayla', 'Luis', 'Grace', 'Tyler', 'Priya', 'Andre', 'Emily', 'Wei', 'Sofia', 'Jamal', 'Rachel', 'Connor', 'Aaliyah'];
const lastNames = ['Brooks', 'Hill', 'Whitfield', 'Ramirez', 'Jones', 'Caldwell', 'Chen', 'Price', 'Carter', 'Sullivan', 'Haynes', 'Morgan', 'Nguyen', 'Patel', 'Garcia', 'Hampton', 'Foster', 'Kowalski', 'Oneal', 'Bennett', 'Reyes', 'Dawson', 'Frazier', 'Lindqvist'];
const domains = ['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com', 'sc.rr.com'];
const streets = ['Sunset Blvd', 'Augusta Rd', 'Main St', 'Pine Ridge Dr', 'Old Chapin Rd', 'Church St', 'Corley Mill Rd', 'Hope Ferry Rd', 'Lake Murray Blvd', 'Two Notch Rd', 'Barr Rd', 'Platt Springs Rd', 'Nazareth Rd', 'Ball Park Rd', 'Fish Hatchery Rd', 'Wise Ferry Rd'];
const cities = ['Lexington', 'Lexington', 'Gilbert', 'Leesville', 'Pelion', 'Chapin', 'West Columbia', 'Batesburg'];
const zips = ['29072', '29073', '29054', '29070', '29123', '29036', '29169', '29006'];
const areaCodes = ['803', '839', '864'];
const instructions = ['', '', '', '', 'Gate code 1234', 'Dog in the yard, please knock', 'Leave by the side door', 'Call on arrival'];

/**
 * One INSERT ... SELECT from generate_series: newest first (g = 1 is the newest), spread over two
 * years. Older bookings are mostly delivered (some completed, cancelled, abandoned pending), the
 * last days are pending, confirmed and in progress; payments mostly paid, a few pending, refunded
 * and failed; delivered and completed paid bookings mostly weighed. Pseudo-random but
 * deterministic (multiplicative hashes of g), so both databases hold the same mix.
 */
export function seedSql(n: number, from = 1, to = n): string {
  const spanSeconds = 730 * 86400;
  return `
insert into bookings (
  created_at, updated_at, name, email, phone, address, city, zip_code, pickup_date, pickup_time, pickup_location,
  special_instructions, bag_quantity, water_temperature, detergent_type, fabric_softener, has_delicates, has_stained_items,
  rush_delivery, hang_dried_delicates, oxi_clean, stain_treatment, sms_consent, terms_accepted, promo_code,
  subtotal_cents, total_amount, original_total_amount, authorized_amount, captured_amount, refunded_amount,
  actual_weight_tenths, weight_adjustment_processed, final_total_amount, weight_processed_at,
  booking_status, payment_status, payment_intent_status, stripe_payment_intent_id,
  delivery_confirmation_sent, final_receipt_sent, final_receipt_sent_at, confirmed_at, cancelled_at, client_ip
)
select
  created_at, created_at, first || ' ' || last,
  lower(first) || '.' || lower(last) || (g % 997) || '@' || (${lit(domains)})[1 + (g / 7) % ${domains.length}],
  '(' || (${lit(areaCodes)})[1 + g % ${areaCodes.length}] || ') ' || (200 + (g * 37) % 800) || '-' || lpad(((g * 7919) % 10000)::text, 4, '0'),
  (100 + (g * 13) % 8900) || ' ' || (${lit(streets)})[1 + (g / 3) % ${streets.length}],
  (${lit(cities)})[1 + area], (${lit(zips)})[1 + area],
  pickup_day + (array[0,1,0,1,0,2,1])[extract(isodow from pickup_day)::int],
  (${lit(pickupTimeValues)})[1 + g % ${pickupTimeValues.length}],
  (${lit(pickupLocationValues)})[1 + (g / 3) % ${pickupLocationValues.length}],
  (${lit(instructions)})[1 + (g / 5) % ${instructions.length}],
  bags, (${lit(waterTemperatureValues)})[1 + (g / 11) % ${waterTemperatureValues.length}], (${lit(detergentTypeValues)})[1 + (g / 13) % ${detergentTypeValues.length}],
  g % 4 = 0, g % 9 = 0, g % 6 = 0, rush, g % 17 = 0, oxi, g % 8 = 0, g % 3 <> 0, true,
  case when g % 50 = 0 then 'FIRST12' end,
  estimate, estimate, null,
  case when pay in ('paid', 'refunded') then estimate else 0 end,
  case when processed then final when pay = 'refunded' then estimate else 0 end,
  case when pay = 'refunded' then estimate else 0 end,
  case when processed then weight end, processed, case when processed then final end,
  case when processed then created_at + interval '3 days' end,
  status::booking_status, pay::payment_status,
  case when pay = 'paid' and processed then 'succeeded' when pay = 'paid' then 'requires_capture'
       when pay = 'refunded' then 'succeeded' when pay = 'failed' then 'requires_payment_method' end,
  case when pay <> 'pending' then 'pi_bench_' || g end,
  status = 'delivered' and r3 < 800, processed and r3 < 850,
  case when processed and r3 < 850 then created_at + interval '3 days' end,
  case when status not in ('pending', 'cancelled') then created_at + interval '5 minutes' end,
  case when status = 'cancelled' then created_at + interval '1 day' end,
  '10.' || (g % 250) || '.' || ((g / 250) % 250) || '.' || (1 + g % 253)
from (
  select *,
    (status in ('delivered', 'completed') and pay = 'paid' and r3 < 900) as processed,
    bags * (90 + (g * 211) % 160) as weight,
    round(bags * (90 + (g * 211) % 160) * 17.5)::int + case when rush then 1000 else 0 end + case when oxi then 100 * bags else 0 end as final
  from (
    select *,
      case when status = 'pending' then case when r2 < 700 then 'pending' when r2 < 850 then 'failed' else 'paid' end
           when status = 'cancelled' then case when r2 < 500 then 'refunded' when r2 < 800 then 'pending' else 'failed' end
           else case when r2 < 15 then 'refunded' when r2 < 35 then 'failed' else 'paid' end end as pay
    from (
      select *,
        case when age_days < 2 then case when r1 < 300 then 'pending' when r1 < 800 then 'confirmed' when r1 < 960 then 'in-progress' else 'cancelled' end
             when age_days < 6 then case when r1 < 80 then 'pending' when r1 < 250 then 'confirmed' when r1 < 500 then 'in-progress'
                                         when r1 < 750 then 'completed' when r1 < 950 then 'delivered' else 'cancelled' end
             else case when r1 < 40 then 'pending' when r1 < 110 then 'cancelled' when r1 < 180 then 'completed' else 'delivered' end end as status,
        bags * 3500 + case when rush then 1000 else 0 end + case when oxi then 100 * bags else 0 end as estimate
      from (
        select g, first, last, created_at, r1, r2, r3, area, bags, rush, oxi,
          extract(epoch from (now() - created_at)) / 86400 as age_days,
          (created_at at time zone '${business.timeZone}')::date + (1 + g % 5) as pickup_day
        from (
          select g,
            (${lit(firstNames)})[1 + g % ${firstNames.length}] as first,
            (${lit(lastNames)})[1 + (g / ${firstNames.length}) % ${lastNames.length}] as last,
            now() - make_interval(secs => g * ${spanSeconds / n} + (g * 7907) % 3600) as created_at,
            ((g::bigint * 2654435761) % 1000003 % 1000)::int as r1, ((g::bigint * 40503) % 999983 % 1000)::int as r2,
            ((g::bigint * 15485863) % 1000033 % 1000)::int as r3,
            (g * 31) % ${cities.length} as area,
            1 + (case when (g * 53) % 10 < 6 then 0 when (g * 53) % 10 < 9 then 1 else 2 end) as bags,
            g % 10 = 0 as rush, g % 7 = 0 as oxi
          from generate_series(${from}, ${to}) as g
          offset 0
        ) a
        offset 0
      ) b
      offset 0
    ) c
    offset 0
  ) d
  offset 0
) e`;
}

/** The newest bookings, inserted after the indexes exist, as bookings arrive one by one. */
const RECENT = 3000;

/** Index changes proposed for the back office (decision 010), applied with --proposed. */
export const proposedDdl = [
  // status and payment together without a filter over one of the two indexes
  `create index bookings_status_payment_created_idx on bookings (booking_status, payment_status, created_at)`,
  // (adopted by migration 0006: the trigram index without fastupdate, bookings_receipt_unsent_idx;
  // the counts and the cards now read booking_tallies)
];

export async function seed(database: Database, n: number, kind: DbKind) {
  const { db } = database;
  const t0 = performance.now();
  const recent = Math.min(RECENT, Math.floor(n / 10));
  // the bulk of the rows before the indexes, as a restore would (far faster than 100,000 GIN
  // updates): the same definitions as the migrations made, read back from the catalogue
  const indexes = rowsOf<{ indexname: string; indexdef: string }>(
    await db.execute(
      sql.raw(`select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = 'bookings'
               and indexname not in (select conname from pg_constraint where conrelid = 'public.bookings'::regclass)`),
    ),
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.indexname}"`));
  await db.execute(sql.raw(seedSql(n, recent + 1, n)));
  const inserted = performance.now() - t0;
  for (const index of indexes) await db.execute(sql.raw(index.indexdef));
  const indexed = performance.now() - t0;
  // the newest bookings through the live indexes (what the GIN pending list holds in production)
  for (let from = 1; from <= recent; from += 100) await db.execute(sql.raw(seedSql(n, from, Math.min(recent, from + 99))));
  if (args.proposed) for (const ddl of proposedDdl) await db.execute(sql.raw(ddl));
  // PGlite runs no autovacuum (single-user backend): ANALYZE only, as a real PGlite database is
  // (unless --vacuum). PostgreSQL's autovacuum would vacuum a table this size soon after the
  // inserts: VACUUM now, so that it does not run in the middle of the measurements.
  await db.execute(sql.raw(kind === 'postgres' || args.vacuum ? 'vacuum analyze bookings' : 'analyze bookings'));
  return { insertMs: inserted, indexMs: indexed - inserted, totalMs: performance.now() - t0, indexes: indexes.length, recent };
}

// ---- measuring ----------------------------------------------------------------------------------

type Row = { name: string; p50: number; p95: number; goalMs: number | null; pass: boolean | null; detail: string; extra: boolean };
type Case = { name: string; query: Record<string, string | number>; goal: boolean; /** a case added beyond the first list, held to the same goal */ extra?: boolean };

async function time(fn: () => Promise<unknown>, runs = args.runs, warmup = args.warmup) {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  const sorted = samples.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;

/** The text of a raw SQL fragment (the search expression, for EXPLAIN and the total check). */
function sqlText(fragment: typeof bookingSearchText): string {
  return fragment.queryChunks.map((chunk) => (typeof chunk === 'object' && chunk && 'value' in chunk ? (chunk.value as string[]).join('') : String(chunk))).join('');
}

/** listStaffBookings' WHERE clause written out by hand: an independent check of its total. */
function rawWhere(q: ReturnType<typeof bookingListQuerySchema.parse>): string {
  const where: string[] = [];
  if (q.status !== 'all') where.push(`booking_status = '${q.status}'`);
  if (q.payment !== 'all') where.push(`payment_status = '${q.payment}'`);
  if (q.receipt === 'unsent') where.push(`weight_adjustment_processed and payment_status = 'paid' and not final_receipt_sent`);
  const term = searchTerm(q.q);
  if (term) where.push(`${sqlText(bookingSearchText)} like '%${term.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/'/g, "''")}%'`);
  return where.length ? `where ${where.join(' and ')}` : '';
}

async function rawCount(db: Db, q: ReturnType<typeof bookingListQuerySchema.parse>) {
  const [row] = rowsOf<{ n: string | number }>(await db.execute(sql.raw(`select count(*) as n from bookings ${rawWhere(q)}`)));
  return Number(row?.n ?? 0);
}

/** The page's ids selected by hand, newest first: an independent check of the page. */
async function rawPageIds(db: Db, q: ReturnType<typeof bookingListQuerySchema.parse>) {
  const statement = `select id from bookings ${rawWhere(q)} order by created_at desc, id desc limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`;
  return rowsOf<{ id: string }>(await db.execute(sql.raw(statement))).map((r) => r.id);
}

async function pickSample(db: Db) {
  // a booking a few months old, for the exact look-ups
  const [sample] = await db
    .select({ id: bookings.id, name: bookings.name, email: bookings.email, phone: bookings.phone, zipCode: bookings.zipCode })
    .from(bookings)
    .orderBy(asc(bookings.createdAt))
    .offset(Math.floor(args.rows * 0.8))
    .limit(1);
  if (!sample) throw new Error('no bookings seeded');
  return sample;
}

async function benchDatabase(database: Database, kind: DbKind, notes: string[]) {
  const { db } = database;
  await database.migrate();
  const seeded = await seed(database, args.rows, kind);
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const maintenance = `${kind === 'postgres' || args.vacuum ? 'VACUUM ' : ''}ANALYZE`;
  console.error(
    `${label}: seeded ${args.rows} bookings in ${(seeded.totalMs / 1000).toFixed(1)} s (bulk insert ${(seeded.insertMs / 1000).toFixed(1)} s, ` +
      `${seeded.indexes} indexes built ${(seeded.indexMs / 1000).toFixed(1)} s, ${seeded.recent} newest through the live indexes, ${maintenance}` +
      `${args.proposed ? ', proposed indexes applied' : ''})`,
  );

  const sample = await pickSample(db);
  const emailLocal = sample.email.slice(0, sample.email.indexOf('@'));
  const byName = await listStaffBookings(db, bookingListQuerySchema.parse({ q: sample.name }));
  const lastNamePage = Math.max(1, Math.ceil(byName.total / 25));
  const cases: Case[] = [
    { name: 'All Bookings, page 1 (no filter)', query: {}, goal: true },
    ...bookingStatusValues.map((s) => ({ name: `status = ${s}`, query: { status: s }, goal: true })),
    ...paymentStatusValues.map((p) => ({ name: `payment = ${p}`, query: { payment: p }, goal: true })),
    { name: 'search name fragment "jenn"', query: { q: 'jenn' }, goal: true },
    { name: `search full name "${sample.name}"`, query: { q: sample.name }, goal: true, extra: true },
    { name: `search email fragment "${emailLocal}"`, query: { q: emailLocal }, goal: true },
    { name: 'search email domain "yahoo" (1 in 5 rows)', query: { q: 'yahoo' }, goal: true, extra: true },
    { name: `search confirmation "${confirmationNumber(sample.id)}"`, query: { q: confirmationNumber(sample.id) }, goal: true },
    { name: `search phone "${sample.phone}"`, query: { q: sample.phone }, goal: true },
    { name: `search zip "${sample.zipCode}"`, query: { q: sample.zipCode }, goal: true },
    { name: 'deep page 200 (no filter)', query: { page: 200 }, goal: true },
    { name: 'status = delivered + payment = paid', query: { status: 'delivered', payment: 'paid' }, goal: true, extra: true },
    { name: 'search "jenn" + status = delivered', query: { q: 'jenn', status: 'delivered' }, goal: true, extra: true },
    { name: 'receipt = unsent (/send-receipt)', query: { receipt: 'unsent' }, goal: true, extra: true },
    { name: 'deep page 200, status = delivered', query: { page: 200, status: 'delivered' }, goal: true, extra: true },
    { name: `search full name, last page ${lastNamePage}`, query: { q: sample.name, page: lastNamePage }, goal: true, extra: true },
    { name: 'search 2 chars "ch" (no trigrams)', query: { q: 'ch' }, goal: false },
  ];

  const rows: Row[] = [];
  const record = (c: Pick<Case, 'name' | 'goal' | 'extra'>, m: { p50: number; p95: number }, detail: string) => {
    const row: Row = {
      name: c.name,
      p50: round1(m.p50),
      p95: round1(m.p95),
      goalMs: c.goal ? GOAL_MS : null,
      pass: c.goal ? m.p95 <= GOAL_MS : null,
      detail,
      extra: c.extra ?? false,
    };
    rows.push(row);
    console.error(`  ${c.name}: p50 ${row.p50} ms, p95 ${row.p95} ms${row.pass === false ? '  (over the goal)' : ''}  [${detail}]`);
  };

  for (const c of cases) {
    const query = bookingListQuerySchema.parse(c.query);
    const first = await listStaffBookings(db, query);
    const expected = await rawCount(db, query);
    // a broad search says "at least SEARCH_COUNT_CAP" (totalIsLowerBound) instead of counting every match
    const totalRight = first.totalIsLowerBound ? expected > SEARCH_COUNT_CAP && first.total <= expected : first.total === expected;
    if (!totalRight)
      throw new Error(`${label} · ${c.name}: listStaffBookings says total ${first.total}${first.totalIsLowerBound ? '+' : ''}, count(*) says ${expected}`);
    const expectedIds = await rawPageIds(db, query);
    if (first.bookings.map((b) => b.id).join() !== expectedIds.join()) throw new Error(`${label} · ${c.name}: the page differs from the one selected by hand`);
    const shown = first.totalIsLowerBound ? `total ${first.total}+ (count(*) ${expected})` : `total ${first.total}`;
    record(c, await time(() => listStaffBookings(db, query)), `${shown}, ${first.bookings.length} on the page`);
  }
  const statsCtx = { timeZone: business.timeZone, now: new Date() };
  const cards = await dashboardStats(db, statsCtx);
  record(
    { name: 'dashboard cards (dashboardStats)', goal: true },
    await time(() => dashboardStats(db, statsCtx)),
    `${cards.totalBookings} bookings, ${cards.todaysPickups} pick-ups today, ${cards.pendingOrders} pending`,
  );

  // the naive approach, for comparison: every booking into memory (what docs/design.md 8 rules out)
  let selected = 0;
  const all = await time(
    async () => {
      selected = (await db.select().from(bookings)).length;
    },
    args.selectAllRuns,
    1,
  );
  console.error(`  select every booking: p50 ${round1(all.p50)} ms (${selected} rows, ${args.selectAllRuns} runs)`);

  if (args.explain) await explainMissed(db, rows, cases, label);
  notes.push(
    `${label}: seeded in ${(seeded.totalMs / 1000).toFixed(1)} s (the ${seeded.recent} newest through the live indexes), then ${maintenance}` +
      `${args.proposed ? ', with the proposed indexes' : ''}; sample booking ${confirmationNumber(sample.id)}; every total checked against count(*) (a search past ${SEARCH_COUNT_CAP} matches answers a lower bound, "${SEARCH_COUNT_CAP}+") and every page against a hand-written select.`,
  );
  return { rows, selectAllP50: round1(all.p50), selectAllRows: selected, seedMs: Math.round(seeded.totalMs) };
}

/** EXPLAIN ANALYZE of the page and count queries behind the rows that missed the goal. */
async function explainMissed(db: Db, rows: Row[], cases: Case[], label: string) {
  for (const row of rows.filter((r) => r.pass === false)) {
    const c = cases.find((x) => x.name === row.name);
    if (!c) continue;
    const q = bookingListQuerySchema.parse(c.query);
    const w = rawWhere(q);
    for (const statement of [
      `select * from bookings ${w} order by created_at desc, id desc limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
      `select count(*) from bookings ${w}`,
    ]) {
      const plan = rowsOf<Record<string, string>>(await db.execute(sql.raw(`explain (analyze, buffers) ${statement}`)));
      console.error(`\n${label} · ${row.name}\n${statement}\n${plan.map((p) => Object.values(p)[0]).join('\n')}`);
    }
  }
}

// ---- databases ----------------------------------------------------------------------------------

const maintenanceUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function withMaintenance<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: maintenanceUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

async function runPostgres(notes: string[]) {
  const version = await withMaintenance(async (c) => (await c.query<{ version: string }>('select version()')).rows[0]?.version ?? '?').catch(() => null);
  if (!version) {
    notes.push(`PostgreSQL: not run (no server answers at ${new URL(maintenanceUrl).host}).`);
    return null;
  }
  const name = `wd_bench_admin_${Date.now()}`;
  await withMaintenance((c) => c.query(`create database "${name}"`));
  const url = new URL(maintenanceUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await withMaintenance((c) => c.query(`drop database if exists "${name}" with (force)`));
  };
  const release = onInterrupt(drop);
  let database: Database | null = null;
  try {
    database = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 4 });
    console.error(`\nPostgreSQL (${version.split(' on ')[0]}), database ${name}`);
    notes.push(`PostgreSQL: ${version.split(' on ')[0]}, throw-away database ${name} (dropped).`);
    return await benchDatabase(database, 'postgres', notes);
  } finally {
    await database?.close();
    release();
    await drop();
  }
}

async function runPglite(notes: string[]) {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    console.error('\nPGlite (in memory)');
    return await benchDatabase(database, 'pglite', notes);
  } finally {
    await database.close();
  }
}

async function main() {
  const notes: string[] = [
    `${args.rows} bookings seeded with INSERT ... SELECT from generate_series over the migrated schema. Each query: ${args.warmup} warm-ups, then ${args.runs} timed runs of the service call (listStaffBookings / dashboardStats, row mapping included, no HTTP), performance.now(), one at a time.`,
    `Goal: p95 <= ${GOAL_MS} ms (so p50 too), page size 25. "(extra)": a case added beyond the first list, held to the same goal. The 2-character search cannot use trigrams: measured without a goal.`,
    `Indexes: ${args.proposed ? 'the migrations plus the proposed changes (--proposed)' : 'as the migrations make them'}.`,
    `Machine: ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} at the end; other work may share it, so read the figures as upper bounds.`,
  ];
  const pglite = args.databases.includes('pglite') ? await runPglite(notes) : null;
  const postgres = args.databases.includes('postgres') ? await runPostgres(notes) : null;

  const table: string[][] = [];
  const benchRows: BenchRow[] = [];
  for (const [label, result] of [
    ['PGlite', pglite],
    ['PostgreSQL', postgres],
  ] as const) {
    if (!result) continue;
    for (const r of result.rows) {
      table.push([label, r.extra ? `${r.name} (extra)` : r.name, r.p50.toFixed(1), r.p95.toFixed(1), r.goalMs === null ? '(none)' : `<= ${r.goalMs} ms`, r.pass === null ? '' : r.pass ? 'PASS' : 'FAIL', r.detail]);
      benchRows.push({ metric: `admin · ${label} · ${r.name}`, value: `p50 ${r.p50} ms, p95 ${r.p95} ms`, goal: r.goalMs === null ? null : `p95 <= ${r.goalMs} ms`, met: r.pass });
    }
    table.push([label, 'select every booking (naive, for comparison)', result.selectAllP50.toFixed(1), '', '', '', `${result.selectAllRows} rows, p50 of ${args.selectAllRuns} runs`]);
    benchRows.push({ metric: `admin · ${label} · select every booking`, value: `p50 ${result.selectAllP50} ms (${result.selectAllRows} rows)`, goal: null, met: null });
  }
  console.log(`\nBack office list and cards, ${args.rows} bookings, ${new Date().toISOString()}`);
  console.log(formatTable(['database', 'query', 'p50 ms', 'p95 ms', 'goal', 'result', 'detail'], table));
  for (const note of notes) console.log(`- ${note}`);

  const strip = (r: Awaited<ReturnType<typeof runPglite>> | null) =>
    r && { rows: r.rows.map(({ name, p50, p95, goalMs, pass }) => ({ name, p50, p95, goalMs, pass })), selectAllP50: r.selectAllP50 };
  // { pglite, postgres } as scripts/bench.ts reads them, beside lib/bench-report's shared fields
  const report: BenchReport & { pglite: ReturnType<typeof strip>; postgres: ReturnType<typeof strip> } = {
    bench: 'admin',
    title: `Back office list and cards (${args.rows} bookings)`,
    rows: benchRows,
    notes,
    pglite: strip(pglite),
    postgres: strip(postgres),
  };
  emitBenchJson(report);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
