-- decision 049: an index for each foreign key that had none (a partial one where most rows name
-- nothing), and the booking form's closed lists as CHECKs built from src/shared/booking-values.ts.
-- Every writer validated these values already; a row that holds another stops the migration.
CREATE INDEX "booking_refunds_gift_card_idx" ON "booking_refunds" USING btree ("gift_card_id") WHERE "booking_refunds"."gift_card_id" is not null;--> statement-breakpoint
CREATE INDEX "bookings_gift_card_idx" ON "bookings" USING btree ("gift_card_id") WHERE "bookings"."gift_card_id" is not null;--> statement-breakpoint
CREATE INDEX "outbox_booking_idx" ON "outbox" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "pro_email_changes_user_idx" ON "pro_email_changes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sms_consents_booking_idx" ON "sms_consents" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_pickup_time_known" CHECK ("bookings"."pickup_time" in ('8am-12pm', '12pm-4pm', '4pm-8pm'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_pickup_location_known" CHECK ("bookings"."pickup_location" in ('front-door', 'back-door', 'garage', 'porch', 'other'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_water_temperature_known" CHECK ("bookings"."water_temperature" in ('cold', 'warm', 'hot'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_detergent_type_known" CHECK ("bookings"."detergent_type" in ('standard', 'hypoallergenic', 'bring-own'));--> statement-breakpoint
ALTER TABLE "pickup_series" ADD CONSTRAINT "pickup_series_pickup_time_known" CHECK ("pickup_series"."pickup_time" in ('8am-12pm', '12pm-4pm', '4pm-8pm'));--> statement-breakpoint
ALTER TABLE "pickup_slots" ADD CONSTRAINT "pickup_slots_pickup_time_known" CHECK ("pickup_slots"."pickup_time" in ('8am-12pm', '12pm-4pm', '4pm-8pm'));