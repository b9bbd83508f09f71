// Promo codes are data (docs/design.md 9): a code's price effect and its rules (active, valid dates,
// first-time customers only, maximum uses, uses per customer) live in promo_codes. spec:
// customer-site 4, 5, 9 (promo codes). FIRST12 comes with migration 0010; TEST1 and FREE only with
// the development seed (seedDemoPromoCodes), never in production.
import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { normalisePromoCode, specPromoRates, type PromoRate } from '../../shared/pricing';
import { erasedKey } from '../booking-records/erased-keys';
import type { Db, DbOrTx } from '../db/client';
import { bookings, promoCodes } from '../db/schema';
import { domainError, errorMessage } from '../error-catalogue';

export const promoMessages = {
  invalid: errorMessage('promo_invalid'),
  expired: errorMessage('promo_expired'),
  usedUp: errorMessage('promo_used_up'),
  usedByCustomer: errorMessage('promo_used_by_customer'),
  firstTimeOnly: (code: string) => errorMessage('promo_not_eligible', { code }),
} as const;

/** A customer as the promo rules count them: src/shared/customer-identity.ts. */
export type CustomerKeys = { emailKey: string; phoneKey: string };

// a customer who deleted their data is still counted by their keys' digests (decision 022)
const sameCustomer = (customer: CustomerKeys) =>
  or(
    inArray(bookings.emailKey, [customer.emailKey, erasedKey('email', customer.emailKey)]),
    inArray(bookings.phoneKey, [customer.phoneKey, erasedKey('phone', customer.phoneKey)]),
  );

/**
 * The price effect of a code this customer may use today, or a 4xx naming the promo code field.
 * With `lock` (inside the booking's transaction) the code's row is locked until the commit, so
 * concurrent bookings count its uses one after the other and a maximum is never overrun.
 * `customer: null` (the quote) leaves out the rules that depend on who books: first-time
 * customers only and uses per customer are checked when they book, so that asking a price
 * never tells whether an email or phone has booked before (decision 037).
 */
export async function checkPromoCode(
  db: DbOrTx,
  input: { code: string | null; customer: CustomerKeys | null; today: string; lock?: boolean },
): Promise<PromoRate | null> {
  const code = input.code ? normalisePromoCode(input.code) : null;
  if (!code) return null;
  const query = db.select().from(promoCodes).where(eq(promoCodes.code, code));
  const [promo] = input.lock ? await query.for('update') : await query;
  // an unknown, inactive or not yet valid code: one answer, which says nothing about which
  if (!promo || !promo.active || (promo.validFrom !== null && input.today < promo.validFrom)) throw domainError('promo_invalid');
  if (promo.validUntil !== null && input.today > promo.validUntil) throw domainError('promo_expired');

  const customer = input.customer;
  if (promo.firstTimeOnly && customer) {
    // spec: customer-site 9, first-time customers: no earlier confirmed booking by the same email or phone
    const [earlier] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(isNotNull(bookings.confirmedAt), sameCustomer(customer)))
      .limit(1);
    if (earlier) throw domainError('promo_not_eligible', { code });
  }
  // uses: the bookings that used the code and were not cancelled (a pending checkout counts)
  const used = and(eq(bookings.promoCode, code), ne(bookings.bookingStatus, 'cancelled'));
  if (promo.maxUses !== null) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(bookings).where(used);
    if (Number(row?.n ?? 0) >= promo.maxUses) throw domainError('promo_used_up');
  }
  if (promo.maxUsesPerCustomer !== null && customer) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(bookings).where(and(used, sameCustomer(customer)));
    if (Number(row?.n ?? 0) >= promo.maxUsesPerCustomer) throw domainError('promo_used_by_customer');
  }
  return { code: promo.code, bagRateCents: promo.bagRateCents, waivesAddOns: promo.waivesAddOns };
}

/** The development seed's promo codes (spec: customer-site 9): TEST1 $1 a bag and FREE. Never in production. */
export async function seedDemoPromoCodes(db: Db): Promise<number> {
  const inserted = await db
    .insert(promoCodes)
    .values([
      { ...specPromoRates.TEST1, description: 'Development: $1 a bag' },
      { ...specPromoRates.FREE, description: 'Development: everything free' },
    ])
    .onConflictDoNothing()
    .returning({ code: promoCodes.code });
  return inserted.length;
}
