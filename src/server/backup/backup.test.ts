// Backups (decision 025): a database with bookings, gift cards and invoices, backed up and restored
// into a fresh PGlite directory and a fresh PostgreSQL database, every row equal; the same through
// `npm run backup` and `npm run restore` in a shell; a damaged or foreign file, or a target that is
// not empty, changes nothing; a crafted file whose checksum matches is restored aside (PGlite) or in
// one transaction (PostgreSQL) and refused, the target as it was, even with --force (decision 040).
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { createFreshPostgres, type FreshPostgres } from '../../../tests/helpers/fresh-postgres';
import { recordingPgTools } from '../../../tests/helpers/recording-pg-tools';
import { insertBooking } from '../bookings/booking.factory';
import { openDatabase, rowsOf, type Database } from '../db/client';
import { manualInvoices } from '../db/schema';
import { insertGiftCard } from '../gift-cards/gift-card.factory';
import { runBackupJob } from '../jobs';
import { BackupError, pruneBackups, readBackup, writeBackup } from './backup';
import { restorePglite, restorePostgres } from './restore';

const root = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
const temp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `washday-${name}-`));
const fresh: FreshPostgres[] = [];
afterAll(async () => {
  for (const f of fresh) await f.drop();
});

async function filled(database: Database) {
  await database.migrate();
  for (let i = 0; i < 3; i++) await insertBooking(database.db, { email: `backup${i}@example.com`, bookingStatus: i ? 'confirmed' : 'delivered' });
  await insertGiftCard(database.db, { amount: 5000 });
  await database.db.insert(manualInvoices).values({ invoiceNumber: 'INV-7001', clientName: 'Backup Client', clientEmail: 'client@example.com', lines: [{ name: 'Wash', cents: 4050 }], subtotalCents: 4050, totalCents: 4050, dueDate: '2026-12-01' });
}

/** A file with a Washday header and a checksum that matches: what an attacker (or a bad copy) can make of any bytes. */
function crafted(dir: string, name: string, kind: 'pglite' | 'postgres', payload: Buffer): string {
  const meta = { kind, createdAt: new Date().toISOString(), sha256: createHash('sha256').update(payload).digest('hex'), bytes: payload.length };
  const file = path.join(dir, name);
  fs.writeFileSync(file, Buffer.concat([Buffer.from('WASHDAY-BACKUP 1\n'), Buffer.from(`${JSON.stringify(meta)}\n`), payload]));
  return file;
}

/** Every file under a data directory with the SHA-256 of its bytes: "nothing was changed", checked without opening it. */
function contents(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .map((p) => `${path.relative(dir, p)} ${createHash('sha256').update(fs.readFileSync(p)).digest('hex')}`)
    .sort();
}

/** How many indexes, constraints and triggers the database has: a restore cut short loses them before its rows. */
async function schemaObjects(database: Database) {
  return rowsOf(await database.db.execute(sql`select (select count(*)::int from pg_indexes where schemaname = 'public') as indexes, (select count(*)::int from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = 'public') as constraints, (select count(*)::int from pg_trigger t join pg_class r on r.oid = t.tgrelid join pg_namespace n on n.oid = r.relnamespace where n.nspname = 'public' and not t.tgisinternal) as triggers`))[0];
}

/** The database's address with a password (one the test server, trusting local connections, never asks for) unless it has one. */
function withPassword(db: FreshPostgres): FreshPostgres {
  const url = new URL(db.url);
  if (!url.password) url.password = 'pw-kept-off-the-command-line';
  return { ...db, url: url.toString() };
}

/** Every row of every table, as text, in a stable order: what "every row equal" compares. */
async function everything(database: Database): Promise<Record<string, string[]>> {
  const tables = rowsOf<{ t: string }>(await database.db.execute(sql`select schemaname || '.' || tablename as t from pg_tables where schemaname in ('public', 'drizzle') order by 1`)).map((r) => r.t);
  const out: Record<string, string[]> = {};
  for (const t of tables) {
    const [schema, table] = t.split('.');
    out[t] = rowsOf<Record<string, unknown>>(await database.db.execute(sql`select * from ${sql.identifier(schema!)}.${sql.identifier(table!)}`)).map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

describe('backups', () => {
  it('PGlite: backed up, restored into a fresh data directory, every row equal', async () => {
    const source = await openDatabase({ kind: 'pglite', dataDir: temp('src') });
    const foreign = await source.dump(); // a PGlite database, but not a Washday one: no migrations
    await filled(source);
    const before = await everything(source);
    const dir = temp('backups');
    const file = await writeBackup(source, dir);
    await source.close();
    expect(path.basename(file)).toMatch(/^washday-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z-pglite\.backup$/);

    const target = temp('dst');
    await restorePglite(readBackup(file).payload, target, { force: false });
    const restored = await openDatabase({ kind: 'pglite', dataDir: target });
    expect(await everything(restored)).toEqual(before);
    expect(before['public.bookings']).toHaveLength(3);
    expect(before['public.gift_cards']).toHaveLength(1);
    expect(before['public.manual_invoices']).toHaveLength(1);
    await restored.close();
    // not into a data directory that has a database: refused, and it is as it was
    await expect(restorePglite(readBackup(file).payload, target, { force: false })).rejects.toThrow(/is not empty: restore refuses to overwrite it/);

    // a crafted file whose checksum matches, even forced: restored aside first, refused, the data
    // directory as it was, byte for byte
    const restoredBytes = contents(target);
    for (const [name, payload] of [['garbage', randomBytes(4096)], ['foreign', foreign]] as const)
      await expect(restorePglite(readBackup(crafted(dir, `${name}.backup`, 'pglite', payload)).payload, target, { force: true }), name).rejects.toThrow(/does not restore.*nothing was changed/);
    expect(contents(target)).toEqual(restoredBytes);
  }, 120_000);

  it('a damaged or foreign file, or one cut short: refused with the reason, nothing changed', async () => {
    const dir = temp('bad');
    const source = await openDatabase({ kind: 'pglite', dataDir: null });
    await source.migrate();
    const file = await writeBackup(source, dir);
    await source.close();
    const data = fs.readFileSync(file);
    const damaged = path.join(dir, 'damaged.backup');
    const flipped = Buffer.from(data);
    flipped[flipped.length - 10] = flipped[flipped.length - 10]! ^ 0xff;
    fs.writeFileSync(damaged, flipped);
    const cut = path.join(dir, 'cut.backup');
    fs.writeFileSync(cut, data.subarray(0, data.length - 100));
    const foreign = path.join(dir, 'holiday.jpg');
    fs.writeFileSync(foreign, 'not a backup at all');
    const cases: [string, RegExp][] = [
      [damaged, /is damaged or incomplete \(its checksum does not match\): nothing was changed/],
      [cut, /is damaged or incomplete/],
      [foreign, /is not a Washday backup: nothing was changed/],
      [path.join(dir, 'missing.backup'), /Cannot read/],
    ];
    for (const [bad, reason] of cases) expect(() => readBackup(bad), bad).toThrow(reason);
    expect(() => readBackup(foreign)).toThrow(BackupError);
  }, 60_000);

  it('the nightly job: after BACKUP_AT in the business’s time, once (a backup under 20 hours old is enough), the newest N kept', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    await database.migrate();
    const dir = temp('nightly');
    for (const d of ['01', '02']) fs.writeFileSync(path.join(dir, `washday-2026-11-${d}T07-30-00Z-pglite.backup`), 'old');
    for (const d of ['01', '02']) fs.utimesSync(path.join(dir, `washday-2026-11-${d}T07-30-00Z-pglite.backup`), new Date('2026-11-0' + d[1] + 'T07:30:00Z'), new Date('2026-11-0' + d[1] + 'T07:30:00Z'));
    const passphrase = 'the nightly passphrase';
    const deps = (iso: string) => ({ db: database.db, backup: { database, dir, at: '02:30', keep: 2, filesDir: null, passphrase }, timeZone: 'America/New_York', now: () => new Date(iso) });
    expect(await runBackupJob(deps('2026-11-27T06:00:00Z'))).toBeNull(); // 1:00 AM: not yet
    const file = await runBackupJob(deps('2026-11-27T08:00:00Z')); // 3:00 AM
    expect(file).toMatch(/washday-2026-11-27T08-00-00Z-pglite\.backup$/);
    expect(readBackup(file!, { passphrase }).meta.kind).toBe('pglite');
    expect(() => readBackup(file!)).toThrow(/is encrypted: set BACKUP_PASSPHRASE/); // decision 040
    expect(await runBackupJob(deps('2026-11-27T09:00:00Z'))).toBeNull(); // once
    expect(fs.readdirSync(dir).sort()).toEqual(['washday-2026-11-02T07-30-00Z-pglite.backup', 'washday-2026-11-27T08-00-00Z-pglite.backup']);
    expect(await runBackupJob({ ...deps('2026-11-27T08:00:00Z'), backup: undefined })).toBeNull();
    await database.close();
  }, 60_000);

  it('the nightly job does not count a backup dated after its clock as recent (a clock set back)', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    await database.migrate();
    const dir = temp('clock-set-back');
    const ahead = path.join(dir, 'washday-2026-11-20T07-30-00Z-pglite.backup');
    fs.writeFileSync(ahead, 'x');
    fs.utimesSync(ahead, new Date('2026-11-20T07:30:00Z'), new Date('2026-11-20T07:30:00Z'));
    const at = (iso: string) => ({ db: database.db, backup: { database, dir, at: '02:30', keep: 7, filesDir: null }, timeZone: 'America/New_York', now: () => new Date(iso) });
    expect(await runBackupJob(at('2026-11-19T08:00:00Z'))).toMatch(/washday-2026-11-19T08-00-00Z-pglite\.backup$/);
    await database.close();
  }, 60_000);

  it('the nightly job on two instances of one database: one of them backs it up, each to its own folder or not', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    await database.migrate();
    const [first, second] = [temp('instance-a'), temp('instance-b')];
    const on = (dir: string, iso: string) => ({ db: database.db, backup: { database, dir, at: '02:30', keep: 7, filesDir: null }, timeZone: 'America/New_York', now: () => new Date(iso) });
    const both = await Promise.all([runBackupJob(on(first, '2026-11-27T08:00:00Z')), runBackupJob(on(second, '2026-11-27T08:00:00Z'))]);
    expect(both.filter((f) => f !== null)).toHaveLength(1);
    expect(fs.readdirSync(first).length + fs.readdirSync(second).length).toBe(1);
    // the next night is claimed afresh
    expect(await runBackupJob(on(second, '2026-11-28T08:00:00Z'))).not.toBeNull();
    // a run that fails gives the night back: the next round (here or elsewhere) tries again
    const failing = { ...on(first, '2026-11-29T08:00:00Z'), backup: { ...on(first, '').backup, database: { kind: 'pglite' as const, dump: () => Promise.reject(new Error('disk full')) } } };
    await expect(runBackupJob(failing)).rejects.toThrow('disk full');
    expect(await runBackupJob(on(first, '2026-11-29T08:30:00Z'))).not.toBeNull();
    await database.close();
  }, 60_000);

  it('keeps the newest N backups and their files', () => {
    const dir = temp('prune');
    for (const d of ['01', '02', '03']) {
      fs.writeFileSync(path.join(dir, `washday-2026-11-${d}T02-30-00Z-pglite.backup`), 'x');
      fs.mkdirSync(path.join(dir, `washday-2026-11-${d}T02-30-00Z-pglite-files`));
    }
    expect(pruneBackups(dir, 2)).toEqual(['washday-2026-11-01T02-30-00Z-pglite.backup']);
    expect(fs.readdirSync(dir).sort()).toEqual([
      'washday-2026-11-02T02-30-00Z-pglite-files',
      'washday-2026-11-02T02-30-00Z-pglite.backup',
      'washday-2026-11-03T02-30-00Z-pglite-files',
      'washday-2026-11-03T02-30-00Z-pglite.backup',
    ]);
  });

  it('PostgreSQL: pg_dump backed up, restored into a fresh database, every row equal; not into one with tables', async (ctx) => {
    if (!process.env.TEST_DATABASE_URL) {
      console.log('backup.test: the PostgreSQL backup needs TEST_DATABASE_URL (CI sets it)');
      ctx.skip();
    }
    const [a, b] = [withPassword(await createFreshPostgres(process.env.TEST_DATABASE_URL!)), withPassword(await createFreshPostgres(process.env.TEST_DATABASE_URL!))];
    fresh.push(a, b);
    // decision 040: pg_dump and pg_restore (the real ones, called through stand-ins that record how)
    // get the password in their environment, never in their arguments, which `ps` shows everyone
    const password = decodeURIComponent(new URL(a.url).password);
    const calls = path.join(temp('pg-calls'), 'calls.log');
    const onPath = (tool: string) => process.env.PATH!.split(path.delimiter).map((d) => path.join(d, tool)).find((p) => fs.existsSync(p))!;
    const putBack = recordingPgTools(calls, { pg_dump: onPath('pg_dump'), pg_restore: onPath('pg_restore') });
    onTestFinished(putBack);
    const source = await openDatabase({ kind: 'postgres', url: a.url });
    await filled(source);
    const before = await everything(source);
    const shape = await schemaObjects(source);
    const file = await writeBackup(source, temp('pg'));
    expect(readBackup(file).meta.kind).toBe('postgres');
    await restorePostgres(readBackup(file).payload, b.url, { force: false });
    const restored = await openDatabase({ kind: 'postgres', url: b.url });
    expect(await everything(restored)).toEqual(before);
    await restored.close();
    await expect(restorePostgres(readBackup(file).payload, a.url, { force: false })).rejects.toThrow(/not empty: restore refuses to overwrite it/);
    expect((await everything(source))['public.bookings']).toEqual(before['public.bookings']);

    // forced over a database with tables: crafted files whose checksum matches change nothing (one
    // cut in its data, one not a Washday database's); a whole backup replaces it
    const { payload } = readBackup(file);
    const cutInData = Buffer.from(payload.subarray(0, payload.length - 40));
    const empty = await createFreshPostgres(process.env.TEST_DATABASE_URL!);
    fresh.push(empty);
    const other = await openDatabase({ kind: 'postgres', url: empty.url });
    const foreign = await other.dump();
    await other.close();
    const dir = path.dirname(file);
    for (const [name, bytes] of [['cut', cutInData], ['foreign', foreign], ['garbage', randomBytes(4096)]] as const)
      await expect(restorePostgres(readBackup(crafted(dir, `${name}.backup`, 'postgres', bytes)).payload, a.url, { force: true }), name).rejects.toThrow(/nothing was changed/);
    expect(await everything(source)).toEqual(before);
    expect(await schemaObjects(source)).toEqual(shape);
    await source.db.execute(sql`delete from manual_invoices`);
    await restorePostgres(payload, a.url, { force: true });
    expect(await everything(source)).toEqual(before);
    await source.close();

    putBack();
    const lines = fs.readFileSync(calls, 'utf8').split('\n');
    expect(lines.filter((l) => l.startsWith('pg_dump ')).length).toBeGreaterThan(0);
    expect(lines.filter((l) => l.startsWith('pg_restore --no-owner')).length).toBeGreaterThan(0);
    expect(lines.filter((l) => !l.startsWith('PGPASSWORD=') && l.includes(password))).toEqual([]);
    expect(lines).toContain(`PGPASSWORD=${password}`);
  }, 120_000);

  it('in a shell: npm run backup, then npm run restore into a fresh data directory; a second restore without --force is refused', async () => {
    const dataDir = temp('shell-src');
    const source = await openDatabase({ kind: 'pglite', dataDir });
    await filled(source);
    const before = await everything(source);
    await source.close();
    const out = temp('shell-out');
    // encrypted (decision 040): both commands read BACKUP_PASSPHRASE through the configuration
    const env = { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'silent', BACKUP_PASSPHRASE: 'a passphrase for the shell test' };
    const backup = await run('npm', ['run', '--silent', 'backup', '--', '--out', out], { cwd: root, env: { ...env, DATA_DIR: dataDir } });
    const file = backup.stdout.trim().split('\n').at(-1)!;
    expect(fs.readFileSync(file).subarray(0, 17).toString()).toBe('WASHDAY-BACKUP 2\n');

    const target = temp('shell-dst');
    const restored = await run('npm', ['run', '--silent', 'restore', '--', file], { cwd: root, env: { ...env, DATA_DIR: target } });
    expect(restored.stdout).toContain(`Restored ${file}`);
    const check = await openDatabase({ kind: 'pglite', dataDir: target });
    expect(await everything(check)).toEqual(before);
    await check.close();
    const again = await run('npm', ['run', '--silent', 'restore', '--', file], { cwd: root, env: { ...env, DATA_DIR: target } }).then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    expect(again?.code).toBe(1);
    expect(again?.stderr).toMatch(/is not empty: restore refuses to overwrite it\. Use --force/);
  }, 180_000);
});
