import { describe, expect, it } from 'vitest';
import { pageInRange } from './list-url-state';

describe('the page a list shows', () => {
  it.each([
    [1, 0, 20, 1],
    [1, 45, 20, 1],
    [3, 45, 20, 3],
    [4, 45, 20, 3],
    [99, 45, 20, 3],
    [2, 20, 20, 1],
    [5, 0, 25, 1],
    [0, 45, 20, 1],
  ])('page %i of %i rows, %i a page: %i', (page, total, size, expected) => {
    expect(pageInRange(page, total, size)).toBe(expected);
  });
});
