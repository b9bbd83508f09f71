import { describe, expect, it } from 'vitest';
import { payPolls, payState } from './pay-state';

const due = { confirmation: 'WD-1', finalTotalCents: 7000, paidCents: 6300, amountDueCents: 700 };
const paid = { ...due, paidCents: 7000, amountDueCents: 0 };
const base = { hasLink: true, backFromCheckout: false, isLoading: false, errorStatus: null, data: due, looks: 1 };

describe('the pay page says what is true', () => {
  it.each([
    ['no token or id in the link', { hasLink: false }, 'bad_link'],
    ['loading', { isLoading: true, data: undefined }, 'loading'],
    ['a link that does not match', { errorStatus: 403, data: undefined }, 'bad_link'],
    ['a malformed link', { errorStatus: 400, data: undefined }, 'bad_link'],
    ['the server did not answer', { errorStatus: 500, data: undefined }, 'unavailable'],
    ['something is due', {}, 'due'],
    ['back from the checkout, not settled yet', { backFromCheckout: true }, 'confirming'],
    ['back from the checkout, every look used', { backFromCheckout: true, looks: payPolls }, 'still_confirming'],
    ['paid', { data: paid }, 'paid'],
    ['paid, back from the checkout', { data: paid, backFromCheckout: true }, 'paid'],
  ] as const)('%s', (_name, change, expected) => {
    expect(payState({ ...base, ...change })).toBe(expected);
  });
});
