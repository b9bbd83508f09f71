DROP INDEX "bookings_email_idx";--> statement-breakpoint
CREATE INDEX "bookings_email_lower_idx" ON "bookings" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "bookings_phone_digits_idx" ON "bookings" USING btree (right(regexp_replace("phone", '[^0-9]', '', 'g'), 10));