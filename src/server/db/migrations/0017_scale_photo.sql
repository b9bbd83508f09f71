ALTER TABLE "bookings" ADD COLUMN "bag_weights_tenths" integer[];--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "scale_photo_key" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "scale_photo_uploaded_at" timestamp with time zone;