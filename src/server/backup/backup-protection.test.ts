// Decision 040: a backup holds every customer, password hashes and live reset tokens. Its file and
// folders are its user's alone, it is encrypted when BACKUP_PASSPHRASE is set (and refused with a
// clear message without it, with another one, or when changed), and the uploaded files beside it
// come back without the links a crafted folder could hold.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError } from '../db/lock';
import { readBackup, restoreFiles, writeBackup } from './backup';
import { restorePglite } from './restore';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'washday-backup-protection-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const place = (name: string) => path.join(scratch, name);
const mode = (p: string) => (fs.lstatSync(p).mode & 0o777).toString(8);
const secretDump = Buffer.from('bookings: ada@example.com, 12 Elm St; accounts: $argon2id$hash; reset token rt_live_0123456789');
const database = { kind: 'pglite' as const, dump: () => Promise.resolve(secretDump) };
const passphrase = 'correct horse battery staple';

/** Every path under `dir`, relative, with its kind and mode: what a listing shows another user. */
function listing(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((e) => path.join(e.parentPath, e.name))
    .map((p) => `${path.relative(dir, p)} ${fs.lstatSync(p).isSymbolicLink() ? 'link' : fs.lstatSync(p).isDirectory() ? 'dir' : 'file'} ${mode(p)}`)
    .sort();
}

describe('backups are kept from other users (decision 040)', () => {
  it('the backup file is 0600, the folder made for it 0700, and the uploaded files beside it 0600 in 0700 folders, without links', async () => {
    const secret = place('outside-secret.txt');
    fs.writeFileSync(secret, 'not part of the uploads');
    const uploads = place('uploads');
    fs.mkdirSync(path.join(uploads, 'scale'), { recursive: true });
    fs.writeFileSync(path.join(uploads, 'scale', 'bag.jpg'), 'jpeg', { mode: 0o644 });
    fs.symlinkSync(secret, path.join(uploads, 'scale', 'linked.jpg'));
    fs.symlinkSync(scratch, path.join(uploads, 'everything'));

    const dir = place('backups/nightly');
    const file = await writeBackup(database, dir, { filesDir: uploads, now: new Date('2026-11-27T07:30:00Z') });
    expect([mode(place('backups')), mode(dir), mode(file)]).toEqual(['700', '700', '600']);
    expect(listing(dir)).toEqual([
      'washday-2026-11-27T07-30-00Z-pglite-files dir 700',
      'washday-2026-11-27T07-30-00Z-pglite-files/scale dir 700',
      'washday-2026-11-27T07-30-00Z-pglite-files/scale/bag.jpg file 600',
      'washday-2026-11-27T07-30-00Z-pglite.backup file 600',
    ]);
  });

  it('a restore copies the uploaded files back, but not the links a crafted folder holds, nor through a link where a file goes', () => {
    const secret = place('restore-secret.txt');
    fs.writeFileSync(secret, 'the server must not read or write me');
    const file = place('crafted/washday-2026-11-27T07-30-00Z-pglite.backup');
    const beside = place('crafted/washday-2026-11-27T07-30-00Z-pglite-files');
    fs.mkdirSync(path.join(beside, 'scale'), { recursive: true });
    fs.writeFileSync(path.join(beside, 'scale', 'bag.jpg'), 'jpeg from the backup');
    fs.writeFileSync(path.join(beside, 'scale', 'overwrite.jpg'), 'written over whatever the link points at?');
    fs.symlinkSync(secret, path.join(beside, 'scale', 'passwd.jpg'));
    fs.symlinkSync('/', path.join(beside, 'root'));
    const filesDir = place('files');
    fs.mkdirSync(path.join(filesDir, 'scale'), { recursive: true });
    fs.symlinkSync(secret, path.join(filesDir, 'scale', 'overwrite.jpg'));

    expect(restoreFiles(file, filesDir)).toBe(true);
    expect(listing(filesDir)).toEqual(['scale dir 755', 'scale/bag.jpg file 600', 'scale/overwrite.jpg file 600']);
    expect(fs.readFileSync(path.join(filesDir, 'scale', 'bag.jpg'), 'utf8')).toBe('jpeg from the backup');
    expect(fs.readFileSync(secret, 'utf8')).toBe('the server must not read or write me');

    // the folder beside the backup is itself a link: nothing is copied from where it points
    const linkedFile = place('crafted/washday-2026-11-28T07-30-00Z-pglite.backup');
    fs.symlinkSync(path.dirname(secret), place('crafted/washday-2026-11-28T07-30-00Z-pglite-files'));
    expect(restoreFiles(linkedFile, place('files-2'))).toBe(false);
    expect(fs.existsSync(place('files-2'))).toBe(false);
  });
});

describe('a backup encrypted with BACKUP_PASSPHRASE (decision 040)', () => {
  it('holds nothing readable, opens with the passphrase, and is refused without it, with another one, or changed', async () => {
    const dir = place('encrypted');
    const file = await writeBackup(database, dir, { passphrase, now: new Date('2026-11-27T07:30:00Z') });
    const data = fs.readFileSync(file);
    expect(data.subarray(0, 17).toString()).toBe('WASHDAY-BACKUP 2\n');
    for (const clear of ['ada@example.com', 'argon2id', 'rt_live_', 'Elm St']) expect(data.includes(clear), clear).toBe(false);
    expect(readBackup(file, { passphrase })).toEqual({ meta: expect.objectContaining({ kind: 'pglite', createdAt: '2026-11-27T07:30:00.000Z' }) as unknown, payload: secretDump });

    expect(() => readBackup(file)).toThrow(/is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with\. Nothing was changed\./);
    expect(() => readBackup(file, { passphrase: 'another passphrase of some length' })).toThrow(/was encrypted with another passphrase: BACKUP_PASSPHRASE does not open it\. Nothing was changed\./);

    const header = data.indexOf(10, 17) + 1;
    const changed = (name: string, at: number, to: (b: number) => number) => {
      const bytes = Buffer.from(data);
      bytes[at] = to(bytes[at]!);
      fs.writeFileSync(place(name), bytes);
      return place(name);
    };
    // the header's date (the same length), a byte of the ciphertext, a byte of the tag
    const dateAt = data.indexOf('2026-11-27T07') + 3;
    for (const bad of [changed('date.backup', dateAt, () => '7'.charCodeAt(0)), changed('body.backup', header + 5, (b) => b ^ 1), changed('tag.backup', data.length - 1, (b) => b ^ 1)])
      expect(() => readBackup(bad, { passphrase }), bad).toThrow(/is damaged or was altered \(it fails its authentication\): nothing was changed/);
    fs.writeFileSync(place('cut.backup'), data.subarray(0, data.length - 10));
    expect(() => readBackup(place('cut.backup'), { passphrase })).toThrow(/is damaged or incomplete \(its size does not match\): nothing was changed/);

    // a backup made before the passphrase was set still opens
    const plain = await writeBackup(database, place('plain'));
    expect(readBackup(plain, { passphrase }).payload).toEqual(secretDump);
  });

  it('restore --force refuses a data directory a running server holds, and changes nothing in it', async () => {
    const dataDir = place('held-data');
    fs.mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), '17');
    // another process holds the directory's lock, as a running server does (db/lock.ts)
    const lock = path.join(import.meta.dirname, '../db/lock.ts');
    const server = spawn(process.execPath, ['--import', 'tsx', '-e', `import(${JSON.stringify(lock)}).then((m) => { m.acquireDataDirLock(${JSON.stringify(dataDir)}); console.log('held'); setInterval(() => {}, 1000); })`], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve) => server.stdout!.on('data', (d: Buffer) => d.toString().includes('held') && resolve()));
      await expect(restorePglite(Buffer.from('not even read'), dataDir, { force: true })).rejects.toBeInstanceOf(DataDirLockedError);
      expect(fs.readFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), 'utf8')).toBe('17');
      expect(fs.existsSync(path.join(dataDir, 'pglite.restoring'))).toBe(false);
    } finally {
      server.kill('SIGKILL');
    }
  }, 30_000);
});
