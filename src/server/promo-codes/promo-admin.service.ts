// Promo codes managed in Settings (decision 055): the list with each code's state and uses (both
// roles), and a master admin's create, pause, resume and end, each audited. A code's rules are
// read by checkPromoCode when a customer books; a pause or an end applies to the next booking.
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { addDays, type IsoDate } from '../../shared/dates';
import { normalisePromoCode } from '../../shared/pricing';
import { type PromoCodeRow, type PromoCodeState, promoCodeInputSchema, type promoCodeActions } from '../../shared/schemas/promo-codes';
import { recordAudit, type Actor } from '../audit/record-audit';
import type { Db } from '../db/client';
import { bookings, promoCodes } from '../db/schema';
import { domainError } from '../error-catalogue';
import { ValidationError } from '../errors';

type PromoCode = typeof promoCodes.$inferSelect;
type Staff = Actor & { role: string };

/** Ended once past its last day, whatever else; else paused, not started yet, or taking bookings. */
export function promoStateOf(p: Pick<PromoCode, 'active' | 'validFrom' | 'validUntil'>, today: IsoDate): PromoCodeState {
  if (p.validUntil !== null && today > p.validUntil) return 'ended';
  if (!p.active) return 'paused';
  if (p.validFrom !== null && today < p.validFrom) return 'scheduled';
  return 'active';
}

function rowOf(p: PromoCode, uses: number, today: IsoDate): PromoCodeRow {
  return {
    code: p.code,
    description: p.description,
    bagRateCents: p.bagRateCents,
    waivesAddOns: p.waivesAddOns,
    firstTimeOnly: p.firstTimeOnly,
    validFrom: p.validFrom,
    validUntil: p.validUntil,
    maxUses: p.maxUses,
    maxUsesPerCustomer: p.maxUsesPerCustomer,
    state: promoStateOf(p, today),
    uses,
  };
}

// a use is a booking with the code that was not cancelled, as checkPromoCode counts them
const usedBy = and(isNotNull(bookings.promoCode), ne(bookings.bookingStatus, 'cancelled'));

/** Every code, newest first, with its state today and its uses. */
export async function listPromoCodes(db: Db, today: IsoDate): Promise<PromoCodeRow[]> {
  const [codes, uses] = await Promise.all([
    db.select().from(promoCodes).orderBy(sql`${promoCodes.createdAt} desc`, promoCodes.code),
    db.select({ code: bookings.promoCode, n: sql<number>`count(*)::int` }).from(bookings).where(usedBy).groupBy(bookings.promoCode),
  ]);
  const usesOf = new Map(uses.map((u) => [u.code, Number(u.n)]));
  return codes.map((p) => rowOf(p, usesOf.get(p.code) ?? 0, today));
}

async function usesOf(db: Db, code: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(bookings).where(and(usedBy, eq(bookings.promoCode, code)));
  return Number(row?.n ?? 0);
}

/** A new code, checked field by field; a code that exists already is refused (promo_code_taken), never replaced. */
export async function createPromoCode(db: Db, actor: Staff, input: unknown, today: IsoDate): Promise<PromoCodeRow> {
  // spec: back-office 9 (a master admin changes the business's settings)
  if (actor.role !== 'master_admin') throw domainError('settings_master_only');
  const parsed = z.safeParse(promoCodeInputSchema, input);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  // the schema admits 1 to 20 letters or digits: never empty once trimmed
  const values = { ...parsed.data, code: normalisePromoCode(parsed.data.code)! };
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(promoCodes).values(values).onConflictDoNothing().returning();
    if (!created) throw domainError('promo_code_taken');
    await recordAudit(tx, actor, { action: 'promo_code.created', targetType: 'promo_code', targetId: created.code, after: { ...values } });
    return rowOf(created, 0, today);
  });
}

/**
 * Pauses (resumable), resumes or ends a code (its last day becomes yesterday: ended for good).
 * The row is locked, so two admins at once take turns; asking for the state it is in already
 * changes nothing and writes no audit entry. An ended code cannot be paused or resumed.
 */
export async function changePromoCode(db: Db, actor: Staff, rawCode: string, action: (typeof promoCodeActions)[number], today: IsoDate): Promise<PromoCodeRow> {
  if (actor.role !== 'master_admin') throw domainError('settings_master_only');
  const code = normalisePromoCode(rawCode);
  if (!code) throw domainError('promo_code_not_found');
  const changed = await db.transaction(async (tx) => {
    const [promo] = await tx.select().from(promoCodes).where(eq(promoCodes.code, code)).for('update');
    if (!promo) throw domainError('promo_code_not_found');
    const before = promoStateOf(promo, today);
    if (before === 'ended') {
      if (action === 'end') return promo;
      throw domainError('promo_code_ended');
    }
    const set =
      action === 'pause' ? (promo.active ? { active: false } : null) : action === 'resume' ? (promo.active ? null : { active: true }) : { validUntil: addDays(today, -1) };
    if (!set) return promo;
    const [saved] = await tx.update(promoCodes).set(set).where(eq(promoCodes.code, code)).returning();
    await recordAudit(tx, actor, { action: 'promo_code.changed', targetType: 'promo_code', targetId: code, before: { state: before }, after: { state: promoStateOf(saved!, today), action } });
    return saved!;
  });
  return rowOf(changed, await usesOf(db, code), today);
}
