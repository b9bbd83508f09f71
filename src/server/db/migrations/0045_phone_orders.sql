CREATE TABLE "phone_orders" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"placed_by" text,
	"placed_at" timestamp with time zone NOT NULL,
	"link_channel" text NOT NULL,
	"link_sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "phone_orders_link_channel" CHECK ("phone_orders"."link_channel" in ('email', 'text', 'both')),
	CONSTRAINT "phone_orders_sent_after_placed" CHECK ("phone_orders"."link_sent_at" >= "phone_orders"."placed_at")
);
--> statement-breakpoint
ALTER TABLE "phone_orders" ADD CONSTRAINT "phone_orders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_orders" ADD CONSTRAINT "phone_orders_placed_by_user_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_orders_placed_by_idx" ON "phone_orders" USING btree ("placed_by");