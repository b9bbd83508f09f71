// GET /metrics (decision 061): Prometheus's text format, for this machine or a scraper with
// METRICS_TOKEN; requests counted by their route's pattern, never a path with its ids or tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/test-app';
import { jobRan, jobsStarted, jobsStopped } from '../job-status';
import { enqueueEmail } from '../notifications/outbox.service';

const token = 'metrics-token-0123456789abcdef';
/** A request as it arrives over the network from another machine. */
const fromAfar = { incoming: { socket: { remoteAddress: '203.0.113.9' } } };

describe('/metrics', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestApp('pglite', { METRICS_TOKEN: token });
  });

  afterAll(async () => {
    jobsStopped();
    await t?.close();
  });

  it('counts requests by route pattern and status, times them, and reads the jobs, the outbox and the payments', async () => {
    jobsStarted({ background: 60_000, outbox: 3_000 });
    const ran = new Date(Math.floor(Date.now() / 1000) * 1000);
    jobRan('outbox', ran);
    await enqueueEmail(t.database.db, { dedupeKey: 'metrics-1', kind: 'test', to: 'a@example.com', subject: 'S', payload: { html: '<p>x</p>', text: 'x' } });
    expect((await t.request('/api/health')).status).toBe(200);
    const secretId = '6b1f0f6e-0000-4000-8000-00000000abcd';
    expect((await t.request(`/api/bookings/${secretId}?token=secret-token-value`)).status).toBeGreaterThanOrEqual(400);

    const res = await t.request('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('washday_http_requests_total{method="GET",route="/api/health",status="200"} 1');
    expect(text).toMatch(/washday_http_requests_total\{method="GET",route="\/api\/bookings\/:id",status="4\d\d"\} 1/);
    expect(text).toMatch(/washday_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/health"\} 1/);
    // no id, no token in a label
    expect(text).not.toContain(secretId);
    expect(text).not.toContain('secret-token-value');
    expect(text).toContain('washday_job_rounds_total{job="outbox"} 1');
    expect(text).toContain(`washday_job_last_round_seconds{job="outbox"} ${ran.getTime() / 1000}`);
    expect(text).toContain('washday_job_behind{job="background"} 0');
    expect(text).toContain('washday_outbox_messages{status="pending"} 1');
    expect(text).toContain('washday_outbox_messages{status="failed"} 0');
    expect(text).toMatch(/# TYPE washday_payment_operations gauge/);
  });

  it('answers another machine only with the token; without it, or with another, there is nothing there', async () => {
    expect((await t.app.request('/metrics', {}, fromAfar)).status).toBe(404);
    expect((await t.app.request('/metrics', { headers: { authorization: 'Bearer not-the-token-0123456789abc' } }, fromAfar)).status).toBe(404);
    const scraped = await t.app.request('/metrics', { headers: { authorization: `Bearer ${token}` } }, fromAfar);
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('cache-control')).toBe('no-store');
  });
});
