import { describe, expect, it } from 'vitest';
import { formatPhone, normalisePhone, phoneHref } from './phone';

// spec: customer-site 1 — the business's number is written (803) 555-0142; every phone one way
describe('phone numbers', () => {
  it.each([
    ['(803) 555-0142', '+18035550142', '(803) 555-0142'],
    ['803.555.0142', '+18035550142', '(803) 555-0142'],
    ['803-555-0142', '+18035550142', '(803) 555-0142'],
    ['8035550142', '+18035550142', '(803) 555-0142'],
    ['+1 803 555 0142', '+18035550142', '(803) 555-0142'],
    ['1 (803) 555-0142', '+18035550142', '(803) 555-0142'],
    ['001 803 555 0142', '+18035550142', '(803) 555-0142'],
    ['+18035550142', '+18035550142', '(803) 555-0142'],
    ['+44 20 7946 0958', '+442079460958', '+442079460958'],
    ['', '', ''],
    ['   ', '', ''],
  ])('%j is stored as %j and shown as %j', (typed, stored, shown) => {
    expect(normalisePhone(typed)).toBe(stored);
    expect(formatPhone(typed)).toBe(shown);
    expect(formatPhone(stored)).toBe(shown);
  });

  it('links a number for calling', () => {
    expect(phoneHref('(803) 555-0142')).toBe('tel:+18035550142');
    expect(phoneHref('')).toBe('');
  });
});
