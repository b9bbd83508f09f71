// A download as the route answers it (decision 027): one CSV, or every CSV in one zip for a master
// admin, streamed as it is written, and the download recorded in the audit log (data leaving the
// business is a staff action on people: docs/design.md 6).
import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import type { Actor } from '../audit/record-audit';
import { recordAudit } from '../audit/record-audit';
import type { Db } from '../db/client';
import { csvStream, type CsvTable } from './csv';
import { allTables, type ExportContext } from './exports.service';

export type ExportFile = { filename: string; contentType: string; body: Readable };

/** One table as a CSV download, recorded as downloaded by the actor. */
export async function downloadCsv(db: Db, table: CsvTable, actor: Actor): Promise<ExportFile> {
  await recordAudit(db, actor, { action: 'data.exported', targetType: 'export', targetId: null, after: { file: table.filename } });
  return { filename: table.filename, contentType: 'text/csv; charset=utf-8', body: csvStream(table) };
}

/** Every table, each a CSV in one zip written as it streams (archiver reads one file at a time). */
export async function downloadEverything(db: Db, ctx: ExportContext, actor: Actor): Promise<ExportFile> {
  const tables = allTables(db, ctx);
  const filename = `washday-export-${tables[0]!.filename.slice('washday-bookings-'.length, -'.csv'.length)}.zip`;
  await recordAudit(db, actor, { action: 'data.exported', targetType: 'export', targetId: null, after: { file: filename } });
  const zip = new ZipArchive({ zlib: { level: 6 } });
  // a table's error (the database went away) ends the zip with it, so the download fails instead of looking complete
  for (const table of tables) {
    const name = table.filename.replace(/-\d{4}-\d{2}-\d{2}\.csv$/, '.csv');
    const stream = csvStream(table);
    stream.on('error', (err) => zip.destroy(err));
    zip.append(stream, { name });
  }
  void zip.finalize().catch((err: unknown) => zip.destroy(err instanceof Error ? err : new Error(String(err))));
  return { filename, contentType: 'application/zip', body: zip };
}
