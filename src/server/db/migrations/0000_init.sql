CREATE TYPE "public"."booking_status" AS ENUM('pending', 'confirmed', 'in-progress', 'completed', 'delivered', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'paid', 'refunded', 'failed');--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"zip_code" text NOT NULL,
	"pickup_date" date NOT NULL,
	"pickup_time" text NOT NULL,
	"pickup_location" text NOT NULL,
	"special_instructions" text DEFAULT '' NOT NULL,
	"bag_quantity" integer NOT NULL,
	"water_temperature" text DEFAULT 'cold' NOT NULL,
	"detergent_type" text DEFAULT 'standard' NOT NULL,
	"fabric_softener" boolean DEFAULT false NOT NULL,
	"has_delicates" boolean DEFAULT false NOT NULL,
	"has_stained_items" boolean DEFAULT false NOT NULL,
	"contains_sports_uniforms" boolean DEFAULT false NOT NULL,
	"allergies" text DEFAULT '' NOT NULL,
	"special_care_instructions" text DEFAULT '' NOT NULL,
	"rush_delivery" boolean DEFAULT false NOT NULL,
	"hang_dried_delicates" boolean DEFAULT false NOT NULL,
	"oxi_clean" boolean DEFAULT false NOT NULL,
	"stain_treatment" boolean DEFAULT false NOT NULL,
	"sports_uniforms_count" integer DEFAULT 0 NOT NULL,
	"blankets_queen_count" integer DEFAULT 0 NOT NULL,
	"blankets_king_count" integer DEFAULT 0 NOT NULL,
	"mattress_pads_queen_count" integer DEFAULT 0 NOT NULL,
	"mattress_pads_king_count" integer DEFAULT 0 NOT NULL,
	"sms_consent" boolean DEFAULT false NOT NULL,
	"terms_accepted" boolean DEFAULT false NOT NULL,
	"promo_code" text,
	"subtotal_cents" integer DEFAULT 0 NOT NULL,
	"gift_card_discount_cents" integer DEFAULT 0 NOT NULL,
	"total_amount" integer NOT NULL,
	"original_total_amount" integer,
	"authorized_amount" integer DEFAULT 0 NOT NULL,
	"captured_amount" integer DEFAULT 0 NOT NULL,
	"tip_amount" integer DEFAULT 0 NOT NULL,
	"price_per_pound_cents" integer DEFAULT 175 NOT NULL,
	"actual_weight_tenths" integer,
	"weight_adjustment_processed" boolean DEFAULT false NOT NULL,
	"booking_status" "booking_status" DEFAULT 'pending' NOT NULL,
	"payment_status" "payment_status" DEFAULT 'pending' NOT NULL,
	"payment_intent_status" text,
	"stripe_session_id" text,
	"stripe_payment_intent_id" text,
	"delivery_confirmation_sent" boolean DEFAULT false NOT NULL,
	"final_receipt_sent" boolean DEFAULT false NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"customer_approved_at" timestamp with time zone,
	CONSTRAINT "bookings_stripe_session_id_unique" UNIQUE("stripe_session_id")
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "bookings_pickup_date_idx" ON "bookings" USING btree ("pickup_date","pickup_time");--> statement-breakpoint
CREATE INDEX "bookings_created_at_idx" ON "bookings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bookings_status_idx" ON "bookings" USING btree ("booking_status");--> statement-breakpoint
CREATE INDEX "bookings_payment_status_idx" ON "bookings" USING btree ("payment_status");--> statement-breakpoint
CREATE INDEX "bookings_email_idx" ON "bookings" USING btree ("email");--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at");