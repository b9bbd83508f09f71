ALTER TABLE "bookings" DROP CONSTRAINT "bookings_pickup_time_known";--> statement-breakpoint
ALTER TABLE "pickup_slots" DROP CONSTRAINT "pickup_slots_pickup_time_known";--> statement-breakpoint
ALTER TABLE "pickup_series" DROP CONSTRAINT "pickup_series_pickup_time_known";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_pickup_time_window" CHECK ("bookings"."pickup_time" ~ '^(1[0-2]|[1-9])(am|pm)-(1[0-2]|[1-9])(am|pm)$');--> statement-breakpoint
ALTER TABLE "pickup_slots" ADD CONSTRAINT "pickup_slots_pickup_time_window" CHECK ("pickup_slots"."pickup_time" ~ '^(1[0-2]|[1-9])(am|pm)-(1[0-2]|[1-9])(am|pm)$');--> statement-breakpoint
ALTER TABLE "pickup_series" ADD CONSTRAINT "pickup_series_pickup_time_window" CHECK ("pickup_series"."pickup_time" ~ '^(1[0-2]|[1-9])(am|pm)-(1[0-2]|[1-9])(am|pm)$');