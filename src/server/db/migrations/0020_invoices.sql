CREATE TYPE "public"."invoice_kind" AS ENUM('manual', 'subscription');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('pending', 'paid');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('active', 'paused', 'ended');--> statement-breakpoint
CREATE TABLE "manual_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invoice_number" text NOT NULL,
	"kind" "invoice_kind" DEFAULT 'manual' NOT NULL,
	"subscription_id" uuid,
	"billing_date" date,
	"client_name" text NOT NULL,
	"client_email" text NOT NULL,
	"client_phone" text DEFAULT '' NOT NULL,
	"client_address" text DEFAULT '' NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"due_date" date NOT NULL,
	"status" "invoice_status" DEFAULT 'pending' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" text,
	"paid_at" timestamp with time zone,
	"paid_by" text,
	CONSTRAINT "manual_invoices_invoice_number_unique" UNIQUE("invoice_number"),
	CONSTRAINT "manual_invoices_totals" CHECK ("manual_invoices"."subtotal_cents" >= 0 AND "manual_invoices"."tax_cents" >= 0 AND "manual_invoices"."total_cents" = "manual_invoices"."subtotal_cents" + "manual_invoices"."tax_cents")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_name" text NOT NULL,
	"client_email" text NOT NULL,
	"client_phone" text DEFAULT '' NOT NULL,
	"client_address" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"monthly_price_cents" integer NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"start_date" date NOT NULL,
	"billing_day" integer NOT NULL,
	"next_billing_date" date NOT NULL,
	"status" "subscription_status" DEFAULT 'active' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" text,
	CONSTRAINT "subscriptions_amounts" CHECK ("subscriptions"."monthly_price_cents" > 0 AND "subscriptions"."tax_cents" >= 0 AND "subscriptions"."billing_day" BETWEEN 1 AND 31)
);
--> statement-breakpoint
ALTER TABLE "manual_invoices" ADD CONSTRAINT "manual_invoices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manual_invoices_created_at_idx" ON "manual_invoices" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "manual_invoices_subscription_month_idx" ON "manual_invoices" USING btree ("subscription_id","billing_date");--> statement-breakpoint
CREATE INDEX "subscriptions_created_at_idx" ON "subscriptions" USING btree ("created_at");