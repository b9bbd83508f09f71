// GET /api/health for a load balancer: 200 while the database answers, 503 when it does not; the
// background jobs' last rounds once this instance runs them, and "behind" when they stopped;
// 503 "draining" while the process shuts down.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/helpers/test-app';
import { jobRan, jobsStarted, jobsStopped, jobStatus, startDraining } from '../job-status';

describe('the health answer', () => {
  afterEach(() => jobsStopped());

  it('says the database answers, and no jobs in a process that runs none', async () => {
    const t = await createTestApp('pglite');
    try {
      const res = await t.request('/api/health');
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'ok', database: 'pglite', jobs: null });
    } finally {
      await t.close();
    }
  });

  it('gives each job its last round once they run', async () => {
    const t = await createTestApp('pglite');
    try {
      jobsStarted({ background: 60_000, outbox: 3_000 });
      const at = new Date();
      jobRan('background', at);
      jobRan('outbox', at);
      const body = (await (await t.request('/api/health')).json()) as { jobs: Record<string, { lastRunAt: string; behind: boolean }> };
      expect(body.jobs.background).toMatchObject({ lastRunAt: at.toISOString(), everyMs: 60_000, behind: false });
      expect(body.jobs.outbox).toMatchObject({ lastRunAt: at.toISOString(), everyMs: 3_000, behind: false });
    } finally {
      await t.close();
    }
  });

  it.each([
    ['just ran', 0, false],
    ['two intervals ago', 2 * 3_000, false],
    ['more than three intervals ago', 3 * 3_000 + 1, true],
  ])('a job that last ran %s is behind: %s', (_, agoMs, behind) => {
    jobsStarted({ background: 60_000, outbox: 3_000 });
    const now = new Date('2026-11-26T12:00:00Z');
    jobRan('outbox', new Date(now.getTime() - agoMs));
    expect(jobStatus(now)!.outbox.behind).toBe(behind);
    // never run yet (just started): not behind
    expect(jobStatus(now)!.background).toMatchObject({ lastRunAt: null, behind: false });
  });

  it('answers 503 with "unavailable" when the database does not answer', async () => {
    const t = await createTestApp('pglite');
    await t.close();
    const res = await t.request('/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'unavailable', database: 'pglite' });
  });

  it('while the process shuts down: 503 draining, and every answer closes its connection', async () => {
    const t = await createTestApp('pglite');
    const resume = startDraining();
    try {
      const res = await t.request('/api/health');
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: 'draining', database: 'pglite' });
      expect(res.headers.get('connection')).toBe('close');
      expect((await t.request('/api/bookings/quote', { method: 'POST', json: {} })).headers.get('connection')).toBe('close');
    } finally {
      resume();
      await t.close();
    }
  });
});
