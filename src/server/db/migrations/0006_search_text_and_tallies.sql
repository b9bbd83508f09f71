CREATE TABLE "booking_tallies" (
	"booking_status" "booking_status" NOT NULL,
	"payment_status" "payment_status" NOT NULL,
	"bookings" integer NOT NULL,
	"revenue_cents" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "bookings_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "search_text" text GENERATED ALWAYS AS ((lower(name || ' ' || email || ' ' || regexp_replace(phone, '[^0-9]', '', 'g') || ' ' || address || ' ' || city || ' ' || zip_code || ' ' || replace(id::text, '-', '')))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_receipt_unsent_idx" ON "bookings" USING btree ("created_at") WHERE "bookings"."weight_adjustment_processed" and "bookings"."payment_status" = 'paid' and not "bookings"."final_receipt_sent";--> statement-breakpoint
CREATE INDEX "bookings_search_trgm_idx" ON "bookings" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);