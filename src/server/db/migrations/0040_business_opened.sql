ALTER TABLE "business_settings" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
-- an installation that has its row already takes bookings: it stays open (decision 055, first run)
UPDATE "business_settings" SET "opened_at" = now();
