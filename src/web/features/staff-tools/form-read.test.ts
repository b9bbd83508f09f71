import { describe, expect, it } from 'vitest';
import { addIssues, checkFieldsTitle, formErrorKey, isNegative, problemOf, readDollars, readPoundsToTenths, readQuantity, recipientLabel } from './form-read';

describe('dollars typed by staff', () => {
  it.each([
    ['1.40', 140],
    ['10', 1000],
    ['2.5', 250],
    ['$40.50', 4050],
    [' 0 ', 0],
    ['.5', 50],
  ])('%j is %i cents', (text, cents) => {
    expect(readDollars(text, null)).toBe(cents);
  });

  it('a blank is what the field defaults to', () => {
    expect(readDollars('  ', 140)).toBe(140);
    expect(readDollars('', null)).toBeNull();
  });

  it.each([['abc'], ['1.234'], ['-5'], ['1e2'], ['1,000']])('%j is not an amount', (text) => {
    expect(readDollars(text, 0)).toBeNull();
  });

  it.each([
    ['-5', true],
    ['-0.50', true],
    ['-$5', true],
    ['5', false],
    ['-', false],
    ['abc', false],
  ])('%j typed as negative: %s', (text, negative) => {
    expect(isNegative(text)).toBe(negative);
  });
});

describe('pounds typed by staff, read to tenths without floating point', () => {
  it.each([
    ['20', 200],
    ['16.4', 164],
    ['0.1', 1],
    ['.5', 5],
    ['3.', 30],
    ['', 0],
    ['  ', 0],
    ['0', 0],
  ])('%j is %i tenths', (text, tenths) => {
    expect(readPoundsToTenths(text)).toBe(tenths);
  });

  it.each([['16.45'], ['-1'], ['abc'], ['.'], ['1e2']])('%j is refused', (text) => {
    expect(readPoundsToTenths(text)).toBeNull();
  });
});

describe('quantities (spec: back-office 5, minimum 1)', () => {
  it.each([
    ['1', 1],
    [' 3 ', 3],
    ['1000', 1000],
  ])('%j is %i', (text, quantity) => {
    expect(readQuantity(text)).toBe(quantity);
  });

  it.each([['0'], [''], ['1.5'], ['-1'], ['two'], ['12345']])('%j is refused', (text) => {
    expect(readQuantity(text)).toBeNull();
  });
});

describe('the toast for a refused form', () => {
  const missing = { title: 'Missing Information', message: 'Please fill in all required fields.' };
  const price = { title: 'Invalid Price', message: 'Monthly price must be greater than 0.' };

  it("is the spec's, first in the spec's order, when a field shows its message", () => {
    expect(problemOf({ monthlyPrice: price.message, clientName: missing.message }, [missing, price])).toEqual(missing);
    expect(problemOf({ monthlyPrice: price.message }, [missing, price])).toEqual(price);
  });

  it('else names the first field message', () => {
    expect(problemOf({ clientEmail: 'Enter a valid email address', tax: 'x' }, [missing])).toEqual({ title: checkFieldsTitle, message: 'Enter a valid email address' });
  });
});

describe('the recipient a success toast names', () => {
  it('is the name and the email, or the email alone', () => {
    expect(recipientLabel('Jane Doe', 'jane@example.com')).toBe('Jane Doe (jane@example.com)');
    expect(recipientLabel('  ', 'jane@example.com')).toBe('jane@example.com');
  });
});

describe("the schema's issues beside their fields", () => {
  it('keeps the first message per field, and one about no field under the form', () => {
    const errors = {};
    addIssues(
      errors,
      [
        { path: ['clientEmail'], message: 'first' },
        { path: ['clientEmail'], message: 'second' },
        { path: ['somethingElse'], message: 'about the form' },
      ],
      (key) => (key === 'clientEmail' ? 'clientEmail' : undefined),
    );
    expect(errors).toEqual({ clientEmail: 'first', [formErrorKey]: 'about the form' });
  });
});
