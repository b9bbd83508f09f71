import { describe, expect, it } from 'vitest';
import { readSubmissionMemo } from './booking-draft';
import { canonicalRequest, newSubmissionKey, submissionFor } from './submission-key';

const request = { bookingData: { name: 'Tamika Jones', bagQuantity: 2, rushDelivery: true }, promoCode: null, giftCardCode: null };

describe("the wizard's submission key (docs/design.md 5.1)", () => {
  it('keeps the key while the request is the same, whatever the order of its fields', () => {
    const first = submissionFor(null, request);
    const reordered = { giftCardCode: null, promoCode: null, bookingData: { rushDelivery: true, bagQuantity: 2, name: 'Tamika Jones' } };
    expect(submissionFor(first, reordered)).toBe(first);
    // through session storage and back
    expect(submissionFor(readSubmissionMemo(JSON.parse(JSON.stringify(first))), request).key).toBe(first.key);
  });

  it('makes a new key for a changed draft, promo code or gift card', () => {
    const first = submissionFor(null, request);
    for (const changed of [
      { ...request, bookingData: { ...request.bookingData, bagQuantity: 3 } },
      { ...request, promoCode: 'FIRST12' },
      { ...request, giftCardCode: 'ABCD2345' },
    ])
      expect(submissionFor(first, changed).key).not.toBe(first.key);
  });

  it('makes random version 4 UUIDs, with or without crypto.randomUUID', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newSubmissionKey()).toMatch(uuid);
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      const keys = new Set(Array.from({ length: 50 }, newSubmissionKey));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(uuid);
    } finally {
      // the own property goes; the prototype's method is back
      delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
  });

  it('reads back only a remembered submission with a UUID key', () => {
    expect(readSubmissionMemo(undefined)).toBeNull();
    expect(readSubmissionMemo({ key: 'not-a-key', request: '{}' })).toBeNull();
    expect(readSubmissionMemo({ key: newSubmissionKey() })).toBeNull();
    expect(canonicalRequest({ b: [1, { d: undefined, c: 'x' }], a: null })).toBe('{"a":null,"b":[1,{"c":"x"}]}');
  });
});
