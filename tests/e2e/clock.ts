// Decision 044: a test moves the clock of its own requests only, never the server's: the page's
// (page.request shares the browser context's cookies) and an API context's, each by its cookie.
import { expect, type APIRequestContext } from '@playwright/test';

/** Every request of these contexts runs at `now` (an ISO time) from here on; null sets them back. */
export async function moveClock(contexts: APIRequestContext[], now: string | null): Promise<void> {
  for (const context of contexts) expect((await context.post('/dev/clock', { data: { now, scope: 'caller' } })).status()).toBe(200);
}
