// Recurring pick-ups (decision 024).
import { sql } from 'drizzle-orm';
import { seriesEveryWeeksValues } from '../../../shared/series';
import { matches, oneOf } from './one-of';
import { windowValuePattern } from '../../../shared/business-words';
import { check, date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Recurring pick-ups (decision 024). */
export const seriesStatus = pgEnum('series_status', ['active', 'paused', 'stopped']);

/**
 * A recurring pick-up (decision 024): the order to repeat (the booking form's fields but its day),
 * every one or two weeks on the same weekday and window, each occurrence a booking of its own with
 * its own hold on the saved card, made a few days ahead. The customer is its email or phone key.
 */
export const pickupSeries = pgTable(
  'pickup_series',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The booking it was started from. */
    startedFrom: uuid('started_from').notNull(),
    emailKey: text('email_key').notNull(),
    phoneKey: text('phone_key').notNull(),
    /** The order each occurrence repeats: the booking form's fields without its day and window. */
    order: jsonb('order').notNull(),
    everyWeeks: integer('every_weeks').notNull(),
    pickupTime: text('pickup_time').notNull(),
    /** The next day an occurrence is due; the job makes it a few days ahead. */
    nextDate: date('next_date', { mode: 'string' }).notNull(),
    status: seriesStatus('status').notNull().default('active'),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    stripePaymentMethodId: text('stripe_payment_method_id').notNull(),
    /** The last occurrence that could not be made (a failed hold, a full window), for staff and the customer. */
    lastIssue: text('last_issue'),
    lastIssueAt: timestamp('last_issue_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pickup_series_started_from_idx').on(t.startedFrom),
    index('pickup_series_due_idx').on(t.status, t.nextDate),
    index('pickup_series_email_key_idx').on(t.emailKey),
    check('pickup_series_every_weeks', oneOf(t.everyWeeks, seriesEveryWeeksValues)),
    check('pickup_series_pickup_time_window', matches(t.pickupTime, windowValuePattern)),
  ],
);
