CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_hits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
DROP INDEX "bookings_status_idx";--> statement-breakpoint
DROP INDEX "bookings_payment_status_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "final_total_amount" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "weight_processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "amount_due_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "final_receipt_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "delivery_confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_idx" ON "rate_limit_hits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "bookings_status_created_idx" ON "bookings" USING btree ("booking_status","created_at");--> statement-breakpoint
CREATE INDEX "bookings_payment_status_created_idx" ON "bookings" USING btree ("payment_status","created_at");--> statement-breakpoint
CREATE INDEX "bookings_search_trgm_idx" ON "bookings" USING gin ((lower(name || ' ' || email || ' ' || regexp_replace(phone, '[^0-9]', '', 'g') || ' ' || address || ' ' || city || ' ' || zip_code || ' ' || replace(id::text, '-', ''))) gin_trgm_ops);