// `npm test`: the build (scripts/build.ts), then side by side the unit and API tests (Vitest) and
// the size budgets of the built pages (scripts/check-budgets.ts) followed by the browser tests
// (Playwright in Chromium) and the deploy rehearsal, and one closing line with the counts. Vitest's report is printed whole
// when it ends, the browser tests' as they run. Without Chromium the browser tests are skipped with
// a printed reason; in CI (CI=true) a missing browser is a failure. A failed build or budget counts
// as one failure. Side by side, each fills the time the other spends waiting (on PostgreSQL, a
// page, a child process): docs/decisions/053.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type PlaywrightReport, playwrightFailures, type VitestReport, vitestFailures } from './test-failures';

const root = path.resolve(import.meta.dirname, '..');
// the browser playwright.config.ts runs (Debian's package chromium-headless-shell)
const chromium = '/usr/bin/chromium-headless-shell';
const e2eOnly = process.argv.includes('--e2e-only');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });

type Counts = { passed: number; failed: number; skipped: number };
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
let failedStep = false;
/** Each failed test in a line, printed again at the very end: Vitest's report, printed whole after the browser tests, would push them out of a log's tail. */
const failures: string[] = [];

function run(cmd: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/** Runs a command with its output on this terminal, without holding up the others; resolves to its exit status. */
function runInherit(cmd: string, args: string[], env: Record<string, string>): Promise<number> {
  const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

/** Runs a command beside others, its output kept in `logFile` and printed whole when it ends; resolves to its exit status. */
function runBeside(label: string, cmd: string, args: string[], logFile: string): Promise<number> {
  const log = fs.openSync(path.join(root, logFile), 'w');
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', log, log], env: process.env });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      fs.closeSync(log);
      console.log(`\n──── ${label} (${logFile}) ────\n${fs.readFileSync(path.join(root, logFile), 'utf8')}──── end of ${label} ────\n`);
      resolve(code ?? 1);
    });
  });
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as T;
  } catch {
    return null;
  }
}

// the build first: the size budgets, the browser tests and the API tests that check the built
// pages' headers (security-headers.test.ts) all read it
console.log('Building the site for the tests...');
const built = run(process.execPath, ['--import', 'tsx', 'scripts/build.ts']) === 0;
if (!built) {
  failedStep = true;
  total.failed += 1;
  failures.push('the site did not build (its errors are above)');
}

const vitestOut = 'test-results/vitest.json';
let vitest: Promise<number> | null = null;
if (!e2eOnly) {
  fs.rmSync(path.join(root, vitestOut), { force: true });
  vitest = runBeside('Vitest', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${vitestOut}`], 'test-results/vitest.log');
}

const hasChromium = fs.existsSync(chromium);
if (!hasChromium) {
  if (process.env.CI === 'true') {
    console.error(`\nBrowser tests FAILED: Chromium is missing at ${chromium} (CI needs it: apt-get install -y chromium-headless-shell).`);
    failedStep = true;
    total.failed += 1;
    failures.push(`Chromium is missing at ${chromium}`);
  } else {
    console.log(`\nBrowser tests SKIPPED: Chromium not found at ${chromium}. Install it with: apt-get install -y chromium-headless-shell`);
  }
}

if (built) {
  console.log('\nChecking the size budgets of the public pages...');
  if (run(process.execPath, ['--import', 'tsx', 'scripts/check-budgets.ts']) !== 0) {
    console.error('\nBudgets FAILED: a public page loads more than its budget or a back-office module (table above).');
    failedStep = true;
    total.failed += 1;
    failures.push('the size budgets: a page loads more than its budget (scripts/check-budgets.ts, table above)');
  }
  if (hasChromium) {
    const out = 'test-results/playwright.json';
    fs.rmSync(path.join(root, out), { force: true });
    const status = await runInherit(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
    const report = readJson<PlaywrightReport>(out);
    if (report) {
      total.passed += report.stats.expected + report.stats.flaky;
      total.failed += report.stats.unexpected;
      total.skipped += report.stats.skipped;
      failures.push(...playwrightFailures(report));
    }
    if (status !== 0) {
      failedStep = true;
      if (!report || report.stats.unexpected === 0) {
        total.failed += 1;
        failures.push(`the browser tests exited ${status} with no failed test (a setup, a timeout or a crash: their output above)`);
      }
    }
  }
}

// docs/deploy.md followed to the letter on the test PostgreSQL (scripts/deploy-rehearsal.ts): after
// the browser tests, beside the end of Vitest
if (!e2eOnly) {
  if (!process.env.TEST_DATABASE_URL) {
    console.log('\nDeploy rehearsal SKIPPED: it needs TEST_DATABASE_URL, a PostgreSQL it may make databases on (CI sets it).');
    total.skipped += 1;
  } else {
    console.log('\nRehearsing docs/deploy.md on PostgreSQL...');
    const status = await runInherit(process.execPath, ['--import', 'tsx', 'scripts/deploy-rehearsal.ts'], {});
    if (status === 0) total.passed += 1;
    else {
      failedStep = true;
      total.failed += 1;
      failures.push('the deploy rehearsal (scripts/deploy-rehearsal.ts): its output is above');
    }
  }
}

if (vitest) {
  const status = await vitest;
  const report = readJson<VitestReport>(vitestOut);
  const vitestLines: string[] = [];
  if (report) {
    total.passed += report.numPassedTests;
    total.failed += report.numFailedTests;
    total.skipped += report.numPendingTests + report.numTodoTests;
    vitestLines.push(...vitestFailures(report, root));
    failures.push(...vitestLines);
  }
  if (status !== 0) {
    failedStep = true;
    if (!report || report.numFailedTests === 0) {
      total.failed += 1; // a suite that failed to load
      if (vitestLines.length === 0) failures.push(`Vitest exited ${status} with no failed test (test-results/vitest.log)`);
    }
  }
}

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ✘ ${f}`).join('\n')}`);
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedStep || total.failed > 0 ? 1 : 0);
