// API tests run the app in-process against a freshly migrated database: an in-memory PGlite
// always, and a fresh PostgreSQL database when TEST_DATABASE_URL is set (docs/conventions.md 9).
import { seedFirstStartSettings } from '../../src/server/settings/settings.service';
import type { Auth } from '../../src/server/admins/auth';
import { createApp, createStaffAuth, type App, type AppDeps } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import fs from 'node:fs';
import type { Writable } from 'node:stream';
import { inject } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import { diskFileStore } from '../../src/server/gateways/files/disk-file-store';
import type { FileStore } from '../../src/server/gateways/files/file-store';
import { createLocalGateway, type LocalGateway } from '../../src/server/gateways/payment/local-gateway';
import { createLogger } from '../../src/server/logger';
import { seedDemoPromoCodes } from '../../src/server/promo-codes/promo-codes.service';
import { createFreshPostgres } from './fresh-postgres';

export type TestDatabaseKind = 'pglite' | 'postgres';

/**
 * Where an API test file runs (decision 060): on PostgreSQL, production's database, when the run
 * has one (CI does); on PGlite otherwise (a laptop without PostgreSQL runs every file there).
 */
export const testDatabaseKinds: TestDatabaseKind[] = process.env.TEST_DATABASE_URL ? ['postgres'] : ['pglite'];

/**
 * On both, for the files whose subject is where the two drivers can read the same rows back
 * differently: counts and sums, dates, JSON and search in raw SQL, the contracts' response shapes,
 * the schema and the fuzzing (decision 060).
 */
export const bothDatabaseKinds: TestDatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export type TestContext = {
  app: App;
  database: Database;
  /** The local payment gateway the app talks to (unless the test passed its own). */
  gateway: LocalGateway;
  auth: Auth;
  config: ReturnType<typeof testConfig>;
  /** Where the app keeps files (scale photos): a fresh folder of its own, removed on close. */
  files: FileStore;
  request: (path: string, init?: RequestInit & { json?: unknown }) => Promise<Response>;
  close: () => Promise<void>;
};

let pgliteTemplate: Blob | undefined;

/**
 * A database of the test's own, migrated: a copy of the run's migrated template
 * (test-databases.setup.ts), whose migrations then find nothing to do (docs/decisions/032).
 */
export async function openTestDatabase(kind: TestDatabaseKind): Promise<Database & { dispose: () => Promise<void> }> {
  if (kind === 'pglite') {
    const templateFile = inject('pgliteTemplateFile');
    if (templateFile) pgliteTemplate ??= new Blob([fs.readFileSync(templateFile)]);
    const database = await openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: pgliteTemplate });
    await database.migrate();
    return Object.assign(database, { dispose: () => database.close() });
  }
  const fresh = await createFreshPostgres(process.env.TEST_DATABASE_URL!, 'washday_t', inject('postgresTemplate') ?? '');
  const database = await openDatabase({ kind: 'postgres', url: fresh.url, maxConnections: 20 });
  await database.migrate();
  return Object.assign(database, {
    dispose: async () => {
      await database.close();
      await fresh.drop();
    },
  });
}

export async function createTestApp(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
  deps: Partial<Pick<AppDeps, 'checkout' | 'now' | 'gateway'>> & { auth?: Auth; demoPromoCodes?: boolean; logTo?: Writable } = {},
): Promise<TestContext> {
  const database = await openTestDatabase(kind);
  // the development seed's TEST1 and FREE, as a development server has them (docs/design.md 9); a
  // test of production's codes leaves them out
  if (deps.demoPromoCodes !== false) await seedDemoPromoCodes(database.db);
  const config = testConfig({ STATIC_DIR: './tests/fixtures/static', ...env });
  // as the server's start-up does (main.ts): the environment's service area is the first start's
  await seedFirstStartSettings(database.db, { ...config.firstStart, timeZone: config.timeZone, open: true });
  const gateway = createLocalGateway({ db: database.db, webhookSecret: config.localWebhookSecret, publicUrl: config.publicUrl, ...(deps.now ? { now: deps.now } : {}) });
  // the app's log and staff auth's: to the test's stream when it reads them (logger.test.ts)
  const logger = createLogger(config, deps.logTo);
  const auth = deps.auth ?? (await createStaffAuth(config, database, logger));
  const { demoPromoCodes: _seeded, logTo: _logTo, ...appDeps } = deps;
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washday-files-'));
  const files = diskFileStore(filesDir);
  const app = createApp({ config, database, logger, gateway, auth, files, ...appDeps });
  return {
    app,
    database,
    gateway,
    auth,
    config,
    files,
    request: (path, init = {}) => {
      const { json, headers, ...rest } = init;
      return Promise.resolve(
        app.request(path, {
          ...rest,
          headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...(headers as Record<string, string>) },
          ...(json !== undefined ? { body: typeof json === 'string' ? json : JSON.stringify(json) } : {}),
        }),
      );
    },
    close: async () => {
      fs.rmSync(filesDir, { recursive: true, force: true });
      await database.dispose();
    },
  };
}
