// The back office's downloads (decision 027), behind the /api/admin guard of app.ts: parse the tab's
// filters, call one function, answer the file as it is written.
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { contracts } from '../../shared/api';
import { fileEndpoints } from '../../shared/endpoints';
import { masterOnly, type StaffEnv } from '../admins/admins.routes';
import type { Db } from '../db/client';
import { parseQuery } from '../http';
import { downloadCsv, downloadEverything, type ExportFile } from './export-files';
import { assignmentsCsv, bookingsCsv, customersCsv, giftCardsCsv, invoicesCsv, payoutsCsv, type ExportContext } from './exports.service';

function answer(c: Context, file: ExportFile) {
  return c.body(Readable.toWeb(file.body) as ReadableStream, 200, {
    'content-type': file.contentType,
    'content-disposition': `attachment; filename="${file.filename}"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
}

export function exportRoutes(deps: { db: Db; timeZone: string; now: () => Date }) {
  const { db } = deps;
  const ctx = (): ExportContext => ({ timeZone: deps.timeZone, now: deps.now() });
  return new Hono<StaffEnv>()
    .get(fileEndpoints.exportBookings.path, async (c) => answer(c, await downloadCsv(db, bookingsCsv(db, parseQuery(c, contracts.listStaffBookings.query), ctx()), c.var.staff)))
    .get(fileEndpoints.exportCustomers.path, async (c) => answer(c, await downloadCsv(db, customersCsv(db, ctx()), c.var.staff)))
    .get(fileEndpoints.exportGiftCards.path, async (c) => answer(c, await downloadCsv(db, giftCardsCsv(db, ctx()), c.var.staff)))
    .get(fileEndpoints.exportInvoices.path, async (c) => answer(c, await downloadCsv(db, invoicesCsv(db, parseQuery(c, contracts.listInvoices.query), ctx()), c.var.staff)))
    .get(fileEndpoints.exportAssignments.path, async (c) => answer(c, await downloadCsv(db, assignmentsCsv(db, ctx()), c.var.staff)))
    .get(fileEndpoints.exportPayouts.path, async (c) => answer(c, await downloadCsv(db, payoutsCsv(db, ctx()), c.var.staff)))
    .get(fileEndpoints.exportEverything.path, masterOnly, async (c) => answer(c, await downloadEverything(db, ctx(), c.var.staff)));
}
