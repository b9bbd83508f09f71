import { defineConfig } from '@playwright/test';

// E2E_PORT lets a second run (another worktree, a helper) use its own server and data
const port = Number(process.env.E2E_PORT ?? 4173);
export const chromiumPath = '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/e2e-artifacts-${port}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'phone', use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true } },
  ],
  webServer: {
    command: `rm -rf test-results/e2e-data-${port} && node --import tsx src/server/main.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      HOST: '127.0.0.1',
      DATA_DIR: `test-results/e2e-data-${port}`,
      SEED_DEMO_DATA: 'false',
      // one browser signs in many times in a run; production keeps the default of 20 a minute
      AUTH_ATTEMPTS_PER_MINUTE: '1000',
      // both projects book the same few pick-up days many times over; the limit of a window is
      // tested in the API tests (bookings.test.ts), not by running out of places here
      PICKUP_CAPACITY_PER_WINDOW: '1000',
      LOG_LEVEL: 'warn',
    },
  },
});
