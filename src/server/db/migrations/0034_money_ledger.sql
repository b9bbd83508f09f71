CREATE TABLE "booking_money_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_money_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"booking_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"entry" text NOT NULL,
	"source" text,
	"authorized_cents" integer DEFAULT 0 NOT NULL,
	"captured_cents" integer DEFAULT 0 NOT NULL,
	"tip_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"credited_cents" integer DEFAULT 0 NOT NULL,
	"gift_card_applied_cents" integer DEFAULT 0 NOT NULL,
	"due_cents" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_money_ledger" ADD CONSTRAINT "booking_money_ledger_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_money_ledger_booking_idx" ON "booking_money_ledger" USING btree ("booking_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_money_ledger_source_idx" ON "booking_money_ledger" USING btree ("booking_id","entry","source") WHERE "booking_money_ledger"."source" is not null;--> statement-breakpoint
-- decision 036: nothing may write a booking's money while its opening entry is taken (another
-- instance may be running while this one migrates)
LOCK TABLE bookings IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
-- what each booking holds today, as its first entry
INSERT INTO "booking_money_ledger" ("booking_id", "created_at", "entry", "authorized_cents", "captured_cents", "tip_cents", "refunded_cents", "credited_cents", "gift_card_applied_cents", "due_cents")
SELECT "id", "updated_at", 'opening', "authorized_amount", "captured_amount", "tip_amount", "refunded_amount", "gift_card_credited_cents", coalesce("gift_card_applied_cents", 0), "amount_due_cents"
FROM "bookings"
WHERE "authorized_amount" <> 0 OR "captured_amount" <> 0 OR "tip_amount" <> 0 OR "refunded_amount" <> 0 OR "gift_card_credited_cents" <> 0 OR coalesce("gift_card_applied_cents", 0) <> 0 OR "amount_due_cents" <> 0;
--> statement-breakpoint
-- decision 036: at commit, a booking's money columns are the sums of its ledger, whoever wrote
-- either side; a write of one without the other is refused with the whole transaction
CREATE FUNCTION booking_money_matches_ledger() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  target uuid;
  b record;
  l record;
BEGIN
  IF TG_TABLE_NAME = 'bookings' THEN
    target := NEW.id;
  ELSE
    target := NEW.booking_id;
  END IF;
  SELECT authorized_amount, captured_amount, tip_amount, refunded_amount, gift_card_credited_cents, coalesce(gift_card_applied_cents, 0) AS gift_card_applied, amount_due_cents
    INTO b FROM bookings WHERE id = target;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(sum(authorized_cents), 0) AS authorized, coalesce(sum(captured_cents), 0) AS captured, coalesce(sum(tip_cents), 0) AS tip,
         coalesce(sum(refunded_cents), 0) AS refunded, coalesce(sum(credited_cents), 0) AS credited,
         coalesce(sum(gift_card_applied_cents), 0) AS gift_card_applied, coalesce(sum(due_cents), 0) AS due
    INTO l FROM booking_money_ledger WHERE booking_id = target;
  IF (b.authorized_amount, b.captured_amount, b.tip_amount, b.refunded_amount, b.gift_card_credited_cents, b.gift_card_applied, b.amount_due_cents)
     IS DISTINCT FROM (l.authorized::int, l.captured::int, l.tip::int, l.refunded::int, l.credited::int, l.gift_card_applied::int, l.due::int) THEN
    RAISE EXCEPTION 'booking money written outside its ledger (booking %)', target
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bookings_money_from_ledger';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER bookings_money_from_ledger_insert AFTER INSERT ON bookings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (NEW.authorized_amount <> 0 OR NEW.captured_amount <> 0 OR NEW.tip_amount <> 0 OR NEW.refunded_amount <> 0 OR NEW.gift_card_credited_cents <> 0 OR coalesce(NEW.gift_card_applied_cents, 0) <> 0 OR NEW.amount_due_cents <> 0)
EXECUTE FUNCTION booking_money_matches_ledger();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER bookings_money_from_ledger_update AFTER UPDATE OF authorized_amount, captured_amount, tip_amount, refunded_amount, gift_card_credited_cents, gift_card_applied_cents, amount_due_cents ON bookings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (OLD.authorized_amount IS DISTINCT FROM NEW.authorized_amount OR OLD.captured_amount IS DISTINCT FROM NEW.captured_amount OR OLD.tip_amount IS DISTINCT FROM NEW.tip_amount
   OR OLD.refunded_amount IS DISTINCT FROM NEW.refunded_amount OR OLD.gift_card_credited_cents IS DISTINCT FROM NEW.gift_card_credited_cents
   OR coalesce(OLD.gift_card_applied_cents, 0) IS DISTINCT FROM coalesce(NEW.gift_card_applied_cents, 0) OR OLD.amount_due_cents IS DISTINCT FROM NEW.amount_due_cents)
EXECUTE FUNCTION booking_money_matches_ledger();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER booking_money_ledger_matches_booking AFTER INSERT ON booking_money_ledger DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION booking_money_matches_ledger();
--> statement-breakpoint
-- decision 036: one definition each of what a booking's customer paid and still owes, the same as
-- src/shared/money-state.ts's paidCents and dueCents (money-definitions.test.ts)
CREATE FUNCTION booking_paid_cents(captured integer, refunded integer, gift_card_applied integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT captured - refunded + coalesce(gift_card_applied, 0) $$;
--> statement-breakpoint
CREATE FUNCTION booking_due_cents(status booking_status, due integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE WHEN status = 'cancelled' THEN 0 ELSE due END $$;
