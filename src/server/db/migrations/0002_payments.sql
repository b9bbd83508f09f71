CREATE TYPE "public"."payment_operation_status" AS ENUM('pending', 'succeeded', 'failed', 'needs_customer', 'waived');--> statement-breakpoint
CREATE TABLE "local_gateway_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"booking_id" uuid,
	"amount_cents" integer NOT NULL,
	"status" "payment_operation_status" DEFAULT 'pending' NOT NULL,
	"request" jsonb NOT NULL,
	"result" jsonb,
	"gateway_ref" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_operations_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "stripe_payment_method_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "capture_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "abandoned_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_operations" ADD CONSTRAINT "payment_operations_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_gateway_objects_kind_idx" ON "local_gateway_objects" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "payment_operations_pending_idx" ON "payment_operations" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payment_operations_booking_idx" ON "payment_operations" USING btree ("booking_id");