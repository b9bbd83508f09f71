import { describe, expect, it } from 'vitest';
import { giftCardLookups, giftCardSuccessState, lookAgain, type GiftCardSuccessState } from './success-state';

type Input = Parameters<typeof giftCardSuccessState>[0];
const answered = (status: Input['status'], looks = 1): Input => ({ hasSession: true, isLoading: false, status, errorStatus: null, looks });
const failed = (errorStatus: number): Input => ({ hasSession: true, isLoading: false, status: undefined, errorStatus, looks: 0 });

describe('what the gift-card success page says', () => {
  it.each<[string, Input, GiftCardSuccessState]>([
    ['no session_id in the address', { hasSession: false, isLoading: false, status: undefined, errorStatus: null, looks: 0 }, 'not_found'],
    ['the first look on its way', { hasSession: true, isLoading: true, status: undefined, errorStatus: null, looks: 0 }, 'loading'],
    ['issued: celebrate', answered('issued'), 'issued'],
    ['issued on the last look', answered('issued', giftCardLookups), 'issued'],
    ['pending on the first look', answered('pending', 1), 'confirming'],
    ['pending on the fifth look', answered('pending', giftCardLookups - 1), 'confirming'],
    ['pending after all six looks', answered('pending', giftCardLookups), 'still_confirming'],
    ['a left, declined or expired checkout', answered('not_paid'), 'not_paid'],
    ['an unknown session: 404', failed(404), 'not_found'],
    ['a malformed session id: 400', failed(400), 'not_found'],
    ['too many lookups: 429', failed(429), 'unavailable'],
    ['the server failed: 500', failed(500), 'unavailable'],
    ['no network', failed(0), 'unavailable'],
    ['an answer without a status', answered(undefined), 'unavailable'],
  ])('%s', (_case, input, expected) => expect(giftCardSuccessState(input)).toBe(expected));

  it.each<[Input['status'], number, boolean]>([
    ['pending', 0, true],
    ['pending', giftCardLookups - 1, true],
    ['pending', giftCardLookups, false],
    ['issued', 1, false],
    ['not_paid', 1, false],
    [undefined, 0, false],
  ])('looks again after a %s answer at look %i: %s', (status, looks, expected) => expect(lookAgain(status, looks)).toBe(expected));
});
