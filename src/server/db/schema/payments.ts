// Money through the gateway (docs/design.md 9): checkouts and their purposes, the events applied, every
// money-moving call, what each payment had refunded, the local gateway's records and who is moving a
// booking's money now.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';

// docs/design.md 9, checkout purposes: every checkout session records what it pays for (its purpose
// and the id of that thing), so the webhook's dispatch hands it to the capability that owns it
// and a page that comes back with a session finds its subject. Written right after the gateway
// opened the session; the session's metadata carries the same, for events that come first.
export const checkoutPurpose = pgEnum('checkout_purpose', [
  'booking_authorisation',
  'gift_card_purchase',
  'invoice_payment',
  'tip',
  'extra_charge',
  'amount_due',
  // a manual or subscription invoice paid through its link (docs/design.md 9 invoices)
  'manual_invoice',
]);

export const checkouts = pgTable(
  'checkouts',
  {
    sessionId: text('session_id').primaryKey(),
    purpose: checkoutPurpose('purpose').notNull(),
    subjectId: uuid('subject_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('checkouts_subject_idx').on(t.purpose, t.subjectId)],
);

/** Webhook events already applied: a replay finds its id here and changes nothing. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const paymentOperationStatus = pgEnum('payment_operation_status', ['pending', 'succeeded', 'failed', 'needs_customer', 'waived']);

/**
 * Every gateway call that moves money: written (pending, with its idempotency key) before the
 * call, completed after it. A recovery job finishes rows left pending (docs/design.md 5.8).
 */
export const paymentOperations = pgTable(
  'payment_operations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    kind: text('kind').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    status: paymentOperationStatus('status').notNull().default('pending'),
    /** What the call needs to be made again by the recovery job. */
    request: jsonb('request').notNull(),
    result: jsonb('result'),
    gatewayRef: text('gateway_ref'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    index('payment_operations_pending_idx').on(t.status, t.createdAt),
    index('payment_operations_booking_idx').on(t.bookingId),
    // decision 031: a refund event finds the booking whose operation made the payment it refunds
    index('payment_operations_gateway_ref_idx').on(t.gatewayRef),
  ],
);

/**
 * Decision 031: what the gateway says each of a booking's payments has had refunded (the main
 * intent's capture, an extra charge, a checkout). bookings.refunded_amount is their sum plus the
 * gift-card credits; each only goes up, so an event and our own refund never count one twice.
 */
export const chargeRefunds = pgTable(
  'charge_refunds',
  {
    paymentIntentId: text('payment_intent_id').primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    refundedCents: integer('refunded_cents').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('charge_refunds_booking_idx').on(t.bookingId), check('charge_refunds_non_negative', sql`${t.refundedCents} >= 0`)],
);

/**
 * The local payment gateway's own records (sessions, payment intents, customers, refunds,
 * accounts, transfers, idempotency replies, events): it plays the card network offline.
 */
export const localGatewayObjects = pgTable(
  'local_gateway_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('local_gateway_objects_kind_idx').on(t.kind, t.createdAt)],
);

// decision 030: who is moving a booking's money at a checkout or off-session now. One row per
// subject while a request opens, closes or charges; a lease, so a crashed request frees it.
export const paymentClaims = pgTable('payment_claims', {
  subjectId: uuid('subject_id').primaryKey(),
  /** The request that holds it, so that only it lets go. */
  holder: text('holder').notNull(),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }).notNull(),
});
