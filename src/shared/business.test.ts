import { describe, expect, it } from 'vitest';
import { pickupTimes, pickupWindowLabel } from './business';

describe('pickupWindowLabel', () => {
  it.each([
    ['8am-12pm', '8AM – 12PM'],
    ['12pm-4pm', '12PM – 4PM'],
    ['4pm-8pm', '4PM – 8PM'],
    ['6am-7am', '6am-7am'], // not a window of ours: shown as it was stored
  ])('%s reads as %s', (value, label) => {
    expect(pickupWindowLabel(value)).toBe(label);
  });

  it('knows every window of the business profile', () => {
    for (const t of pickupTimes) expect(pickupWindowLabel(t.value)).toBe(t.label);
  });
});
