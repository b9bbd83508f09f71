// The Reports tab (behind the /api/admin guard of app.ts, both roles; decision 026): parse, call
// one service function, answer.
import { Hono } from 'hono';
import { contracts } from '../../shared/api';
import type { Db } from '../db/client';
import { parseQuery, type AppEnv } from '../http';
import { getReport, type ReportContext } from './reports.service';

export function reportRoutes(deps: { db: Db; now: () => Date } & Omit<ReportContext, 'now'>) {
  const { db, now, ...ctx } = deps;
  return new Hono<AppEnv>().get(contracts.getReport.path, async (c) => c.json(await getReport(db, parseQuery(c, contracts.getReport.query), { ...ctx, now: now() })));
}
