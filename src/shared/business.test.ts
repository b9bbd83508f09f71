import { describe, expect, it } from 'vitest';
import { pickupTimes, pickupWindowLabel } from './business';

describe('pickupWindowLabel', () => {
  it.each([
    ['8am-12pm', '8AM – 12PM'],
    ['12pm-4pm', '12PM – 4PM'],
    ['4pm-8pm', '4PM – 8PM'],
    ['6am-7am', '6AM – 7AM'], // a window an owner set in Settings (decision 055)
    ['9am-1pm', '9AM – 1PM'],
    ['6pm-12am', '6PM – 12AM'],
    ['morning', 'morning'], // not a window's value: shown as it was stored
  ])('%s reads as %s', (value, label) => {
    expect(pickupWindowLabel(value)).toBe(label);
  });

  it('knows every window of the business profile', () => {
    for (const t of pickupTimes) expect(pickupWindowLabel(t.value)).toBe(t.label);
  });
});
