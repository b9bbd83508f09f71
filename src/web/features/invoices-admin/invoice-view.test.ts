import { describe, expect, it } from 'vitest';
import { billingDayLabel, calendarDate, emptyInvoicesHint, extraPaymentNotes, markPaidQuestion, monthlyPriceLabel, paidLabel } from './invoice-view';

describe('an invoice as the Invoices tab words it', () => {
  it('reads a due date as the calendar day it names, whatever the time zone', () => {
    // a date read at midnight UTC would show as the day before in New York
    expect(calendarDate('2026-03-01')).toBe('Mar 1, 2026');
    expect(calendarDate('2025-12-31')).toBe('Dec 31, 2025');
    expect(calendarDate('not a date')).toBe('not a date');
  });

  it("says 'Paid {date}' once paid (spec: back-office 2), the date in the business's time zone", () => {
    // 02:30 UTC on the 2nd is still the evening of the 1st in New York
    expect(paidLabel({ paidAt: '2026-03-02T02:30:00.000Z' })).toBe('Paid Mar 1, 2026');
    expect(paidLabel({ paidAt: null })).toBe('Paid');
  });

  it('asks before Mark Paid, naming the invoice, the client and the amount', () => {
    const q = markPaidQuestion({ invoiceNumber: 'INV-12345678', clientName: 'Acme Gym', totalCents: 4050 });
    expect(q.title).toBe('Mark INV-12345678 as paid?');
    expect(q.description).toContain('Acme Gym');
    expect(q.description).toContain('$40.50');
  });

  it('says an invoice was paid twice and what became of the second payment (decision 019)', () => {
    expect(extraPaymentNotes({ extraPayments: [] })).toEqual([]);
    expect(extraPaymentNotes({ extraPayments: [{ amountCents: 4050, refund: 'refunded' }] })).toEqual([{ text: 'Paid twice: the second payment of $40.50 by card was refunded', tone: 'done' }]);
    expect(extraPaymentNotes({ extraPayments: [{ amountCents: 4050, refund: 'pending' }] })).toEqual([{ text: 'Paid twice: refunding $40.50 to the card', tone: 'attention' }]);
    expect(extraPaymentNotes({ extraPayments: [{ amountCents: 12960, refund: 'failed' }] })).toEqual([{ text: 'Paid twice: refund $129.60 by hand (the automatic refund failed)', tone: 'attention' }]);
  });

  it('keeps the spec\'s empty text and adds a hint only when a filter hides invoices', () => {
    expect(emptyInvoicesHint({ status: 'all', q: '' })).toBeNull();
    expect(emptyInvoicesHint({ status: 'paid', q: '' })).toBe('Try another search or status.');
    expect(emptyInvoicesHint({ status: 'all', q: 'acme' })).toBe('Try another search or status.');
  });
});

describe('a subscription as the Invoices tab words it', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [15, '15th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [31, '31st'],
  ])('billing day %i is the %s of each month', (day, ordinal) => {
    expect(billingDayLabel(day)).toBe(`${ordinal} of each month`);
  });

  it('shows the monthly price, and the tax only when there is some', () => {
    expect(monthlyPriceLabel({ monthlyPriceCents: 12000, taxCents: 0 })).toBe('$120.00 a month');
    expect(monthlyPriceLabel({ monthlyPriceCents: 12000, taxCents: 960 })).toBe('$120.00 a month + $9.60 tax');
  });
});
