// docs/conventions.md 10: an unexpected console.error fails the test. The wrapper is installed once
// per process, should a worker ever run two files with their modules shared (decision 052).
import { afterEach, vi } from 'vitest';

const key = Symbol.for('washday.strict-console.errors');
const holder = globalThis as unknown as Record<symbol, unknown[][] | undefined>;
const errors: unknown[][] = (holder[key] ??= (() => {
  const list: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => {
    list.push(args);
    original(...args);
  };
  return list;
})());

afterEach(() => {
  if (errors.length) {
    const first = errors[0];
    errors.length = 0;
    throw new Error(`Unexpected console.error: ${first?.map(String).join(' ')}`);
  }
});

export { vi };
