// GET /api/health, for a load balancer and an owner's monitor (docs/deploy.md 6, decision 061):
// - 200 `ok`: serving, nothing needs attention;
// - 207 `degraded`: serving, but something needs attention, each named in `reasons` (a job behind,
//   mail failing, the last nightly backup failed): a load balancer keeps sending (accept 200-299),
//   a monitor alerts on anything but 200;
// - 503 `draining` (shutting down), `unavailable` (the database did not answer within 1.5 s) or
//   `outdated` (the database was migrated by a newer release: replace this instance).
// Also what this instance's background jobs last did (job-status.ts). And GET /api/admin/system,
// the same state for the back office's System card (behind the staff guard, app.ts).
import { Hono } from 'hono';
import { contracts } from '../../shared/api';
import type { Database } from '../db/client';
import type { SchemaWatch } from '../db/schema-version';
import type { AppEnv } from '../http';
import { assessSystem } from './system-state';

const statusCodes = { ok: 200, degraded: 207, draining: 503, unavailable: 503, outdated: 503 } as const;

export function healthRoutes(deps: { database: Database; schema: SchemaWatch }) {
  return new Hono<AppEnv>()
    .get(contracts.health.path, async (c) => {
      const state = await assessSystem(deps, new Date(), (err) => c.var.log.error({ err }, 'health: the database did not answer'));
      const { status, reasons, database, time, jobs } = state;
      return c.json({ status, reasons, database, time, jobs }, statusCodes[status]);
    })
    .get(contracts.systemStatus.path, async (c) => {
      const state = await assessSystem(deps, new Date(), (err) => c.var.log.error({ err }, 'system: the database did not answer'));
      return c.json({ status: state.status, reasons: state.reasons, lastBackup: state.lastBackup, outbox: state.outbox, jobs: state.jobs }, 200);
    });
}
