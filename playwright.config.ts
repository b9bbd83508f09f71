import { defineConfig } from '@playwright/test';
import { nextServiceDay, todayPlus } from './tests/e2e/dates';

// E2E_PORT lets a second run (another worktree, a helper) use its own server and data
const port = Number(process.env.E2E_PORT ?? 4173);
/** A second server, for the files that need one to themselves (exclusive, below). */
const alonePort = port + 1;
const aloneURL = `http://127.0.0.1:${alonePort}`;
/**
 * Debian's Chromium headless shell (package chromium-headless-shell), the browser Playwright itself
 * runs headless: the whole suite passed in 25.1 min with it against 35.6 min with the full browser
 * on the same machine (docs/benchmarks.md 2026-12-05). E2E_CHROMIUM names another.
 */
export const chromiumPath = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell';

/**
 * A pick-up day two weeks or more ahead, closed on the e2e server (service-area.spec.ts); no other
 * test books it. Not the day a weekly series begun today reaches in two weeks (series.spec.ts books
 * it; on a Saturday the two fell on the same Monday).
 */
function closedDayAhead(): string {
  const seriesSecond = new Date(`${nextServiceDay()}T12:00:00Z`);
  seriesSecond.setUTCDate(seriesSecond.getUTCDate() + 14);
  const d = todayPlus(14);
  while (![1, 3, 5].includes(d.getUTCDay()) || d.getTime() === seriesSecond.getTime()) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const desktop = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };
/**
 * Files that cannot share a server with another file at the same time: they check figures that
 * any booking elsewhere changes (the dashboard's gift-card sales, a month's report, the newest
 * audit entries), run a job over every booking (series), or time key presses against a checkout
 * tab closing (the booking wizard's keyboard-only journeys, which a second browser's load makes
 * late). They run one at a time on a second server of their own, alongside the other files on
 * the first, instead of after them; their phone runs follow their desktop runs on that server, as
 * the keyboard journeys passed only that way (docs/decisions/052). Moving time is not a reason: a test moves
 * its own requests' clock (decision 044).
 */
const exclusiveNames = ['admin', 'back-office', 'booking', 'series', 'gift-cards-admin', 'reports', 'audit-log', 'settings'];
/**
 * The phone width (375 px) runs the files whose layout differs on a phone or that are a
 * customer's or a pro's journey on their phone: the public pages and the booking wizard, the
 * customer's links (orders, invoice, gift cards), the pro portal, the lists that become cards, and
 * the checks of every page's fit and axe at both widths (layout, public-pages, staff-lists,
 * phone-pages). The other journeys (staff at a desk, and the customer pages they end on, which
 * phone-pages.spec.ts checks at 375 px) run at 1280 px only (docs/decisions/032 and 052).
 */
const phoneNames = ['booking', 'customer-page', 'gift-cards', 'gift-cards-admin', 'invoice', 'invoices-admin', 'landing', 'layout', 'orders', 'phone-pages', 'pro-portal', 'public-pages', 'rating', 'service-area', 'settings', 'staff-lists'];
/** The spec files of these names. */
const specs = (names: string[]) => new RegExp(`[\\\\/](${names.join('|')})\\.spec\\.ts$`);
const exclusive = specs(exclusiveNames);
const phoneFiles = specs(phoneNames.filter((n) => !exclusiveNames.includes(n)));
const phoneExclusive = specs(phoneNames.filter((n) => exclusiveNames.includes(n)));
/** phone-pages.spec.ts checks at 375 px the pages other files reach at 1280 px only. */
const phoneOnly = specs(['phone-pages']);

/** An e2e server of its own data folder on this port. */
function server(port: number) {
  return {
    command: `rm -rf test-results/e2e-data-${port} && node --import tsx src/server/main.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      // the settings below, not a developer's .env (config.ts)
      ENV_FILE: 'none',
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
      // every journey that opens "Your orders" asks for a link from this one address
      ORDER_LINKS_PER_IP_PER_HOUR: '100000',
      // both projects book the same few pick-up days many times over; the limit of a window is
      // tested in the API tests (bookings.test.ts), not by running out of places here
      PICKUP_CAPACITY_PER_WINDOW: '1000',
      // a holiday the calendar greys out (spec: customer-site 5)
      CLOSED_DATES: closedDayAhead(),
      LOG_LEVEL: 'warn',
      // the test's inbound texts are signed with it (SKIP, decision 024); no Twilio account is set, so texts stay in the outbox
      TWILIO_AUTH_TOKEN: 'e2e-twilio-auth-token',
    },
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/e2e-artifacts-${port}`,
  fullyParallel: false,
  // two test files at a time (E2E_WORKERS to change it); the files that read figures every other
  // file changes take one of them, one at a time, on their own server (exclusive, above)
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // the longest journeys (a pro's whole day, a gift card bought and spent) take up to 65 s alone on
  // the 2-core machine; two files at a time need the room
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // a failed test keeps its trace of steps, network and console, its screenshot and the page's
    // outline (error-context.md), not a screencast or DOM snapshots of every step: the screencast
    // cost a fifth of the suite's time (docs/benchmarks.md), and the snapshotter fetches an image's
    // blob: address from inside the page, which the page's CSP refuses (a console error)
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false, sources: false },
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
    { name: 'setup-alone', testMatch: /root\.setup\.ts$/, use: { baseURL: aloneURL } },
    // first in the list: the files that need a server to themselves start at once, on theirs
    { name: 'desktop-alone', use: { ...desktop, baseURL: aloneURL }, testMatch: exclusive, workers: 1, dependencies: ['setup-alone'] },
    { name: 'phone-alone', use: { ...phone, baseURL: aloneURL }, testMatch: phoneExclusive, workers: 1, dependencies: ['desktop-alone'] },
    { name: 'desktop', use: desktop, testIgnore: [exclusive, phoneOnly], dependencies: ['setup'] },
    { name: 'phone', use: phone, testMatch: phoneFiles, dependencies: ['setup'] },
  ],
  webServer: [server(port), server(alonePort)],
});
