ALTER TABLE "gift_cards" ADD COLUMN "sender_name" text;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "deliver_on" date;