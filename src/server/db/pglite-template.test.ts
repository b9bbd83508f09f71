// A new PGlite data directory starts from the server build's template: the same database a first
// start would make, and never a template made for other migrations or over an existing database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteTemplate, migrationsFolder, openDatabase, rowsOf } from './client';
import { migrationsFingerprint, pgliteTemplatePath, startFromTemplate } from './pglite-template';
import { contactMessages } from './schema';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'washday-template-'));
const buildDir = path.join(scratch, 'dist-server');
const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };

beforeAll(async () => {
  await createPgliteTemplate(buildDir);
}, 120_000);

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('the PGlite template', () => {
  it('is named by the PGlite version and the migrations, and replaces older templates', async () => {
    const template = pgliteTemplatePath(buildDir, migrationsFolder);
    expect(path.basename(template)).toMatch(new RegExp(`^pglite-\\d+\\.\\d+\\.\\d+.*-${migrationsFingerprint(migrationsFolder)}$`));
    expect(fs.existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
    expect(fs.readdirSync(buildDir).filter((n) => n.startsWith('pglite-'))).toEqual([path.basename(template)]);
  });

  it('gives a new data directory a database with every migration applied, which then works as usual', async () => {
    const dataDir = path.join(scratch, 'data-new');
    const database = await openDatabase({ kind: 'pglite', dataDir, serverBuildDir: buildDir });
    try {
      const applied = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
      expect(applied[0]?.n).toBe(journal.entries.length);
      await database.migrate(); // nothing left to do
      const [row] = await database.db
        .insert(contactMessages)
        .values({ name: 'Ada', email: 'ada@example.com', phone: '', subject: 'Hello', message: 'From a template' })
        .returning({ id: contactMessages.id });
      expect(row?.id).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await database.close();
    }
    // and it is the data directory's own database: still there after a reopen
    const reopened = await openDatabase({ kind: 'pglite', dataDir, serverBuildDir: buildDir });
    try {
      expect(await reopened.db.select().from(contactMessages)).toHaveLength(1);
    } finally {
      await reopened.close();
    }
    // decision 040: the data directory and PGlite's folder in it are its user's alone (PGlite makes
    // its own files 0666; inside them nobody else reaches those)
    expect([dataDir, path.join(dataDir, 'pglite')].map((p) => (fs.statSync(p).mode & 0o777).toString(8))).toEqual(['700', '700']);
  }, 60_000);

  it('cannot be changed by other users, and a data directory copied from it is its user’s alone (decision 040)', async () => {
    const others = (p: string) => fs.lstatSync(p).mode & 0o077;
    const tree = (dir: string) => [dir, ...fs.readdirSync(dir, { recursive: true, withFileTypes: true }).map((e) => path.join(e.parentPath, e.name))];
    const template = pgliteTemplatePath(buildDir, migrationsFolder);
    expect(tree(template).filter((p) => fs.lstatSync(p).mode & 0o022)).toEqual([]);
    const pgDataDir = path.join(scratch, 'data-private', 'pglite');
    expect(await startFromTemplate(pgDataDir, buildDir, migrationsFolder)).toBe(true);
    expect(tree(pgDataDir).filter((p) => others(p) !== 0)).toEqual([]);
  });

  it('is not used over an existing data directory', async () => {
    const pgDataDir = path.join(scratch, 'data-existing', 'pglite');
    fs.mkdirSync(pgDataDir, { recursive: true });
    fs.writeFileSync(path.join(pgDataDir, 'marker'), 'mine');
    expect(await startFromTemplate(pgDataDir, buildDir, migrationsFolder)).toBe(false);
    expect(fs.readdirSync(pgDataDir)).toEqual(['marker']);
  });

  it('is not used with other migrations or without a server build', async () => {
    const otherMigrations = path.join(scratch, 'migrations-plus-one');
    fs.cpSync(migrationsFolder, otherMigrations, { recursive: true });
    fs.writeFileSync(path.join(otherMigrations, '9999_later.sql'), 'select 1;');
    expect(await startFromTemplate(path.join(scratch, 'data-a', 'pglite'), buildDir, otherMigrations)).toBe(false);
    expect(await startFromTemplate(path.join(scratch, 'data-b', 'pglite'), undefined, migrationsFolder)).toBe(false);
    expect(await startFromTemplate(path.join(scratch, 'data-c', 'pglite'), path.join(scratch, 'no-build'), migrationsFolder)).toBe(false);
    expect(fs.existsSync(path.join(scratch, 'data-a'))).toBe(false);
  });
});
