// Backups (decision 025): one file holds the whole database: a header that says what it is (a
// Washday backup, of PGlite or PostgreSQL, when, how many migrations, the checksum of what
// follows), then PGlite's own dump of its data directory or pg_dump's custom format. The uploaded
// files (scale photos) are copied beside it. A restore checks the file whole before it touches
// anything, and goes only into an empty data directory or database unless forced.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/client';

const magic = 'WASHDAY-BACKUP 1\n';

export type BackupMeta = { kind: 'pglite' | 'postgres'; createdAt: string; sha256: string; bytes: number };

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** "washday-2026-11-27T02-30-00Z-pglite.backup": sorts by time, says what it holds. */
export function backupFileName(kind: BackupMeta['kind'], at: Date): string {
  return `washday-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z-${kind}.backup`;
}

/** Writes the database's backup into `dir` (and the files beside it); answers the file's path. */
export async function writeBackup(database: Pick<Database, 'kind' | 'dump'>, dir: string, options: { now?: Date; filesDir?: string | null } = {}): Promise<string> {
  const at = options.now ?? new Date();
  const payload = await database.dump();
  const meta: BackupMeta = { kind: database.kind, createdAt: at.toISOString(), sha256: sha256(payload), bytes: payload.length };
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, backupFileName(database.kind, at));
  // written aside, then renamed: a backup that stopped half-way never looks like a whole one
  fs.writeFileSync(`${file}.part`, Buffer.concat([Buffer.from(magic), Buffer.from(`${JSON.stringify(meta)}\n`), payload]));
  fs.renameSync(`${file}.part`, file);
  if (options.filesDir && fs.existsSync(options.filesDir)) fs.cpSync(options.filesDir, `${file.replace(/\.backup$/, '')}-files`, { recursive: true });
  return file;
}

/** Reads and checks a backup file whole: what it is, and its database bytes. */
export function readBackup(file: string): { meta: BackupMeta; payload: Buffer } {
  let data: Buffer;
  try {
    data = fs.readFileSync(file);
  } catch {
    throw new BackupError(`Cannot read ${file}: check the path.`);
  }
  if (!data.subarray(0, magic.length).equals(Buffer.from(magic))) throw new BackupError(`${file} is not a Washday backup: nothing was changed.`);
  const end = data.indexOf(10, magic.length);
  let meta: BackupMeta;
  try {
    meta = JSON.parse(data.subarray(magic.length, end).toString('utf8')) as BackupMeta;
  } catch {
    throw new BackupError(`${file} is damaged (its header cannot be read): nothing was changed.`);
  }
  const payload = data.subarray(end + 1);
  if (payload.length !== meta.bytes || sha256(payload) !== meta.sha256)
    throw new BackupError(`${file} is damaged or incomplete (its checksum does not match): nothing was changed.`);
  if (meta.kind !== 'pglite' && meta.kind !== 'postgres') throw new BackupError(`${file} holds an unknown kind of database (${String(meta.kind)}): nothing was changed.`);
  return { meta, payload };
}

/** Keeps the newest `keep` backups in `dir` (and their files), removes the older ones. */
export function pruneBackups(dir: string, keep: number): string[] {
  if (!fs.existsSync(dir)) return [];
  const files = fs.readdirSync(dir).filter((f) => /^washday-.*\.backup$/.test(f)).sort();
  const old = files.slice(0, Math.max(0, files.length - keep));
  for (const f of old) {
    fs.rmSync(path.join(dir, f), { force: true });
    fs.rmSync(path.join(dir, `${f.replace(/\.backup$/, '')}-files`), { recursive: true, force: true });
  }
  return old;
}
