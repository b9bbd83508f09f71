// Every message a screen may show, listed from the one catalogue (docs/conventions.md "Shapes"), and the lint
// rule that keeps it the only one (docs/decisions/046).
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors';
import { domainError, errorCatalogue, errorMessage, fieldError, pickupRefused, rateLimited, type ErrorCode } from './error-catalogue';
import { checkPickupDate, checkServiceZip } from '../shared/pickup-rules';

const sampleValues: Partial<Record<ErrorCode, unknown>> = { release_failed: { reason: 'card declined', phone: '(803) 555-0142' }, too_late: { noShowFeeCents: 2000, phone: '(803) 555-0142', freeCancellationHours: 2 }, reschedule_too_late: { phone: '(803) 555-0142', freeCancellationHours: 2 }, details_nothing_upcoming: { freeCancellationHours: 2 }, pickup_day_not_served: { days: 'Monday, Wednesday & Friday' }, pickup_window_started: { cutoffHours: 0 }, erase_invoices_open: { phone: '(803) 555-0142' }, promo_not_eligible: { code: 'FIRST12' }, invalid_tip: { message: 'The tip is at most $500.00.' }, invalid_weight_question: { message: 'The note is 500 characters at most.' }, invalid_rating_stars: { message: 'Choose from 1 to 5 stars.' }, invalid_rating_comment: { message: 'Please keep your comment to 1000 characters.' }, scale_photo_too_large: { maxMegabytes: 8 }, payout_amount_changed: { unpaidCents: 1065 }, payout_failed: { reason: 'Insufficient funds.' }, pro_step_not_open: { message: 'Only a weighed order can be marked delivered.' }, invoice_already_paid: { paidOn: 'Nov 25, 2026' }, erase_open_orders: { confirmations: ['WD-3F2A1C'], phone: '(803) 555-0142' }, progress_not_open: { message: 'Weigh it first.' }, pro_already_paid: { name: 'Lee Counts' }, refund_too_much: { refundableCents: 1225 }, refund_failed: { reason: 'card expired', refundedCents: 500 }, reweigh_pro_paid: { name: 'Lee Counts' }, reweigh_refund_failed: { reason: 'card expired', refundedCents: 500 }, payload_too_large: { kilobytes: 64 }, rate_limited: { wait: 'requests' }, pickup_date_too_far: { horizonDays: 90, lastDay: '2027-02-22' }, pickup_date_closed: { date: '2026-12-28' }, zip_not_served: { zip: '90210' }, checkout_failed: { reason: 'Your card was declined.' }, checkout_no_answer_why: { reason: 'connect ETIMEDOUT' }, weighing_not_open: { status: 'Delivered' }, bag_weights_too_many: { bagQuantity: 2 }, bag_weights_mismatch: { bagsTenths: 140, weightTenths: 142 }, weight_too_high: { bagQuantity: 1 }, status_not_allowed: { reason: 'One step at a time: move it to In progress first.' }, status_release_failed: { reason: 'card declined' }, delete_release_failed: { reason: null }, refund_failed_before: { refundedCents: 0 }, not_resendable: { status: 'sent' }, pro_onboarding_refused: { reason: 'Your account cannot currently make live charges.' }, pro_status_refused: { reason: 'No such account.' }, stop_photo_too_large: { maxMegabytes: 8 }, stop_photo_not_open: { message: 'This order is cancelled: its photos can no longer change.' }, missed_pickup_decided: { status: 'confirmed' }, phone_order_closed: { why: 'passed' } };

const rows = Object.entries(errorCatalogue).map(([code, entry]) => {
  const values = sampleValues[code as ErrorCode];
  const message = (errorMessage as (c: string, ...v: unknown[]) => string)(code, ...(values === undefined ? [] : [values]));
  return { code, status: entry.status, message, field: 'field' in entry ? entry.field : undefined };
});

/** The two entries that are the server's state, not the request's fault (decision 061): nothing else may be a 5xx. */
const serverStates = ['database_unavailable', 'release_outdated'];

describe('the error catalogue', () => {
  it('has unique codes', () => {
    const codes = rows.map((r) => r.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThan(20);
  });

  it.each(rows)('$code: $status "$message"', ({ code, status, message, field }) => {
    if (serverStates.includes(code)) {
      // the server's own moment (decision 061): 503, and the words say to try again
      expect(status).toBe(503);
      expect(message).toMatch(/Please try again in a minute\.$/);
    } else {
      expect(status, 'a domain error is a 4xx').toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    }
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
    expect(domainError('release_failed', { reason: 'card declined', phone: '(803) 555-0199' }).message).toContain('(card declined)');
  });
});

describe('the catalogue words what other modules decide', () => {
  it('fills its values: a fallback when none is known, counts in words', () => {
    expect(errorMessage('release_failed', { reason: null, phone: '(803) 555-0199' })).toBe('We could not release your card authorization (unknown error). Please call us at (803) 555-0199.');
    expect(errorMessage('checkout_no_answer_why', { reason: null })).toBe('The card payment service did not answer (no answer). Please try again in a moment.');
    expect(errorMessage('payout_failed', { reason: null })).toContain('Failed to process payout: the payment provider refused the transfer. Nothing was marked paid');
    expect(errorMessage('pro_already_paid', { name: null })).toBe('Already paid to its pro for this booking; its laundry pro can no longer change.');
    expect(errorMessage('bag_weights_too_many', { bagQuantity: 1 })).toBe('This booking has 1 bag: enter at most 1 bag weight.');
    expect(errorMessage('bag_weights_mismatch', { bagsTenths: 140, weightTenths: 142 })).toBe('The bags add up to 14.0 lb, not the 14.2 lb entered.');
    expect(errorMessage('weight_too_high', { bagQuantity: 2 })).toBe('The weight is too high: at most 60 lb a bag (120 lb for this booking).');
    expect(errorMessage('rate_limited', { wait: 'gift_card_attempts' })).toBe('Too many gift card attempts. Please wait a minute and try again.');
  });

  it('a pick-up rule refuses in the same words the wizard shows, on the field it names', () => {
    const rules = { today: '2026-11-24', horizonDays: 90, closedDates: ['2026-12-28'], serviceWeekdays: [1, 3, 5] };
    for (const refusal of [checkPickupDate('2027-02-23', rules), checkPickupDate('2026-12-28', rules), checkPickupDate('2026-12-01', rules), checkServiceZip('90210', ['29072'])]) {
      const error = pickupRefused(refusal!);
      expect(error).toMatchObject({ status: 400, code: refusal!.code, message: refusal!.message, fields: { [refusal!.field]: refusal!.message } });
    }
  });

  it('a field known only at run time: the field shows the message, the message names the field', () => {
    expect(fieldError('text_nul_character', 'bookingData.name')).toMatchObject({ status: 400, code: 'text_nul_character', message: `bookingData.name: ${errorMessage('text_nul_character')}`, fields: { 'bookingData.name': errorMessage('text_nul_character') } });
    expect(fieldError('text_broken_character', '_').message).toBe(errorMessage('text_broken_character'));
  });

  it('a rate limit is rate_limited with its words and the seconds to wait', () => {
    expect(rateLimited('attempts', 42)).toMatchObject({ status: 429, code: 'rate_limited', message: 'Too many attempts. Please wait a minute and try again.', retryAfterSeconds: 42 });
  });
});

describe('lint refuses a domain error worded outside the catalogue (docs/decisions/046)', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
  const imports = [
    "import { APIError } from 'better-auth/api';",
    "import { DomainError, errorBody, NotFoundError, ValidationError } from '../errors';",
    "import { domainError, errorMessage } from '../error-catalogue';",
  ].join('\n');
  /** The catalogue rule's refusals of `body`, planted in a function of the file at `file`. */
  async function refusals(file: string, body: string): Promise<string[]> {
    const code = `${imports}\nexport function planted(c: any, err: any, reason: string, code: 'pro_inactive') {\n  ${body}\n}\nexport const used = [APIError, DomainError, errorBody, NotFoundError, ValidationError, domainError, errorMessage];\n`;
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    expect(result!.messages.filter((m) => m.fatal), 'the planted code parses').toEqual([]);
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  }
  const service = 'src/server/bookings/planted.service.ts';

  it.each([
    ['an inline DomainError', "throw new DomainError(409, 'gateway_refused', `Failed to create Stripe onboarding link. ${reason}`);", 'not built by hand'],
    ['a NotFoundError with its words', "throw new NotFoundError('Booking not found.');", 'not built by hand'],
    ['a ValidationError by hand', "throw new ValidationError({ to: 'Pick a later day.' }, 'Pick a later day.');", 'not built by hand'],
    ['a class of its own', 'class Refused extends DomainError {}\n  throw new Refused(409, "x", "y");', 'not a class'],
    ['a sentence as a value', "throw domainError('release_failed', { reason: err?.message ?? 'unknown error' });", 'not in its values'],
    ['a sentence as a value of errorMessage', 'return errorMessage(\'payout_failed\', { reason: `refused: ${reason}` });', 'not in its values'],
    ["better-auth's refusal in its own words", "throw new APIError('FORBIDDEN', { message: 'Your pro portal closed.' });", "better-auth's refusal"],
    ['a hand-made error answer', "return c.json({ error: { code: 'not_found', message: 'Booking not found.' } }, 404);", "error answer's message"],
  ])('refuses %s', async (_label, body, says) => {
    const found = await refusals(service, body);
    expect(found.length, found.join('\n')).toBeGreaterThan(0);
    expect(found.every((m) => m.includes('docs/decisions/046'))).toBe(true);
    expect(found.some((m) => m.includes(says))).toBe(true);
  });

  it("accepts the catalogue's way: a code, data as values, its words through errorMessage", async () => {
    const body = [
      "if (!reason) throw domainError('booking_not_found');",
      "if (err) throw domainError('release_failed', { reason: err.message ?? null });",
      "if (code) throw new APIError('FORBIDDEN', { message: errorMessage(code), code: code.toUpperCase() });",
      "return c.json(errorBody(domainError('not_found')), 404);",
    ].join('\n  ');
    expect(await refusals(service, body)).toEqual([]);
  });

  it('lets errors.ts and the catalogue build the classes, and a test plant what it checks', async () => {
    const body = "throw new DomainError(409, 'x', 'Built where the catalogue builds it.');";
    expect(await refusals(service, body)).not.toEqual([]);
    expect(await refusals('src/server/error-catalogue.ts', body)).toEqual([]);
    expect(await refusals('src/server/errors.ts', body)).toEqual([]);
    expect(await refusals('src/server/bookings/planted.test.ts', body)).toEqual([]);
  });
});
