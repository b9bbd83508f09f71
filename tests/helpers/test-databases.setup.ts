// Vitest's global setup: the migrated databases every API test starts from, made once per run
// instead of once per test (docs/decisions/032). A PGlite test database loads a dump of a migrated
// one, and a PostgreSQL test database is `CREATE DATABASE … TEMPLATE` a migrated one; each test
// still gets a database of its own, and still runs the migrations, which then find nothing to do.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from '../../src/server/db/client';
import { migrationsFingerprint, pgliteVersion } from '../../src/server/db/pglite-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump (dumpDataDir) of a migrated in-memory PGlite database. */
    pgliteTemplateFile: string;
    /** A migrated PostgreSQL database to copy, on TEST_DATABASE_URL's server; '' without it. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const fingerprint = migrationsFingerprint(migrationsFolder);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'washday-test-templates-'));
  const pgliteTemplateFile = path.join(scratch, `pglite-${pgliteVersion()}-${fingerprint}.tar`);
  const [postgresTemplate] = await Promise.all([makePostgresTemplate(fingerprint), makePgliteTemplate(pgliteTemplateFile)]);
  project.provide('pgliteTemplateFile', pgliteTemplateFile);
  project.provide('postgresTemplate', postgresTemplate);
  return async () => {
    fs.rmSync(scratch, { recursive: true, force: true });
    if (postgresTemplate) await dropDatabase(process.env.TEST_DATABASE_URL!, postgresTemplate);
  };
}

async function makePgliteTemplate(file: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await database.migrate();
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await database.close();
  }
}

/** A migrated database named for this run; nobody connects to it once made, so it can be copied. */
async function makePostgresTemplate(fingerprint: string): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return '';
  const name = `washday_tpl_${fingerprint}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return name;
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
