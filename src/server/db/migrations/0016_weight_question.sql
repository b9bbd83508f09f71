ALTER TABLE "bookings" ADD COLUMN "weight_questioned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "weight_question" text;