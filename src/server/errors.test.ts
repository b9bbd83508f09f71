import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabel, ValidationError } from './errors';

describe('a refused request says what to do, in sentences', () => {
  const schema = z.object({ pricePerPoundCents: z.number().int().min(1), name: z.string().min(1, 'Name is required').max(5), note: z.string() });
  const refuse = (input: unknown) => {
    const parsed = schema.safeParse(input);
    if (parsed.success) throw new Error('expected a refusal');
    return ValidationError.fromZod(parsed.error);
  };

  it.each([
    ['pricePerPoundCents', 'Price per pound'],
    ['bookingData.pickupDate', 'Pickup date'],
    ['name', 'Name'],
  ])('%s reads "%s"', (key, label) => expect(fieldLabel(key)).toBe(label));

  it('no field names of the code in the message; the fields still say which input', () => {
    const err = refuse({ pricePerPoundCents: 'abc', name: '', note: 'x' });
    expect(err.message).toBe('Price per pound is not valid. Name is required');
    expect(err.message).not.toMatch(/pricePerPoundCents/);
    expect(err.fields).toEqual({ pricePerPoundCents: 'Price per pound is not valid.', name: 'Name is required' });
  });

  it('a missing field is required; too long says so', () => {
    expect(refuse({ pricePerPoundCents: 175, name: 'abcdefgh' }).fields).toEqual({ name: 'Name is too long or too large.', note: 'Note is required.' });
  });
});
