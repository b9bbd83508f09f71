import { describe, expect, it } from 'vitest';
import { emptyDraft, parseBagQuantity, prefillCleared, prefilledDraft, toggleSizedItem, typedFields } from './booking-draft';

describe('wizard input rules (spec: customer-site 5)', () => {
  it.each([
    ['3', 3],
    ['1', 1],
    ['0', 1],
    ['-2', 1],
    ['', 1],
    ['abc', 1],
    ['2.7', 2],
    ['99', 20],
  ])('bag quantity typed as %j becomes %i', (typed, expected) => {
    expect(parseBagQuantity(typed, 20)).toBe(expected);
  });

  it.each([
    [true, { queen: 0, king: 0 }, { queen: 1, king: 0 }],
    [true, { queen: 0, king: 2 }, { queen: 0, king: 2 }],
    [false, { queen: 3, king: 1 }, { queen: 0, king: 0 }],
  ])('toggling blankets/mattress pads %s with %j gives %j', (on, counts, expected) => {
    expect(toggleSizedItem(on, counts)).toEqual(expected);
  });
});

describe('prefilledDraft: a signed-in customer’s last details, only into a wizard not yet typed in (decision 021)', () => {
  const details = {
    name: 'Jane Doe',
    email: 'jane@example.com',
    phone: '(803) 555-0142',
    address: '12 Main St',
    city: 'Lexington',
    zipCode: '29072',
    pickupLocation: 'porch' as const,
    specialInstructions: 'Gate code 1234',
    waterTemperature: 'warm' as const,
    detergentType: 'hypoallergenic' as const,
    allergies: 'Fragrance',
    specialCareInstructions: 'Hang the silk',
  };
  it.each([
    ['an empty wizard: every detail and preference', {}, { ...details }],
    ['a date already chosen: still filled, the date kept', { pickupDate: '2026-12-09' }, { ...details, pickupDate: '2026-12-09' }],
    ['a preference already changed: kept, the rest filled', { waterTemperature: 'hot' as const }, { ...details, waterTemperature: 'hot' }],
  ])('%s', (_name, over, expected) => {
    expect(prefilledDraft({ ...emptyDraft, ...over }, details)).toEqual({ ...emptyDraft, ...expected });
  });

  it.each([
    ['a name typed', { name: 'Sam' }],
    ['an email typed', { email: 'sam@example.com' }],
    ['a phone typed', { phone: '803' }],
    ['an address typed', { address: '1 Oak' }],
  ])('%s: nothing filled (what was typed is the customer’s)', (_name, over) => {
    expect(prefilledDraft({ ...emptyDraft, ...over }, details)).toBeNull();
  });
});

describe('prefillCleared', () => {
  it('gives back every field a prefill fills, as the empty wizard has it', () => {
    expect({ ...emptyDraft, ...prefillCleared }).toEqual(emptyDraft);
    expect(Object.keys(prefillCleared).sort()).toEqual(['address', 'allergies', 'city', 'detergentType', 'email', 'name', 'phone', 'pickupLocation', 'specialCareInstructions', 'specialInstructions', 'waterTemperature', 'zipCode']);
  });
});

describe('what was typed before the page was live (decision 066)', () => {
  it.each([
    ['nothing typed', {}, []],
    ['the empty draft itself', emptyDraft, []],
    ['a bag count read back as text', { bagQuantity: '1' as unknown as number }, []],
    ['a name and a city', { ...emptyDraft, name: 'Early Name', city: 'Pelion' }, ['name', 'city']],
    ['two bags', { bagQuantity: 2 }, ['bagQuantity']],
    ['a box ticked', { smsConsent: true }, ['smsConsent']],
    ['a field the draft does not have', { unknown: 'x' } as Partial<typeof emptyDraft>, []],
  ])('%s', (_, values, expected) => {
    expect(typedFields(values)).toEqual(expected);
  });
});
