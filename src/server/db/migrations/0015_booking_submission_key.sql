-- The booking wizard's submission key (a random UUID per submitted form) and a digest of what it
-- sent: the same submission sent again answers its booking instead of making a second booking and a
-- second hold. Every existing booking has none, so the partial unique index starts empty.
ALTER TABLE "bookings" ADD COLUMN "submission_key" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "submission_digest" text;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_submission_key_idx" ON "bookings" USING btree ("submission_key") WHERE "bookings"."submission_key" is not null;
