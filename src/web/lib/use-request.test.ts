// decision 062: the booking page's one read retries once, as the query client did, and never after an abort.
import { describe, expect, it } from 'vitest';
import { loadWithRetry } from './use-request';

describe('loadWithRetry', () => {
  it.each([
    ['answers at once', [null], 'ok', 1],
    ['fails once, then answers', ['down', null], 'ok', 2],
    ['fails twice: the second error', ['down', 'still down', null], 'still down', 2],
  ])('%s', async (_name, outcomes, expected, calls) => {
    let made = 0;
    const load = async () => {
      const failure = outcomes[made++];
      if (failure) throw new Error(failure);
      return 'ok';
    };
    const result = await loadWithRetry(load, new AbortController().signal).catch((err: Error) => err.message);
    expect(result).toBe(expected);
    expect(made).toBe(calls);
  });

  it('does not try again once the page let go of it', async () => {
    const abort = new AbortController();
    let made = 0;
    const load = async () => {
      made++;
      abort.abort();
      throw new Error('aborted');
    };
    await expect(loadWithRetry(load, abort.signal)).rejects.toThrow('aborted');
    expect(made).toBe(1);
  });
});
