// The app's clock. Outside production it can be moved (POST /dev/clock), so that time rules
// (cut-offs, expiries) can be tried in a browser; in production it is the system clock.
//
// Decision 044: a test moves the clock for its own requests only. POST /dev/clock with
// `scope: "caller"` answers with a cookie holding the offset; every request that carries it runs
// with that offset (an AsyncLocalStorage around the request), and the process clock stays where it
// is, so a test that moves time no longer needs the server to itself.
import { AsyncLocalStorage } from 'node:async_hooks';

export type Clock = { now: () => Date; set: (at: Date | null) => void };

const requestOffset = new AsyncLocalStorage<number>();

/** The cookie a caller's own clock offset travels in (development and tests only). */
export const clockCookie = 'wd_clock';

export function createClock(): Clock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + (requestOffset.getStore() ?? offsetMs)),
    set: (at) => {
      offsetMs = at ? at.getTime() - Date.now() : 0;
    },
  };
}

/** Runs `fn` (a request) with its own clock offset; what it awaits keeps it. */
export function withClockOffset<T>(offsetMs: number, fn: () => T): T {
  return requestOffset.run(offsetMs, fn);
}

/** A cookie's offset in milliseconds, or null when it holds none (at most ±30 years). */
export function clockOffsetOf(value: string | undefined): number | null {
  if (!value || !/^-?\d{1,13}$/.test(value)) return null;
  const offset = Number(value);
  return Math.abs(offset) <= 30 * 366 * 86_400_000 ? offset : null;
}
