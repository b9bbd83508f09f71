import { describe, expect, it } from 'vitest';
import { emptyPromoDraft, promoSummary, readPromoDraft } from './promo-form';

const draft = (over: Partial<typeof emptyPromoDraft>) => ({ ...emptyPromoDraft, code: 'spring5', bagRate: '24', ...over });

describe('the new promo code form', () => {
  it('reads dollars to cents, empty dates and limits to none', () => {
    expect(readPromoDraft(draft({ maxUses: '50', validUntil: '2026-12-31' }))).toEqual({
      ok: true,
      input: { code: 'spring5', description: '', bagRateCents: 2400, waivesAddOns: false, firstTimeOnly: false, validFrom: null, validUntil: '2026-12-31', maxUses: 50, maxUsesPerCustomer: null },
    });
    expect(readPromoDraft(draft({ bagRate: '0' }))).toMatchObject({ ok: true, input: { bagRateCents: 0 } });
  });

  it.each([
    [{ bagRate: '' }, 'bagRate', 'Price a bag is required ($0.00 for free)'],
    [{ bagRate: 'ten' }, 'bagRate', 'Price a bag must be an amount, e.g. 24.00'],
    [{ code: 'two words' }, 'code', 'Code must be 1 to 20 letters or digits'],
    [{ maxUses: '2.5' }, 'maxUses', 'Uses in all must be a whole number'],
    [{ maxUsesPerCustomer: '0' }, 'maxUsesPerCustomer', 'Uses per customer must be 1 or more, or left empty for no limit'],
    [{ validFrom: '2026-12-10', validUntil: '2026-12-01' }, 'validUntil', 'Valid until must not be before valid from'],
  ])('%j: %s says %s', (over, field, message) => {
    const read = readPromoDraft(draft(over));
    expect(read.ok).toBe(false);
    expect(!read.ok && read.errors[field as keyof typeof emptyPromoDraft]).toBe(message);
  });
});

describe('a code in a line', () => {
  const row = { code: 'SPRING5', description: '', bagRateCents: 2400, waivesAddOns: false, firstTimeOnly: true, validFrom: null, validUntil: '2026-12-31', maxUses: 50, maxUsesPerCustomer: 1, state: 'active' as const, uses: 3 };
  it.each([
    [row, '$24.00 a bag · first booking only · until 2026-12-31 · uses 3 of 50 · 1 per customer'],
    [{ ...row, bagRateCents: 0, waivesAddOns: true, firstTimeOnly: false, validUntil: null, maxUses: null, maxUsesPerCustomer: null, uses: 1 }, 'Free bags · add-ons free · used 1 time'],
  ])('%#', (p, line) => expect(promoSummary(p)).toBe(line));
});
