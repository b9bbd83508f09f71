import { describe, expect, it } from 'vitest';
import { invoiceMessages } from '../../../shared/schemas/invoices';
import { checkFieldsTitle } from './form-read';
import { newSubscriptionFormValues, readSubscriptionForm, subscriptionFormField, subscriptionPreview, type SubscriptionFormValues } from './subscription-form-values';

const today = '2026-06-20';
const form = (overrides: Partial<SubscriptionFormValues> = {}): SubscriptionFormValues => ({
  ...newSubscriptionFormValues(today),
  clientName: 'Jane Doe',
  clientEmail: 'jane@example.com',
  description: 'Weekly wash and fold',
  monthlyPrice: '120',
  tax: '9.60',
  billingDay: '15',
  ...overrides,
});

describe('a new subscription form', () => {
  it('starts today, billed on the 1st', () => {
    expect(newSubscriptionFormValues(today)).toMatchObject({ startDate: today, billingDay: '1', monthlyPrice: '', tax: '' });
  });
});

describe('the preview (spec: back-office 4, 7)', () => {
  it('started on the 20th with billing day 15: the 15th of the next month', () => {
    expect(subscriptionPreview(form(), today).nextBillingDate).toBe('2026-07-15');
  });

  it.each([
    ['2026-06-10', '15', '2026-06-15'],
    ['2026-06-15', '15', '2026-06-15'],
    ['2026-01-31', '31', '2026-01-31'],
    ['2026-02-01', '31', '2026-02-28'],
    ['2026-12-20', '1', '2027-01-01'],
  ])('from %s on day %s: %s (the start not yet past)', (startDate, billingDay, next) => {
    expect(subscriptionPreview(form({ startDate, billingDay }), '2026-01-01').nextBillingDate).toBe(next);
  });

  it('started in the past: its first invoice is the first billing day from today on (decision 019: no back-billing)', () => {
    expect(subscriptionPreview(form({ startDate: '2026-01-05', billingDay: '1' }), today).nextBillingDate).toBe('2026-07-01');
    expect(subscriptionPreview(form({ startDate: '2026-06-01', billingDay: '25' }), today).nextBillingDate).toBe('2026-06-25');
  });

  it.each([[{ startDate: '' }], [{ billingDay: '32' }], [{ billingDay: '' }], [{ startDate: '2026-02-30' }]])('%j: no date yet', (overrides) => {
    expect(subscriptionPreview(form(overrides), today).nextBillingDate).toBeNull();
  });

  it("one line 'Monthly Subscription: {description}' and the month's total with tax", () => {
    expect(subscriptionPreview(form(), today).invoice).toEqual({
      services: [{ description: 'Monthly Subscription: Weekly wash and fold', quantity: 1, unitPriceCents: 12000, totalCents: 12000 }],
      subtotalCents: 12000,
      taxCents: 960,
      totalCents: 12960,
    });
  });

  it('no line before there is a price', () => {
    expect(subscriptionPreview(form({ monthlyPrice: '', tax: '' }), today).invoice).toEqual({ services: [], subtotalCents: 0, taxCents: 0, totalCents: 0 });
  });
});

describe('the request', () => {
  it('carries cents and the billing day as a number', () => {
    expect(readSubscriptionForm(form({ clientPhone: '803-555-0101', clientAddress: '1 Elm St', notes: 'Gate code 1234' }))).toEqual({
      ok: true,
      request: {
        clientName: 'Jane Doe',
        clientEmail: 'jane@example.com',
        clientPhone: '803-555-0101',
        clientAddress: '1 Elm St',
        notes: 'Gate code 1234',
        description: 'Weekly wash and fold',
        monthlyPriceCents: 12000,
        taxCents: 960,
        startDate: today,
        billingDay: 15,
      },
    });
  });

  it('tax is optional', () => {
    const read = readSubscriptionForm(form({ tax: '' }));
    expect(read.ok && read.request.taxCents).toBe(0);
  });

  it("places the server's field errors on the form's fields", () => {
    expect(subscriptionFormField('monthlyPriceCents')).toBe('monthlyPrice');
    expect(subscriptionFormField('taxCents')).toBe('tax');
    expect(subscriptionFormField('billingDay')).toBe('billingDay');
    expect(subscriptionFormField('constructor')).toBeUndefined();
  });
});

describe("the spec's messages (spec: back-office 5)", () => {
  const missing = { title: 'Missing Information', message: 'Please fill in all required fields.' };
  it.each([[{ clientName: '' }], [{ clientEmail: '' }], [{ description: '  ' }], [{ monthlyPrice: '' }], [{ startDate: '' }]])("%j is 'Missing Information'", (overrides) => {
    const field = Object.keys(overrides)[0]!;
    expect(readSubscriptionForm(form(overrides))).toEqual({ ok: false, errors: { [field]: missing.message }, problem: missing });
  });

  it.each([['0'], ['0.00'], ['-5']])("a monthly price of %j is 'Invalid Price'", (monthlyPrice) => {
    expect(readSubscriptionForm(form({ monthlyPrice }))).toEqual({
      ok: false,
      errors: { monthlyPrice: 'Monthly price must be greater than 0.' },
      problem: { title: 'Invalid Price', message: 'Monthly price must be greater than 0.' },
    });
  });

  it("missing details come before the price", () => {
    expect(readSubscriptionForm(form({ clientName: '', monthlyPrice: '0' }))).toMatchObject({ ok: false, problem: missing });
  });

  it.each([['0'], ['32'], ['1.5'], [''], ['abc']])('a billing day of %j is refused (1-31)', (billingDay) => {
    expect(readSubscriptionForm(form({ billingDay }))).toEqual({
      ok: false,
      errors: { billingDay: invoiceMessages.billingDay },
      problem: { title: checkFieldsTitle, message: invoiceMessages.billingDay },
    });
  });

  it('a price that is not dollars is marked with the money message', () => {
    expect(readSubscriptionForm(form({ monthlyPrice: '12.345' }))).toMatchObject({ ok: false, errors: { monthlyPrice: invoiceMessages.money } });
  });
});
