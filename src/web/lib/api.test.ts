import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api';

/** An answer whose headers came (200) and whose body stops when the signal does, as a browser's. */
function answerReadUntil(signal: AbortSignal | null | undefined): Response {
  const body = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"details":'));
      signal?.addEventListener('abort', () => controller.error(new DOMException('The user aborted a request.', 'AbortError')));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
}

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('rejects when its caller gives up while the answer is read, never answering null', async () => {
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => Promise.resolve(answerReadUntil(init.signal)));
    const abort = new AbortController();
    const asked = apiRequest('bookingDetails', undefined, { signal: abort.signal });
    await Promise.resolve();
    abort.abort();
    await expect(asked).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('answers what the server said', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ details: null })));
    await expect(apiRequest('bookingDetails')).resolves.toEqual({ details: null });
  });
});
