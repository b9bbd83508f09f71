-- decision 031: refunds and credits staff make of a booking (booking_refunds, under the browser's
-- key), what the gateway says each of its payments has had refunded (charge_refunds), and the part
-- of a refund credited to a gift card (on the booking, on the card and in its ledger).
CREATE TYPE "public"."booking_refund_destination" AS ENUM('card', 'gift_card');--> statement-breakpoint
CREATE TYPE "public"."booking_refund_status" AS ENUM('pending', 'succeeded', 'failed');--> statement-breakpoint
ALTER TYPE "public"."gift_card_entry_kind" ADD VALUE 'credit';--> statement-breakpoint
CREATE TABLE "booking_refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"booking_id" uuid NOT NULL,
	"destination" "booking_refund_destination" NOT NULL,
	"status" "booking_refund_status" DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"plan" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"gift_card_id" uuid,
	"actor_id" text,
	"actor_email" text,
	CONSTRAINT "booking_refunds_amounts" CHECK ("booking_refunds"."amount_cents" > 0 AND "booking_refunds"."refunded_cents" >= 0 AND "booking_refunds"."refunded_cents" <= "booking_refunds"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "charge_refunds" (
	"payment_intent_id" text PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"refunded_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charge_refunds_non_negative" CHECK ("charge_refunds"."refunded_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "gift_cards" DROP CONSTRAINT "gift_cards_balance_non_negative";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "gift_card_credited_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "credited_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_refunds" ADD CONSTRAINT "booking_refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_refunds" ADD CONSTRAINT "booking_refunds_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_refunds" ADD CONSTRAINT "charge_refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_refunds_booking_idx" ON "booking_refunds" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "charge_refunds_booking_idx" ON "charge_refunds" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "payment_operations_gateway_ref_idx" ON "payment_operations" USING btree ("gateway_ref");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_credit_within_refunded" CHECK ("bookings"."gift_card_credited_cents" >= 0 AND "bookings"."gift_card_credited_cents" <= "bookings"."refunded_amount");--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_balance_non_negative" CHECK ("gift_cards"."balance" >= 0 AND "gift_cards"."credited_cents" >= 0 AND "gift_cards"."balance" <= "gift_cards"."amount" + "gift_cards"."credited_cents");--> statement-breakpoint
-- the refunds applied so far were all of the booking's main payment (the only one the webhook read)
INSERT INTO "charge_refunds" ("payment_intent_id", "booking_id", "refunded_cents")
SELECT "stripe_payment_intent_id", "id", "refunded_amount" FROM "bookings" WHERE "refunded_amount" > 0 AND "stripe_payment_intent_id" IS NOT NULL
ON CONFLICT DO NOTHING;
