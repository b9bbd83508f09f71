CREATE TYPE "public"."gift_card_entry_kind" AS ENUM('hold', 'capture', 'release');--> statement-breakpoint
CREATE TABLE "gift_card_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"gift_card_id" uuid NOT NULL,
	"booking_id" uuid,
	"kind" "gift_card_entry_kind" NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "gift_card_ledger_amount_positive" CHECK ("gift_card_ledger"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"amount" integer NOT NULL,
	"balance" integer NOT NULL,
	"purchaser_email" text,
	"recipient_email" text,
	"recipient_name" text,
	"message" text DEFAULT '' NOT NULL,
	"stripe_session_id" text,
	CONSTRAINT "gift_cards_code_unique" UNIQUE("code"),
	CONSTRAINT "gift_cards_stripe_session_id_unique" UNIQUE("stripe_session_id"),
	CONSTRAINT "gift_cards_balance_non_negative" CHECK ("gift_cards"."balance" >= 0 AND "gift_cards"."balance" <= "gift_cards"."amount")
);
--> statement-breakpoint
CREATE TABLE "pickup_slots" (
	"pickup_date" date NOT NULL,
	"pickup_time" text NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pickup_slots_pickup_date_pickup_time_pk" PRIMARY KEY("pickup_date","pickup_time"),
	CONSTRAINT "pickup_slots_booked_non_negative" CHECK ("pickup_slots"."booked" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sms_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"booking_id" uuid,
	"phone" text NOT NULL,
	"consent_text" text NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "gift_card_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "client_ip" text;--> statement-breakpoint
ALTER TABLE "gift_card_ledger" ADD CONSTRAINT "gift_card_ledger_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_ledger" ADD CONSTRAINT "gift_card_ledger_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_consents" ADD CONSTRAINT "sms_consents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_ledger_card_idx" ON "gift_card_ledger" USING btree ("gift_card_id");--> statement-breakpoint
CREATE INDEX "gift_card_ledger_booking_idx" ON "gift_card_ledger" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "sms_consents_phone_idx" ON "sms_consents" USING btree ("phone");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;