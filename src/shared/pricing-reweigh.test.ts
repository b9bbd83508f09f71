// Decision 034 and 064: what a corrected weighing does with the money, table by table from the
// spec's numbers (back-office 9: $1.75 a pound; customer-site 9: $31.50 held for one bag). The gift
// card pays first, up to the new bill, never more than it already paid: its payment of what was due
// (decision 064) stays paid like its part of the first bill. After every row the customer owes the
// new bill to the cent: gift card + cards kept + due = bill.
import { describe, expect, it } from 'vitest';
import { reweighMoney, type ReweighMoney, type ReweighMoneyInput } from './pricing-reweigh';

type Row = [name: string, input: ReweighMoneyInput, expected: ReweighMoney];

const rows: Row[] = [
  // 20 lb ($35.00) on a $31.50 hold, $3.50 captured off-session: corrected to 18 lb ($31.50)
  [
    'lower, card only: the difference back to the card',
    { finalTotalCents: 3150, previousGiftCardAppliedCents: 0, capturedCents: 3500, refundedCents: 0, amountDueCents: 0 },
    { giftCardAppliedCents: 0, giftCardReturnedCents: 0, refundCents: 350, chargeCents: 0, amountDueCents: 0 },
  ],
  [
    'higher, card only: the difference charged',
    { finalTotalCents: 4375, previousGiftCardAppliedCents: 0, capturedCents: 3500, refundedCents: 0, amountDueCents: 0 },
    { giftCardAppliedCents: 0, giftCardReturnedCents: 0, refundCents: 0, chargeCents: 875, amountDueCents: 875 },
  ],
  [
    'higher by less than the card minimum: left due, not charged',
    { finalTotalCents: 3530, previousGiftCardAppliedCents: 0, capturedCents: 3500, refundedCents: 0, amountDueCents: 0 },
    { giftCardAppliedCents: 0, giftCardReturnedCents: 0, refundCents: 0, chargeCents: 0, amountDueCents: 30 },
  ],
  [
    'lower with something due: the due goes first, then the card',
    { finalTotalCents: 3150, previousGiftCardAppliedCents: 0, capturedCents: 3150, refundedCents: 0, amountDueCents: 2100 },
    { giftCardAppliedCents: 0, giftCardReturnedCents: 0, refundCents: 0, chargeCents: 0, amountDueCents: 0 },
  ],
  // a $20.00 gift card on a $31.50 estimate, weighed at 30 lb ($52.50): the card refused the rest
  [
    'gift card hold, lower bill under it: the card paid nothing, the gift card gets back the difference',
    { finalTotalCents: 1750, previousGiftCardAppliedCents: 2000, capturedCents: 1150, refundedCents: 0, amountDueCents: 2100 },
    { giftCardAppliedCents: 1750, giftCardReturnedCents: 250, refundCents: 1150, chargeCents: 0, amountDueCents: 0 },
  ],
  [
    'gift card hold, higher bill: the gift card keeps its $20.00, the rest is charged',
    { finalTotalCents: 6125, previousGiftCardAppliedCents: 2000, capturedCents: 1150, refundedCents: 0, amountDueCents: 2100 },
    { giftCardAppliedCents: 2000, giftCardReturnedCents: 0, refundCents: 0, chargeCents: 875, amountDueCents: 2975 },
  ],
  // decision 064: the $21.00 due paid by a gift card ($41.00 in all by gift cards)
  [
    'due paid by gift card, higher bill: the gift cards keep what they paid, only the difference is new',
    { finalTotalCents: 6125, previousGiftCardAppliedCents: 4100, capturedCents: 1150, refundedCents: 0, amountDueCents: 0 },
    { giftCardAppliedCents: 4100, giftCardReturnedCents: 0, refundCents: 0, chargeCents: 875, amountDueCents: 875 },
  ],
  [
    'due paid by gift card, bill a little lower: the card is refunded first, the gift cards keep theirs',
    { finalTotalCents: 4375, previousGiftCardAppliedCents: 4100, capturedCents: 1150, refundedCents: 0, amountDueCents: 0 },
    { giftCardAppliedCents: 4100, giftCardReturnedCents: 0, refundCents: 875, chargeCents: 0, amountDueCents: 0 },
  ],
  [
    'due paid by gift card, bill below what the gift cards paid: they get back the difference, the card all it paid',
    { finalTotalCents: 3500, previousGiftCardAppliedCents: 4100, capturedCents: 1150, refundedCents: 0, amountDueCents: 0 },
    { giftCardAppliedCents: 3500, giftCardReturnedCents: 600, refundCents: 1150, chargeCents: 0, amountDueCents: 0 },
  ],
  [
    'part of the due paid by gift card, the rest still due, bill lower: the due goes first',
    { finalTotalCents: 4375, previousGiftCardAppliedCents: 3000, capturedCents: 1150, refundedCents: 0, amountDueCents: 1100 },
    { giftCardAppliedCents: 3000, giftCardReturnedCents: 0, refundCents: 0, chargeCents: 0, amountDueCents: 225 },
  ],
  [
    'a free bill: everything back',
    { finalTotalCents: 0, previousGiftCardAppliedCents: 4100, capturedCents: 1150, refundedCents: 0, amountDueCents: 0 },
    { giftCardAppliedCents: 0, giftCardReturnedCents: 4100, refundCents: 1150, chargeCents: 0, amountDueCents: 0 },
  ],
];

describe('a corrected weighing’s money (decisions 034, 064)', () => {
  it.each(rows)('%s', (_name, input, expected) => {
    const money = reweighMoney(input);
    expect(money).toEqual(expected);
    // the customer owes the new bill to the cent, once what moves has moved
    const cardsKept = input.capturedCents - input.refundedCents - money.refundCents;
    expect(money.giftCardAppliedCents + cardsKept + money.amountDueCents).toBe(input.finalTotalCents);
    // a gift card never gets back more than it paid
    expect(money.giftCardReturnedCents).toBeLessThanOrEqual(input.previousGiftCardAppliedCents);
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => reweighMoney({ finalTotalCents: 10.5, previousGiftCardAppliedCents: 0, capturedCents: 0, refundedCents: 0, amountDueCents: 0 })).toThrow();
    expect(() => reweighMoney({ finalTotalCents: 100, previousGiftCardAppliedCents: -1, capturedCents: 0, refundedCents: 0, amountDueCents: 0 })).toThrow();
  });
});
