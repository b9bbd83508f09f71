// The new promo code form as typed (text, dollars, dates, counts) read into the shared request and
// checked by the shared schema, so the form shows each refusal under its field before anything
// is sent (decision 055). Kept by hand like the sections' form (settings-form.ts).
import * as z from 'zod/mini';
import { formatCents } from '../../../shared/money';
import { parseDollarsToCents } from '../../../shared/pricing';
import { type PromoCodeInput, type PromoCodeRow, promoCodeInputSchema } from '../../../shared/schemas/promo-codes';

export type PromoDraft = {
  code: string;
  description: string;
  bagRate: string;
  waivesAddOns: boolean;
  firstTimeOnly: boolean;
  validFrom: string;
  validUntil: string;
  maxUses: string;
  maxUsesPerCustomer: string;
};
export type PromoErrors = Partial<Record<keyof PromoDraft, string>>;

export const emptyPromoDraft: PromoDraft = { code: '', description: '', bagRate: '', waivesAddOns: false, firstTimeOnly: false, validFrom: '', validUntil: '', maxUses: '', maxUsesPerCustomer: '' };

const count = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

/** The draft as the request, or each field's message. */
export function readPromoDraft(d: PromoDraft): { ok: true; input: PromoCodeInput } | { ok: false; errors: PromoErrors } {
  const errors: PromoErrors = {};
  const cents = parseDollarsToCents(d.bagRate);
  if (d.bagRate.trim() === '') errors.bagRate = 'Price a bag is required ($0.00 for free)';
  else if (cents === null) errors.bagRate = 'Price a bag must be an amount, e.g. 24.00';
  const candidate = {
    code: d.code,
    description: d.description,
    bagRateCents: cents ?? 0,
    waivesAddOns: d.waivesAddOns,
    firstTimeOnly: d.firstTimeOnly,
    validFrom: d.validFrom.trim() || null,
    validUntil: d.validUntil.trim() || null,
    maxUses: count(d.maxUses),
    maxUsesPerCustomer: count(d.maxUsesPerCustomer),
  };
  const parsed = z.safeParse(promoCodeInputSchema, candidate);
  if (!parsed.success) for (const issue of parsed.error.issues) errors[fieldOf(String(issue.path[0] ?? 'code'))] ??= issue.message;
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, input: parsed.data };
}

/** A request field's form field (the server names request fields). */
export function fieldOf(key: string): keyof PromoDraft {
  return key === 'bagRateCents' ? 'bagRate' : key in emptyPromoDraft ? (key as keyof PromoDraft) : 'code';
}

/** What a code does and its limits, in a line: "$24.00 a bag · first booking only · uses 3 of 50". */
export function promoSummary(p: PromoCodeRow): string {
  const parts = [p.bagRateCents === 0 ? 'Free bags' : `${formatCents(p.bagRateCents)} a bag`];
  if (p.waivesAddOns) parts.push('add-ons free');
  if (p.firstTimeOnly) parts.push('first booking only');
  if (p.validFrom && p.validUntil) parts.push(`${p.validFrom} to ${p.validUntil}`);
  else if (p.validFrom) parts.push(`from ${p.validFrom}`);
  else if (p.validUntil) parts.push(`until ${p.validUntil}`);
  parts.push(p.maxUses === null ? `used ${p.uses} ${p.uses === 1 ? 'time' : 'times'}` : `uses ${p.uses} of ${p.maxUses}`);
  if (p.maxUsesPerCustomer !== null) parts.push(`${p.maxUsesPerCustomer} per customer`);
  return parts.join(' · ');
}
