// Every message a screen may show, listed from the one catalogue (docs/conventions.md "Shapes").
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors';
import { domainError, errorCatalogue, errorMessage, type ErrorCode } from './error-catalogue';

const sampleValues: Partial<Record<ErrorCode, unknown>> = { release_failed: { reason: 'card declined' }, promo_not_eligible: { code: 'FIRST12' }, invalid_tip: { message: 'The tip is at most $500.00.' }, invalid_weight_question: { message: 'The note is 500 characters at most.' }, scale_photo_too_large: { maxMegabytes: 8 }, payout_amount_changed: { unpaidCents: 1065 }, payout_failed: { reason: 'Insufficient funds.' }, pro_step_not_open: { message: 'Only a weighed order can be marked delivered.' }, invoice_already_paid: { paidOn: 'Nov 25, 2026' }, erase_open_orders: { confirmations: ['WD-3F2A1C'] }, progress_not_open: { message: 'Weigh it first.' }, pro_already_paid: { name: 'Lee Counts' }, refund_too_much: { refundableCents: 1225 }, refund_failed: { reason: 'card expired', refundedCents: 500 }, reweigh_pro_paid: { name: 'Lee Counts' }, reweigh_refund_failed: { reason: 'card expired', refundedCents: 500 } };

const rows = Object.entries(errorCatalogue).map(([code, entry]) => {
  const values = sampleValues[code as ErrorCode];
  const message = (errorMessage as (c: string, ...v: unknown[]) => string)(code, ...(values === undefined ? [] : [values]));
  return { code, status: entry.status, message, field: 'field' in entry ? entry.field : undefined };
});

describe('the error catalogue', () => {
  it('has unique codes', () => {
    const codes = rows.map((r) => r.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThan(20);
  });

  it.each(rows)('$code: $status "$message"', ({ code, status, message, field }) => {
    expect(status, 'a domain error is a 4xx').toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
    expect(message.trim().length, 'a message the user can read').toBeGreaterThan(0);
    expect(message).not.toMatch(/undefined|\[object Object\]/);
    const error = (domainError as (c: string, ...v: unknown[]) => DomainError)(code, sampleValues[code as ErrorCode]);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ status, code, message });
    expect(error.fields).toEqual(field ? { [field]: message } : undefined);
  });

  it('fills a message with its values', () => {
    expect(domainError('promo_not_eligible', { code: 'FIRST12' }).message).toBe('FIRST12 is for first-time customers only.');
    expect(domainError('release_failed', { reason: 'card declined' }).message).toContain('(card declined)');
  });
});
