// docs/conventions.md 10: an unexpected console.error fails the test.
import { afterEach, vi } from 'vitest';

const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  if (errors.length) {
    const first = errors[0];
    errors.length = 0;
    throw new Error(`Unexpected console.error: ${first?.map(String).join(' ')}`);
  }
});

export { vi };
