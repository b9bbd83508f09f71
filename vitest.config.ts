import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/helpers/strict-console.ts'],
    // the migrated databases each test copies (docs/decisions/032)
    globalSetup: ['tests/helpers/test-databases.setup.ts'],
    // a developer's .env (config.ts) is not the tests' settings: each test gives its own
    env: { ENV_FILE: 'none' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // worker threads, not a process per file: the whole run took 427 s instead of 506 s on the
    // 2-core machine, every file passing (docs/benchmarks.md, 2026-12-06)
    pool: 'threads',
    // each file keeps its own modules (Vitest's default): shared modules were quicker alone but
    // timed out beside the browser suite (docs/decisions/054)
    // two files at a time on the 2-core machine (its default is one): much of a file's time is
    // spent waiting on PostgreSQL or on a child process (docs/decisions/032)
    maxWorkers: 2,
  },
});
