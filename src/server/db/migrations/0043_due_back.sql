ALTER TABLE "bookings" ADD COLUMN "due_back_date" date;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "due_back_time" text;--> statement-breakpoint
CREATE INDEX "bookings_due_back_idx" ON "bookings" USING btree ("due_back_date","due_back_time") WHERE "bookings"."due_back_date" is not null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_due_back_time_window" CHECK ("bookings"."due_back_time" is null or "bookings"."due_back_time" ~ '^(1[0-2]|[1-9])(am|pm)-(1[0-2]|[1-9])(am|pm)$');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_due_back_whole" CHECK (("bookings"."due_back_date" is null) = ("bookings"."due_back_time" is null));