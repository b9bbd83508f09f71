import { describe, expect, it } from 'vitest';
import { firstLine, type PlaywrightReport, playwrightFailures, type VitestReport, vitestFailures } from './test-failures';

// trimmed from the JSON reports of a planted failure in each runner
const playwright: PlaywrightReport = {
  stats: { expected: 1, unexpected: 1, flaky: 1, skipped: 0 },
  suites: [
    {
      title: 'orders.spec.ts',
      file: 'orders.spec.ts',
      specs: [{ title: 'lists the orders', file: 'orders.spec.ts', line: 4, tests: [{ projectName: 'phone', status: 'expected', results: [{}] }] }],
      suites: [
        {
          title: 'the bill',
          file: 'orders.spec.ts',
          specs: [
            {
              title: 'shows the tip',
              file: 'orders.spec.ts',
              line: 12,
              tests: [
                { projectName: 'desktop', status: 'unexpected', results: [{ error: { message: 'Error: first try' } }, { error: { message: '\u001b[31mError: one is two\u001b[39m\n\nExpected: 2' } }] },
                { projectName: 'phone', status: 'flaky', results: [{ error: { message: 'Error: once' } }, {}] },
              ],
            },
          ],
        },
      ],
    },
  ],
};

const vitest: VitestReport = {
  numPassedTests: 1,
  numFailedTests: 1,
  numPendingTests: 0,
  numTodoTests: 0,
  testResults: [
    {
      name: '/repo/src/shared/pricing.test.ts',
      status: 'failed',
      message: '',
      assertionResults: [
        { fullName: 'estimate 12 lb', status: 'passed' },
        { fullName: 'estimate 0 lb', status: 'failed', failureMessages: ['AssertionError: expected 1 to be 2\n    at pricing.test.ts:2:50'] },
      ],
    },
    { name: '/repo/src/server/app.test.ts', status: 'failed', message: 'Failed to load url ./missing\n  at …', assertionResults: [] },
    { name: '/repo/src/server/ok.test.ts', status: 'passed', assertionResults: [{ fullName: 'fine', status: 'passed' }] },
  ],
};

describe('the failed tests listed at the end of npm test', () => {
  it('names each browser test that failed for good, with its project and its last error, and not the flaky one', () => {
    expect(playwrightFailures(playwright)).toEqual(['orders.spec.ts:12 › the bill › shows the tip [desktop]: Error: one is two']);
  });

  it('names each Vitest test that failed, and a file that failed to load', () => {
    expect(vitestFailures(vitest, '/repo')).toEqual([
      'src/shared/pricing.test.ts › estimate 0 lb: AssertionError: expected 1 to be 2',
      'src/server/app.test.ts: Failed to load url ./missing',
    ]);
  });

  it('reads the first line that says something, without colours', () => {
    expect(firstLine('\n\n\u001b[2mexpect\u001b[22m(x)\nmore')).toBe('expect(x)');
    expect(firstLine(undefined)).toBe('');
  });
});
