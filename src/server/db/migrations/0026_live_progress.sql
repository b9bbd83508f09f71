CREATE TYPE "public"."laundry_progress" AS ENUM('washing', 'ready', 'out_for_delivery');--> statement-breakpoint
CREATE TYPE "public"."progress_stage" AS ENUM('booked', 'picked_up', 'washing', 'ready', 'out_for_delivery', 'delivered');--> statement-breakpoint
CREATE TABLE "booking_progress" (
	"booking_id" uuid NOT NULL,
	"stage" "progress_stage" NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "booking_progress_booking_id_stage_pk" PRIMARY KEY("booking_id","stage")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "progress" "laundry_progress";--> statement-breakpoint
ALTER TABLE "booking_progress" ADD CONSTRAINT "booking_progress_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;