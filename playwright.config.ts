import { defineConfig } from '@playwright/test';

// E2E_PORT lets a second run (another worktree, a helper) use its own server and data
const port = Number(process.env.E2E_PORT ?? 4173);
export const chromiumPath = '/usr/bin/chromium';

/** A pick-up day two weeks or more ahead, closed on the e2e server (service-area.spec.ts); no other test books it. */
function closedDayAhead(): string {
  const d = new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date())}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 14);
  while (![1, 3, 5].includes(d.getUTCDay())) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const desktop = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };
/**
 * Files that cannot share the server with another file at the same time: they check figures that
 * any booking elsewhere changes (the dashboard's gift-card sales, a month's report, the newest
 * audit entries), run a job over every booking (series), or time key presses against a checkout
 * tab closing (the booking wizard's keyboard-only journeys, which a second browser's load makes
 * late). Moving time is not a reason: a test moves its own requests' clock (decision 044).
 */
const exclusive = /[\\/](admin|back-office|booking|series|gift-cards-admin|reports|audit-log)\.spec\.ts$/;
/**
 * The back office's journeys at 1280 px only: staff work at a desk, and its layout at 375 px is
 * proved by staff-lists.spec.ts (every tab fits the screen and passes axe at both widths) and by
 * the files below whose layout changes on a phone. Everything a customer or a pro sees, and every
 * public page, runs at both widths (docs/decisions/032).
 */
const desktopOnly = /[\\/](admin|audit-log|back-office|bookings-list|exports|laundry-pro-assignments|laundry-pro-payouts|laundry-pros|reports|staff-tools)\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/e2e-artifacts-${port}`,
  fullyParallel: false,
  // two test files at a time (E2E_WORKERS to change it); the files that read figures every other
  // file changes run after them, one at a time (exclusive, above)
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // the longest journeys (a pro's whole day, a gift card bought and spent) take up to 65 s alone on
  // the 2-core machine; two files at a time need the room
  timeout: 90_000,
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
    { name: 'setup', testMatch: /root\.setup\.ts$/ },
    { name: 'desktop', use: desktop, testIgnore: exclusive, dependencies: ['setup'] },
    { name: 'phone', use: phone, testIgnore: [exclusive, desktopOnly], dependencies: ['setup'] },
    { name: 'desktop-alone', use: desktop, testMatch: exclusive, workers: 1, dependencies: ['desktop', 'phone'] },
    { name: 'phone-alone', use: phone, testMatch: exclusive, testIgnore: desktopOnly, workers: 1, dependencies: ['desktop-alone'] },
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
      // likewise the anonymous writes (docs/design.md 9): their limits are tested in anonymous-limits.test.ts
      BOOKINGS_PER_IP_PER_HOUR: '100000',
      BOOKINGS_PER_CUSTOMER_PER_HOUR: '100000',
      CONTACT_MESSAGES_PER_IP_PER_HOUR: '100000',
      CONTACT_MESSAGES_PER_EMAIL_PER_HOUR: '100000',
      GIFT_CARD_VALIDATE_PER_MINUTE: '100000',
      // both projects book the same few pick-up days many times over; the limit of a window is
      // tested in the API tests (bookings.test.ts), not by running out of places here
      PICKUP_CAPACITY_PER_WINDOW: '1000',
      // a holiday the calendar greys out (spec: customer-site 5)
      CLOSED_DATES: closedDayAhead(),
      LOG_LEVEL: 'warn',
      // the test's inbound texts are signed with it (SKIP, decision 024); no Twilio account is set, so texts stay in the outbox
      TWILIO_AUTH_TOKEN: 'e2e-twilio-auth-token',
    },
  },
});
