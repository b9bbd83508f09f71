CREATE TYPE "public"."series_status" AS ENUM('active', 'paused', 'stopped');--> statement-breakpoint
CREATE TABLE "pickup_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_from" uuid NOT NULL,
	"email_key" text NOT NULL,
	"phone_key" text NOT NULL,
	"order" jsonb NOT NULL,
	"every_weeks" integer NOT NULL,
	"pickup_time" text NOT NULL,
	"next_date" date NOT NULL,
	"status" "series_status" DEFAULT 'active' NOT NULL,
	"stripe_customer_id" text NOT NULL,
	"stripe_payment_method_id" text NOT NULL,
	"last_issue" text,
	"last_issue_at" timestamp with time zone,
	CONSTRAINT "pickup_series_every_weeks" CHECK ("pickup_series"."every_weeks" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "series_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "pickup_series_started_from_idx" ON "pickup_series" USING btree ("started_from");--> statement-breakpoint
CREATE INDEX "pickup_series_due_idx" ON "pickup_series" USING btree ("status","next_date");--> statement-breakpoint
CREATE INDEX "pickup_series_email_key_idx" ON "pickup_series" USING btree ("email_key");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_series_id_pickup_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."pickup_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_series_date_idx" ON "bookings" USING btree ("series_id","pickup_date") WHERE "bookings"."series_id" is not null;