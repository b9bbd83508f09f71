// What the business sends (docs/design.md 1): the outbox of emails and texts, who agreed to texts and
// who answered STOP.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';

/** spec: customer-site 5, SMS consent recorded with a timestamp and IP address. */
export const smsConsents = pgTable(
  'sms_consents',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    phone: text('phone').notNull(),
    consentText: text('consent_text').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sms_consents_phone_idx').on(t.phone), index('sms_consents_booking_idx').on(t.bookingId)],
);

export const outboxChannel = pgEnum('outbox_channel', ['email', 'sms']);
export const outboxStatus = pgEnum('outbox_status', ['pending', 'sending', 'sent', 'kept', 'failed']);

/**
 * Emails and texts, written in the transaction of the change that causes them (docs/design.md 1).
 * A worker delivers them with retries; the dedupe key keeps each one to a single row.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    channel: outboxChannel('channel').notNull(),
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    /** email: { html, text, replyTo, attachments }; sms: { body } */
    payload: jsonb('payload').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    status: outboxStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    providerId: text('provider_id'),
    lastError: text('last_error'),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt), index('outbox_created_idx').on(t.createdAt), index('outbox_booking_idx').on(t.bookingId)],
);

/** Numbers that answered STOP: no text goes to them until they answer START. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text('phone').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
