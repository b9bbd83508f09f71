-- decision 034: a correction of a weighing before the customer approved the bill (booking_reweighs,
-- under the browser's key), with the money it moves fixed before the first gateway call.
CREATE TABLE "booking_reweighs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"booking_id" uuid NOT NULL,
	"status" "booking_refund_status" DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"from_weight_tenths" integer NOT NULL,
	"to_weight_tenths" integer NOT NULL,
	"from_total_cents" integer NOT NULL,
	"to_total_cents" integer NOT NULL,
	"refund_cents" integer DEFAULT 0 NOT NULL,
	"refund_plan" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"charge_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"charged_cents" integer DEFAULT 0 NOT NULL,
	"gift_card_returned_cents" integer DEFAULT 0 NOT NULL,
	"amount_due_cents" integer DEFAULT 0 NOT NULL,
	"actor_id" text,
	"actor_email" text,
	CONSTRAINT "booking_reweighs_amounts" CHECK ("booking_reweighs"."refund_cents" >= 0 AND "booking_reweighs"."charge_cents" >= 0 AND "booking_reweighs"."refunded_cents" >= 0 AND "booking_reweighs"."refunded_cents" <= "booking_reweighs"."refund_cents" AND "booking_reweighs"."charged_cents" >= 0 AND "booking_reweighs"."charged_cents" <= "booking_reweighs"."charge_cents" AND "booking_reweighs"."gift_card_returned_cents" >= 0 AND "booking_reweighs"."amount_due_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "booking_reweighs" ADD CONSTRAINT "booking_reweighs_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_reweighs_booking_idx" ON "booking_reweighs" USING btree ("booking_id","created_at");