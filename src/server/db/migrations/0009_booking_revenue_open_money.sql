-- Total Revenue counts only money that is the business's (spec: back-office 2; decision 011):
-- captured money less what was refunded where something was captured, else an authorisation that
-- is still open (payment intent requires_capture). A released authorisation (a cancelled booking,
-- a weighing below the card minimum) or one that expired counts nothing. booking_tallies is
-- recomputed from the bookings under the same locks as migration 0007.
LOCK TABLE bookings IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
SELECT pg_advisory_xact_lock(727270002);
--> statement-breakpoint
CREATE FUNCTION booking_revenue_cents(payment payment_status, intent text, captured integer, refunded integer, authorized integer) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE
  WHEN payment <> 'paid' THEN 0
  WHEN captured > 0 THEN greatest(captured - refunded, 0)
  WHEN intent = 'requires_capture' THEN authorized
  ELSE 0 END::bigint $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION booking_tallies_record() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO booking_tallies (booking_status, payment_status, bookings, revenue_cents)
    SELECT booking_status, payment_status, count(*), sum(booking_revenue_cents(payment_status, payment_intent_status, captured_amount, refunded_amount, authorized_amount))
    FROM new_rows GROUP BY booking_status, payment_status;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO booking_tallies (booking_status, payment_status, bookings, revenue_cents)
    SELECT booking_status, payment_status, -count(*), -sum(booking_revenue_cents(payment_status, payment_intent_status, captured_amount, refunded_amount, authorized_amount))
    FROM old_rows GROUP BY booking_status, payment_status;
  ELSE
    -- most updates (a note, a timestamp, a receipt flag) move nothing: no row then
    INSERT INTO booking_tallies (booking_status, payment_status, bookings, revenue_cents)
    SELECT booking_status, payment_status, sum(n), sum(n * revenue)
    FROM (
      SELECT 1 AS n, booking_status, payment_status, booking_revenue_cents(payment_status, payment_intent_status, captured_amount, refunded_amount, authorized_amount) AS revenue FROM new_rows
      UNION ALL
      SELECT -1, booking_status, payment_status, booking_revenue_cents(payment_status, payment_intent_status, captured_amount, refunded_amount, authorized_amount) FROM old_rows
    ) moved
    GROUP BY booking_status, payment_status
    HAVING sum(n) <> 0 OR sum(n * revenue) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP FUNCTION booking_revenue_cents(payment_status, integer, integer);
--> statement-breakpoint
DELETE FROM booking_tallies;
--> statement-breakpoint
INSERT INTO booking_tallies (booking_status, payment_status, bookings, revenue_cents)
SELECT booking_status, payment_status, count(*), sum(booking_revenue_cents(payment_status, payment_intent_status, captured_amount, refunded_amount, authorized_amount))
FROM bookings GROUP BY booking_status, payment_status;
