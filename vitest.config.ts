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
    // two files at a time on the 2-core machine (its default is one): much of a file's time is
    // spent waiting on PostgreSQL or on a child process (docs/decisions/032)
    maxWorkers: 2,
  },
});
