import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/helpers/strict-console.ts'],
    // the migrated databases each test copies (docs/decisions/032)
    globalSetup: ['tests/helpers/test-databases.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // a worker keeps its modules from one test file to the next instead of importing the app again
    // for each file (about a third of an API file's time); every test builds its own app and
    // database (tests/helpers/test-app.ts), so no state rides along (docs/decisions/052)
    isolate: false,
    // two files at a time on the 2-core machine (its default is one): much of a file's time is
    // spent waiting on PostgreSQL or on a child process (docs/decisions/032)
    maxWorkers: 2,
  },
});
