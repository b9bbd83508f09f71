// The money figures the database sums that have no function of their own in the migrations: one
// SQL definition each, the same as src/shared's (money-definitions.test.ts checks every state).
import { sql, type SQL } from 'drizzle-orm';

/**
 * Decision 031: what the pro keeps of a booking's tip once refunds are given back, a refund coming
 * off the laundry first and off the tip only beyond it: min(tip, captured − refunded), never below
 * nothing (tipKeptCents in src/shared/pricing-refunds.ts). Every figure of a pro's tips and of the
 * month's tips reads it, so what the pro is shown as earned is what payouts pay.
 */
export function tipKeptSql(b: { tip: unknown; captured: unknown; refunded: unknown }): SQL<number> {
  return sql<number>`greatest(least(${b.tip}, ${b.captured} - ${b.refunded}), 0)`;
}
