CREATE TABLE "booking_ratings" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"stars" smallint NOT NULL,
	"comment" text,
	"laundry_pro_id" uuid,
	"rated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "booking_ratings_stars" CHECK ("booking_ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "booking_ratings" ADD CONSTRAINT "booking_ratings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_ratings" ADD CONSTRAINT "booking_ratings_laundry_pro_id_laundry_pros_id_fk" FOREIGN KEY ("laundry_pro_id") REFERENCES "public"."laundry_pros"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_ratings_pro_idx" ON "booking_ratings" USING btree ("laundry_pro_id");