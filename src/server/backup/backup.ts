// Backups (decision 025): one file holds the whole database: a header that says what it is (a
// Washday backup, of PGlite or PostgreSQL, when, the size and checksum of what follows), then
// PGlite's own dump of its data directory or pg_dump's custom format, encrypted when
// BACKUP_PASSPHRASE is set (envelope.ts, decision 040). The uploaded files (scale photos) are
// copied beside it. Everything is its user's alone: files 0600, folders 0700 (decision 040).
// A restore (restore.ts) checks the file whole, then restores it aside, then replaces.
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/client';
import { BackupError, openBackup, sealBackup, type BackupKind, type BackupMeta } from './envelope';

export { BackupError, type BackupMeta };

/** "washday-2026-11-27T02-30-00Z-pglite.backup": sorts by time, says what it holds. */
export function backupFileName(kind: BackupKind, at: Date): string {
  return `washday-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z-${kind}.backup`;
}

const filesBeside = (file: string) => `${file.replace(/\.backup$/, '')}-files`;

/** Writes the database's backup into `dir` (and the files beside it), encrypted with `passphrase` when given; answers the file's path. */
export async function writeBackup(
  database: Pick<Database, 'kind' | 'dump'>,
  dir: string,
  options: { now?: Date; filesDir?: string | null; passphrase?: string | null } = {},
): Promise<string> {
  const at = options.now ?? new Date();
  const bytes = await sealBackup(await database.dump(), { kind: database.kind, createdAt: at.toISOString() }, options.passphrase ?? null);
  // a folder this makes is its user's alone; an existing one keeps the mode its owner gave it
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, backupFileName(database.kind, at));
  // written aside, then renamed: a backup that stopped half-way never looks like a whole one
  const part = `${file}.part`;
  fs.rmSync(part, { force: true });
  fs.writeFileSync(part, bytes, { mode: 0o600, flag: 'wx' });
  fs.renameSync(part, file);
  if (options.filesDir && fs.existsSync(options.filesDir)) copyPrivately(options.filesDir, filesBeside(file));
  return file;
}

/** Reads and checks a backup file whole (decrypting it with `passphrase` when it is encrypted): what it is, and its database bytes. */
export function readBackup(file: string, options: { passphrase?: string | null } = {}): { meta: BackupMeta; payload: Buffer } {
  let data: Buffer;
  try {
    data = fs.readFileSync(file);
  } catch {
    throw new BackupError(`Cannot read ${file}: check the path.`);
  }
  return openBackup(data, file, options.passphrase ?? null);
}

/** Copies the uploaded files kept beside a backup into `filesDir`; answers whether there were any. */
export function restoreFiles(file: string, filesDir: string): boolean {
  const from = filesBeside(file);
  // a link in place of the folder is not followed: it could lead anywhere on this machine
  if (!fs.lstatSync(from, { throwIfNoEntry: false })?.isDirectory()) return false;
  copyPrivately(from, filesDir);
  return true;
}

/**
 * Copies the folders and regular files of `from` into `to`, folders 0700 and files 0600. A symbolic
 * link (or a device, a socket…) is left out, and one in `to` where a copy goes is replaced, never
 * followed: a backup's folder must not make the server read or write outside its own.
 */
function copyPrivately(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (!entry.isDirectory() && !entry.isFile()) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    const there = fs.lstatSync(target, { throwIfNoEntry: false });
    if (there && (there.isSymbolicLink() || there.isDirectory() !== entry.isDirectory())) fs.rmSync(target, { recursive: true, force: true });
    if (entry.isDirectory()) copyPrivately(source, target);
    else {
      fs.copyFileSync(source, target);
      fs.chmodSync(target, 0o600);
    }
  }
}

/** Keeps the newest `keep` backups in `dir` (and their files), removes the older ones. */
export function pruneBackups(dir: string, keep: number): string[] {
  if (!fs.existsSync(dir)) return [];
  const files = fs.readdirSync(dir).filter((f) => /^washday-.*\.backup$/.test(f)).sort();
  const old = files.slice(0, Math.max(0, files.length - keep));
  for (const f of old) {
    fs.rmSync(path.join(dir, f), { force: true });
    fs.rmSync(path.join(dir, filesBeside(f)), { recursive: true, force: true });
  }
  return old;
}
