-- Total Revenue is money earned on bookings (docs/design.md 9, revenue; decision 015): what the card
-- paid (captures and extra charges, less refunds and less the tip, which is the pro's) plus what a
-- gift card paid of the final bill (gift_card_applied_cents, set at the weighing). Not revenue: an
-- open authorisation (counted apart, as on hold), a gift-card hold not yet applied, a gift-card sale.
-- booking_tallies also keeps the open authorisations and the bookings with an amount due, and is
-- recomputed from the bookings under the same locks as migrations 0007 and 0009 (the bookings
-- first, then the fold's lock, then the tallies: the order a writer and compactBookingTallies take).
LOCK TABLE bookings IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
SELECT pg_advisory_xact_lock(727270002);
--> statement-breakpoint
ALTER TABLE "booking_tallies" ADD COLUMN "on_hold_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_tallies" ADD COLUMN "payment_due_bookings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- a refund is taken from the bill, never below nothing; tip_amount is the part of captured_amount
-- that was a tip (the spec's process-weight-adjustment captures it with the bill)
CREATE FUNCTION booking_revenue_cents(captured integer, refunded integer, tip integer, gift_card_applied integer) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT (greatest(captured - tip - refunded, 0) + coalesce(gift_card_applied, 0))::bigint $$;
--> statement-breakpoint
-- an authorisation not yet captured nor released; once weighed nothing of it is open any more (an
-- authorisation that lapsed before the weighing was charged off session instead: docs/design.md 5.4)
CREATE FUNCTION booking_on_hold_cents(intent text, weighed boolean, authorized integer) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE WHEN intent = 'requires_capture' AND NOT weighed THEN authorized ELSE 0 END::bigint $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION booking_tallies_record() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO booking_tallies (booking_status, payment_status, bookings, revenue_cents, on_hold_cents, payment_due_bookings)
    SELECT booking_status, payment_status, count(*),
      sum(booking_revenue_cents(captured_amount, refunded_amount, tip_amount, gift_card_applied_cents)),
      sum(booking_on_hold_cents(payment_intent_status, weight_adjustment_processed, authorized_amount)),
      count(*) FILTER (WHERE amount_due_cents > 0)
    FROM new_rows GROUP BY booking_status, payment_status;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO booking_tallies (booking_status, payment_status, bookings, revenue_cents, on_hold_cents, payment_due_bookings)
    SELECT booking_status, payment_status, -count(*),
      -sum(booking_revenue_cents(captured_amount, refunded_amount, tip_amount, gift_card_applied_cents)),
      -sum(booking_on_hold_cents(payment_intent_status, weight_adjustment_processed, authorized_amount)),
      -count(*) FILTER (WHERE amount_due_cents > 0)
    FROM old_rows GROUP BY booking_status, payment_status;
  ELSE
    -- most updates (a note, a timestamp, a receipt flag) move nothing: no row then
    INSERT INTO booking_tallies (booking_status, payment_status, bookings, revenue_cents, on_hold_cents, payment_due_bookings)
    SELECT booking_status, payment_status, sum(n), sum(n * revenue), sum(n * on_hold), sum(n * due)
    FROM (
      SELECT 1 AS n, booking_status, payment_status,
        booking_revenue_cents(captured_amount, refunded_amount, tip_amount, gift_card_applied_cents) AS revenue,
        booking_on_hold_cents(payment_intent_status, weight_adjustment_processed, authorized_amount) AS on_hold,
        (amount_due_cents > 0)::integer AS due
      FROM new_rows
      UNION ALL
      SELECT -1, booking_status, payment_status,
        booking_revenue_cents(captured_amount, refunded_amount, tip_amount, gift_card_applied_cents),
        booking_on_hold_cents(payment_intent_status, weight_adjustment_processed, authorized_amount),
        (amount_due_cents > 0)::integer
      FROM old_rows
    ) moved
    GROUP BY booking_status, payment_status
    HAVING sum(n) <> 0 OR sum(n * revenue) <> 0 OR sum(n * on_hold) <> 0 OR sum(n * due) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP FUNCTION booking_revenue_cents(payment_status, text, integer, integer, integer);
--> statement-breakpoint
DELETE FROM booking_tallies;
--> statement-breakpoint
INSERT INTO booking_tallies (booking_status, payment_status, bookings, revenue_cents, on_hold_cents, payment_due_bookings)
SELECT booking_status, payment_status, count(*),
  sum(booking_revenue_cents(captured_amount, refunded_amount, tip_amount, gift_card_applied_cents)),
  sum(booking_on_hold_cents(payment_intent_status, weight_adjustment_processed, authorized_amount)),
  count(*) FILTER (WHERE amount_due_cents > 0)
FROM bookings GROUP BY booking_status, payment_status;
