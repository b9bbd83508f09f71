// The platform's own rows: rate limits shared by every instance and the once-a-day job claims.
import { date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window rate limits shared by every app instance (docs/design.md 8: stateless servers). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limit_hits_window_idx').on(t.windowStart)],
);

/**
 * A once-a-day job claimed by one instance (decision 025, two instances): the first to insert its
 * day runs it; the others see the row and skip. A run that fails gives its claim back.
 */
export const jobClaims = pgTable(
  'job_claims',
  {
    job: text('job').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who claimed it: the host and process, for the log. */
    claimedBy: text('claimed_by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.job, t.day] })],
);
