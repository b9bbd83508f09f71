-- booking_tallies (schema.ts): bookings and revenue per booking status and payment status, kept
-- exact by statement triggers on bookings. Every statement that moves bookings between tallies
-- inserts its differences (+n where bookings went, -n where they left); nothing is ever updated in
-- place. A counter row updated in place would make every new booking wait for the one before to
-- commit, and could deadlock with the pick-up slot row the same transactions take in the other
-- order; rows that are only inserted take no lock another writer waits for. A rolled-back statement
-- takes its rows with it. The service sums the rows and folds them from time to time
-- (compactBookingTallies).
--
-- spec: back-office 2, revenue: captured money where captured, else authorised, over paid bookings.
CREATE FUNCTION booking_revenue_cents(payment payment_status, captured integer, authorized integer) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE WHEN payment = 'paid' THEN CASE WHEN captured > 0 THEN captured ELSE authorized END ELSE 0 END::bigint $$;
--> statement-breakpoint
CREATE FUNCTION booking_tallies_record() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO booking_tallies (booking_status, payment_status, bookings, revenue_cents)
    SELECT booking_status, payment_status, count(*), sum(booking_revenue_cents(payment_status, captured_amount, authorized_amount))
    FROM new_rows GROUP BY booking_status, payment_status;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO booking_tallies (booking_status, payment_status, bookings, revenue_cents)
    SELECT booking_status, payment_status, -count(*), -sum(booking_revenue_cents(payment_status, captured_amount, authorized_amount))
    FROM old_rows GROUP BY booking_status, payment_status;
  ELSE
    -- most updates (a note, a timestamp, a receipt flag) move nothing: no row then
    INSERT INTO booking_tallies (booking_status, payment_status, bookings, revenue_cents)
    SELECT booking_status, payment_status, sum(n), sum(n * booking_revenue_cents(payment_status, captured_amount, authorized_amount))
    FROM (
      SELECT 1 AS n, booking_status, payment_status, captured_amount, authorized_amount FROM new_rows
      UNION ALL
      SELECT -1, booking_status, payment_status, captured_amount, authorized_amount FROM old_rows
    ) moved
    GROUP BY booking_status, payment_status
    HAVING sum(n) <> 0 OR sum(n * booking_revenue_cents(payment_status, captured_amount, authorized_amount)) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION booking_tallies_reset() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  -- after a fold in progress (compactBookingTallies holds this lock), so that its rows go too
  PERFORM pg_advisory_xact_lock(727270002);
  DELETE FROM booking_tallies;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- no booking may change between the first count and the triggers taking over (another instance
-- may be running while this one migrates): writers wait until this migration commits
LOCK TABLE bookings IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TRIGGER booking_tallies_insert AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION booking_tallies_record();
--> statement-breakpoint
CREATE TRIGGER booking_tallies_update AFTER UPDATE ON bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION booking_tallies_record();
--> statement-breakpoint
CREATE TRIGGER booking_tallies_delete AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION booking_tallies_record();
--> statement-breakpoint
CREATE TRIGGER booking_tallies_truncate AFTER TRUNCATE ON bookings
FOR EACH STATEMENT EXECUTE FUNCTION booking_tallies_reset();
--> statement-breakpoint
INSERT INTO booking_tallies (booking_status, payment_status, bookings, revenue_cents)
SELECT booking_status, payment_status, count(*), sum(booking_revenue_cents(payment_status, captured_amount, authorized_amount))
FROM bookings GROUP BY booking_status, payment_status;
