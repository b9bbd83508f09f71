ALTER TABLE "bookings" ADD COLUMN "gift_card_applied_cents" integer;--> statement-breakpoint
-- bookings weighed before this rule kept their whole gift-card hold: that is what was applied
UPDATE "bookings" SET "gift_card_applied_cents" = "gift_card_discount_cents" WHERE "weight_adjustment_processed" AND "gift_card_discount_cents" > 0;
