// Promo codes as data (docs/design.md 9, decision 013).
import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// docs/design.md 9, promo codes are data: what a code does to the price (the bag rate, add-ons waived)
// and who may use it when. FIRST12 comes with migration 0010; TEST1 and FREE only with the
// development seed (src/server/promo-codes/promo-codes.service.ts).
export const promoCodes = pgTable(
  'promo_codes',
  {
    code: text('code').primaryKey(),
    description: text('description').notNull().default(''),
    /** What a bag costs with this code: it replaces the $31.50 estimate. */
    bagRateCents: integer('bag_rate_cents').notNull(),
    /** Add-ons cost nothing (FREE waives all charges). */
    waivesAddOns: boolean('waives_add_ons').notNull().default(false),
    /** Only for a customer with no earlier confirmed booking (by email or phone). */
    firstTimeOnly: boolean('first_time_only').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** The pick-up dates it is good for, both ends included; null: no bound. */
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    /** How many bookings may use it in all, and per customer; null: no limit. Cancelled bookings don't count. */
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('promo_codes_code_upper', sql`${t.code} = upper(${t.code}) and length(${t.code}) between 1 and 20`),
    check('promo_codes_bag_rate', sql`${t.bagRateCents} >= 0`),
    check('promo_codes_max_uses', sql`(${t.maxUses} is null or ${t.maxUses} >= 0) and (${t.maxUsesPerCustomer} is null or ${t.maxUsesPerCustomer} >= 0)`),
  ],
);
