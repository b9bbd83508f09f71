CREATE TABLE "customer_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"email_key" text NOT NULL,
	"body" text NOT NULL,
	"author_email" text
);
--> statement-breakpoint
CREATE INDEX "customer_notes_email_key_idx" ON "customer_notes" USING btree ("email_key","created_at");