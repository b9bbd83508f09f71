// Customers without accounts (decision 021): their sign-in links and sessions for "My orders",
// and staff notes on them.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// docs/design.md 9 (one-time links; customers signed in by magic link, /orders, their own orders
// only), decision 021: a customer is their email or phone, not an account. A sign-in link is
// random, kept only as its SHA-256, works once, for 15 minutes, for the address it was sent to.
export const customerSignInLinks = pgTable(
  'customer_sign_in_links',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The customer the link opens: the email key or the phone key it was sent to (customer-identity.ts). */
    emailKey: text('email_key'),
    phoneKey: text('phone_key'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('customer_sign_in_links_expires_idx').on(t.expiresAt), check('customer_sign_in_links_one_key', sql`(${t.emailKey} is null) <> (${t.phoneKey} is null)`)],
);

/** A customer's signed-in device (the cookie holds the random token; only its SHA-256 is kept), 30 days. */
export const customerSessions = pgTable(
  'customer_sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    tokenHash: text('token_hash').notNull().unique(),
    emailKey: text('email_key'),
    phoneKey: text('phone_key'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('customer_sessions_expires_idx').on(t.expiresAt), check('customer_sessions_one_key', sql`(${t.emailKey} is null) <> (${t.phoneKey} is null)`)],
);

/** Staff notes on a customer (their email key: every booking has one), shown on the customer's page. */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    emailKey: text('email_key').notNull(),
    body: text('body').notNull(),
    authorEmail: text('author_email'),
  },
  (t) => [index('customer_notes_email_key_idx').on(t.emailKey, t.createdAt)],
);
