CREATE TYPE "public"."checkout_purpose" AS ENUM('booking_authorisation', 'gift_card_purchase', 'invoice_payment', 'tip', 'extra_charge', 'amount_due');--> statement-breakpoint
CREATE TABLE "checkouts" (
	"session_id" text PRIMARY KEY NOT NULL,
	"purpose" "checkout_purpose" NOT NULL,
	"subject_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- the checkouts bookings opened so far (docs/design.md 9): their session moves off the booking row
INSERT INTO "checkouts" ("session_id", "purpose", "subject_id", "created_at")
SELECT "stripe_session_id", 'booking_authorisation', "id", "created_at" FROM "bookings" WHERE "stripe_session_id" IS NOT NULL
ON CONFLICT ("session_id") DO NOTHING;--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_stripe_session_id_unique";--> statement-breakpoint
CREATE INDEX "checkouts_subject_idx" ON "checkouts" USING btree ("purpose","subject_id");--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "stripe_session_id";