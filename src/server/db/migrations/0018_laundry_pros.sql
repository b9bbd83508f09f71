CREATE TYPE "public"."assignment_status" AS ENUM('assigned', 'completed');--> statement-breakpoint
CREATE TYPE "public"."pro_status" AS ENUM('active', 'inactive');--> statement-breakpoint
CREATE TABLE "laundry_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"booking_id" uuid NOT NULL,
	"laundry_pro_id" uuid NOT NULL,
	"status" "assignment_status" DEFAULT 'assigned' NOT NULL,
	"per_pound_payout_cents" integer,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "laundry_assignments_booking_id_unique" UNIQUE("booking_id")
);
--> statement-breakpoint
CREATE TABLE "laundry_pros" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"per_pound_rate_cents" integer DEFAULT 75 NOT NULL,
	"hourly_rate_cents" integer DEFAULT 0 NOT NULL,
	"status" "pro_status" DEFAULT 'active' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"stripe_account_id" text,
	"account_enabled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "laundry_pros_stripe_account_id_unique" UNIQUE("stripe_account_id"),
	CONSTRAINT "laundry_pros_rates_non_negative" CHECK ("laundry_pros"."per_pound_rate_cents" >= 0 AND "laundry_pros"."hourly_rate_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "laundry_assignments" ADD CONSTRAINT "laundry_assignments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "laundry_assignments" ADD CONSTRAINT "laundry_assignments_laundry_pro_id_laundry_pros_id_fk" FOREIGN KEY ("laundry_pro_id") REFERENCES "public"."laundry_pros"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "laundry_assignments_pro_idx" ON "laundry_assignments" USING btree ("laundry_pro_id","assigned_at");--> statement-breakpoint
CREATE INDEX "laundry_assignments_assigned_at_idx" ON "laundry_assignments" USING btree ("assigned_at");--> statement-breakpoint
CREATE INDEX "laundry_pros_created_at_idx" ON "laundry_pros" USING btree ("created_at");