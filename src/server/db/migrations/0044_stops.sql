CREATE TABLE "missed_pickups" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'reported' NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"laundry_pro_id" uuid,
	"decided_at" timestamp with time zone,
	"fee_cents" integer,
	"fee_outcome" text,
	CONSTRAINT "missed_pickups_reason" CHECK ("missed_pickups"."reason" in ('no_one_home', 'no_bags_out')),
	CONSTRAINT "missed_pickups_status" CHECK ("missed_pickups"."status" in ('reported', 'confirmed', 'dismissed')),
	CONSTRAINT "missed_pickups_fee_outcome" CHECK ("missed_pickups"."fee_outcome" is null or "missed_pickups"."fee_outcome" in ('charged', 'failed', 'no_card', 'waived')),
	CONSTRAINT "missed_pickups_fee_cents" CHECK ("missed_pickups"."fee_cents" is null or "missed_pickups"."fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stop_photos" (
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_key" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"laundry_pro_id" uuid,
	CONSTRAINT "stop_photos_booking_id_kind_pk" PRIMARY KEY("booking_id","kind"),
	CONSTRAINT "stop_photos_kind" CHECK ("stop_photos"."kind" in ('pickup', 'delivery', 'no_show'))
);
--> statement-breakpoint
ALTER TABLE "missed_pickups" ADD CONSTRAINT "missed_pickups_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missed_pickups" ADD CONSTRAINT "missed_pickups_laundry_pro_id_laundry_pros_id_fk" FOREIGN KEY ("laundry_pro_id") REFERENCES "public"."laundry_pros"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_photos" ADD CONSTRAINT "stop_photos_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_photos" ADD CONSTRAINT "stop_photos_laundry_pro_id_laundry_pros_id_fk" FOREIGN KEY ("laundry_pro_id") REFERENCES "public"."laundry_pros"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "missed_pickups_laundry_pro_idx" ON "missed_pickups" USING btree ("laundry_pro_id");--> statement-breakpoint
CREATE INDEX "missed_pickups_reported_idx" ON "missed_pickups" USING btree ("reported_at") WHERE "missed_pickups"."status" = 'reported';--> statement-breakpoint
CREATE INDEX "stop_photos_laundry_pro_idx" ON "stop_photos" USING btree ("laundry_pro_id");