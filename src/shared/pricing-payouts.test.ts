import { describe, expect, it } from 'vitest';
import { payoutTransfers, type FundingCharge, type PayoutTransfer, type UnpaidAssignment } from './pricing-payouts';

const a = (id: string, perPound: number, tip: number, paidPerPound = 0, paidTip = 0): UnpaidAssignment => ({
  assignmentId: id,
  bookingId: `b-${id}`,
  perPoundCents: perPound,
  tipCents: tip,
  paidPerPoundCents: paidPerPound,
  paidTipCents: paidTip,
});
const charge = (id: string, chargeId: string, kept: number, used = 0): FundingCharge => ({ bookingId: `b-${id}`, chargeId, keptCents: kept, usedCents: used });
const t = (id: string, perPound: number, tip: number, source: string | null): PayoutTransfer => ({
  assignmentId: id,
  bookingId: `b-${id}`,
  perPoundCents: perPound,
  tipCents: tip,
  amountCents: perPound + tip,
  sourceCharge: source,
});

// spec: back-office 9 — payout = actual weight x the pro's rate + tip; unpaid is what no payout has
// paid yet (decision 018: per assignment, per part, so a tip added after a payout is paid next time)
describe('what a payout transfers, per assignment, and the charge that funds each transfer', () => {
  it.each<[string, UnpaidAssignment[], FundingCharge[], PayoutTransfer[], number]>([
    ['14.2 lb x $0.75, funded by its capture', [a('1', 1065, 0)], [charge('1', 'ch_1', 3550)], [t('1', 1065, 0, 'ch_1')], 1065],
    ['per-pound part and tip together', [a('1', 1065, 500)], [charge('1', 'ch_1', 4050)], [t('1', 1065, 500, 'ch_1')], 1565],
    ['a tip added after the payout is all that is left', [a('1', 1065, 500, 1065, 0)], [charge('1', 'ch_1', 3550, 1065), charge('1', 'ch_tip', 500)], [t('1', 0, 500, 'ch_1')], 500],
    ['nothing left: no transfer', [a('1', 1065, 500, 1065, 500)], [charge('1', 'ch_1', 4050, 1565)], [], 0],
    ['a payment above what was earned never goes negative', [a('1', 1065, 0, 1065, 200)], [], [], 0],
    ['no charge at all: paid from the balance', [a('1', 1065, 0)], [], [t('1', 1065, 0, null)], 1065],
    ['a charge covers part of it: that part from the charge, only the rest from the balance', [a('1', 1065, 0)], [charge('1', 'ch_1', 600)], [t('1', 600, 0, 'ch_1'), t('1', 465, 0, null)], 1065],
    [
      'no charge covers it alone but together they do: split across them, nothing from the balance',
      [a('1', 3300, 0)],
      [charge('1', 'ch_hold', 3150), charge('1', 'ch_extra', 350)],
      [t('1', 3150, 0, 'ch_hold'), t('1', 150, 0, 'ch_extra')],
      3300,
    ],
    [
      'a split pays the per-pound part first, then the tip',
      [a('1', 1000, 500)],
      [charge('1', 'ch_a', 1200, 0), charge('1', 'ch_b', 900, 100), charge('1', 'ch_spent', 700, 700)],
      [t('1', 1000, 200, 'ch_a'), t('1', 0, 300, 'ch_b')],
      1500,
    ],
    ['a charge used by earlier transfers is skipped for one that still covers', [a('1', 0, 700)], [charge('1', 'ch_1', 3550, 3000), charge('1', 'ch_tip', 700)], [t('1', 0, 700, 'ch_tip')], 700],
    ['another booking\'s charge never funds it', [a('1', 1065, 0)], [charge('2', 'ch_2', 9000)], [t('1', 1065, 0, null)], 1065],
    [
      'two bookings, each funded by its own charge',
      [a('1', 1065, 0), a('2', 750, 150)],
      [charge('1', 'ch_1', 3550), charge('2', 'ch_2', 2500)],
      [t('1', 1065, 0, 'ch_1'), t('2', 750, 150, 'ch_2')],
      1965,
    ],
    ['an assignment never earned (waived weighing at $0)', [a('1', 0, 0)], [], [], 0],
  ])('%s', (_name, assignments, charges, transfers, total) => {
    expect(payoutTransfers(assignments, charges)).toEqual({ transfers, totalCents: total });
  });

  it('refuses fractions of a cent', () => {
    expect(() => payoutTransfers([a('1', 10.5, 0)], [])).toThrow(RangeError);
  });
});
