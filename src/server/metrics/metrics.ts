// GET /metrics in Prometheus's text format (decision 061, docs/deploy.md 6), with prom-client:
// requests and their latency by route, the background jobs' rounds, the outbox's depth and
// failures, and the payment operations by outcome. One registry per app, so that two apps in one
// process (the tests) count apart. The database's figures are read when scraped.
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { rowsOf, type Db } from '../db/client';
import { jobRounds, jobStatus } from '../job-status';

export function createMetrics(db: Db) {
  const registry = new Registry();
  const requests = new Counter({ name: 'washday_http_requests_total', help: 'HTTP requests answered, by method, route and status', labelNames: ['method', 'route', 'status'] as const, registers: [registry] });
  const latency = new Histogram({
    name: 'washday_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Counter({
    name: 'washday_job_rounds_total',
    help: 'Rounds each background job of this instance has finished',
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [job, n] of Object.entries(jobRounds())) this.inc({ job }, n);
    },
  });
  new Gauge({
    name: 'washday_job_last_round_seconds',
    help: 'When each background job of this instance last finished a round (Unix time; absent before the first)',
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [job, beat] of Object.entries(jobStatus(new Date()) ?? {})) if (beat.lastRunAt) this.set({ job }, Date.parse(beat.lastRunAt) / 1000);
    },
  });
  new Gauge({
    name: 'washday_job_behind',
    help: 'Whether each background job of this instance is more than three intervals behind (1) or not (0)',
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [job, beat] of Object.entries(jobStatus(new Date()) ?? {})) this.set({ job }, beat.behind ? 1 : 0);
    },
  });
  new Gauge({
    name: 'washday_outbox_messages',
    help: 'Emails and texts in the outbox, by status (failed: given up for good)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = rowsOf<{ status: string; n: number }>(await db.execute(sql`select status, count(*)::int as n from outbox where status in ('pending', 'sending', 'failed', 'kept') group by status`));
      this.reset();
      for (const status of ['pending', 'sending', 'failed', 'kept']) this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0);
    },
  });
  new Gauge({
    name: 'washday_payment_operations',
    help: 'Money movements recorded with the payment provider, by outcome (pending: not yet answered)',
    labelNames: ['outcome'] as const,
    registers: [registry],
    async collect() {
      const rows = rowsOf<{ status: string; n: number }>(await db.execute(sql`select status::text as status, count(*)::int as n from payment_operations group by status`));
      this.reset();
      for (const r of rows) this.set({ outcome: r.status }, r.n);
    },
  });
  return {
    registry,
    /** One answered request: `route` is the route's pattern (`/api/bookings/:id`), never the path with its ids or tokens. */
    observe(method: string, route: string, status: number, seconds: number) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
