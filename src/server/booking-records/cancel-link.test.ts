import { describe, expect, it } from 'vitest';
import { cancelToken, cancellationCutoff, verifyCancelToken, windowStart } from './cancel-link';

describe('the cancellation link', () => {
  it('is signed and tied to one booking', () => {
    const token = cancelToken('secret-1', 'b1');
    expect(verifyCancelToken('secret-1', 'b1', token)).toBe(true);
    expect(verifyCancelToken('secret-1', 'b2', token)).toBe(false);
    expect(verifyCancelToken('secret-2', 'b1', token)).toBe(false);
    expect(verifyCancelToken('secret-1', 'b1', token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'))).toBe(false);
    expect(verifyCancelToken('secret-1', 'b1', undefined)).toBe(false);
  });

  it.each([
    // winter (EST, UTC-5) and summer (EDT, UTC-4)
    ['2026-11-23', '4pm-8pm', '2026-11-23T21:00:00.000Z', '2026-11-23T19:00:00.000Z'],
    ['2026-11-23', '8am-12pm', '2026-11-23T13:00:00.000Z', '2026-11-23T11:00:00.000Z'],
    ['2026-07-06', '12pm-4pm', '2026-07-06T16:00:00.000Z', '2026-07-06T14:00:00.000Z'],
    // a window the owner set in Settings, and a longer free-cancellation cut-off (decision 055)
    ['2026-11-23', '9am-1pm', '2026-11-23T14:00:00.000Z', '2026-11-23T10:00:00.000Z', 4],
    ['2026-11-23', '6pm-12am', '2026-11-23T23:00:00.000Z', '2026-11-23T23:00:00.000Z', 0],
  ])('%s %s starts at %s; free cancellation ends at %s', (date, time, start, cutoff, hours = 2) => {
    expect(windowStart(date, time, 'America/New_York').toISOString()).toBe(start);
    expect(cancellationCutoff(date, time, { timeZone: 'America/New_York', freeCancellationHours: hours }).toISOString()).toBe(cutoff);
  });
});
