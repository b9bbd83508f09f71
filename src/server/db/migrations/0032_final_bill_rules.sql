ALTER TABLE "bookings" ADD COLUMN "final_bill_rules" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
-- decision 033: a bill already weighed keeps the rules it was charged by
UPDATE "bookings" SET "final_bill_rules" = 1 WHERE "weight_adjustment_processed" = true;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_final_bill_rules_known" CHECK ("final_bill_rules" in (1, 2));
