// The failed tests of a run in a line each, from the JSON reports of Playwright and Vitest, for the
// closing lines of `npm test` (scripts/test.ts).
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

export type PlaywrightSuite = {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; line: number; tests: { projectName: string; status: string; results: { error?: { message?: string } }[] }[] }[];
};
export type PlaywrightReport = { stats: { expected: number; unexpected: number; flaky: number; skipped: number }; suites: PlaywrightSuite[] };

/** The first line of an error, without the terminal's colours. */
export function firstLine(message: string | undefined): string {
  return stripVTControlCharacters(message ?? '').split('\n').find((l) => l.trim() !== '')?.trim() ?? '';
}

/** `file:line › title [project]: the first line of its last error`, for each browser test that failed. */
export function playwrightFailures(report: PlaywrightReport): string[] {
  const lines: string[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue;
        const last = test.results.at(-1);
        lines.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')} [${test.projectName}]: ${firstLine(last?.error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
  return lines;
}

export type VitestAssertion = { fullName: string; status: string; failureMessages?: string[] };

export type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; status: string; message?: string; assertionResults: VitestAssertion[] }[];
};

/** `file › full name: the first line of its failure`, for each Vitest test that failed, and each file that failed to load. */
export function vitestFailures(report: VitestReport, root: string): string[] {
  const lines: string[] = [];
  for (const file of report.testResults) {
    const name = path.relative(root, file.name);
    const failed = file.assertionResults.filter((a) => a.status === 'failed');
    for (const a of failed) lines.push(`${name} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    if (file.status === 'failed' && failed.length === 0) lines.push(`${name}: ${firstLine(file.message)}`);
  }
  return lines;
}
