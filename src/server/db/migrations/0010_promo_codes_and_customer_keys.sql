CREATE TABLE "promo_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"bag_rate_cents" integer NOT NULL,
	"waives_add_ons" boolean DEFAULT false NOT NULL,
	"first_time_only" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"valid_from" date,
	"valid_until" date,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_upper" CHECK ("promo_codes"."code" = upper("promo_codes"."code") and length("promo_codes"."code") between 1 and 20),
	CONSTRAINT "promo_codes_bag_rate" CHECK ("promo_codes"."bag_rate_cents" >= 0),
	CONSTRAINT "promo_codes_max_uses" CHECK (("promo_codes"."max_uses" is null or "promo_codes"."max_uses" >= 0) and ("promo_codes"."max_uses_per_customer" is null or "promo_codes"."max_uses_per_customer" >= 0))
);
--> statement-breakpoint
DROP INDEX "bookings_email_lower_idx";--> statement-breakpoint
DROP INDEX "bookings_phone_digits_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "promo_bag_rate_cents" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "promo_waives_add_ons" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "email_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "phone_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_email_key_idx" ON "bookings" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "bookings_phone_key_idx" ON "bookings" USING btree ("phone_key");--> statement-breakpoint
CREATE INDEX "bookings_promo_code_idx" ON "bookings" USING btree ("promo_code") WHERE "bookings"."promo_code" is not null;--> statement-breakpoint
-- the business's own first-time offer (spec: customer-site 9); TEST1 and FREE only in the development seed
INSERT INTO "promo_codes" ("code", "description", "bag_rate_cents", "waives_add_ons", "first_time_only", "max_uses_per_customer")
VALUES ('FIRST12', 'First-time customers: $24 a bag', 2400, false, true, 1)
ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
-- earlier bookings keep the rate they were booked at
UPDATE "bookings" SET
  "promo_bag_rate_cents" = CASE upper("promo_code") WHEN 'FIRST12' THEN 2400 WHEN 'TEST1' THEN 100 WHEN 'FREE' THEN 0 END,
  "promo_waives_add_ons" = upper("promo_code") = 'FREE'
WHERE "promo_code" IS NOT NULL;--> statement-breakpoint
-- customer keys of earlier bookings: customerEmailKey and customerPhoneKey (src/shared/customer-identity.ts)
UPDATE "bookings" AS b SET
  "email_key" = CASE WHEN k.domain IN ('gmail.com', 'googlemail.com') THEN replace(k.local, '.', '') || '@gmail.com' ELSE k.local || '@' || k.domain END,
  "phone_key" = CASE WHEN length(k.digits) = 11 AND left(k.digits, 1) = '1' THEN substr(k.digits, 2) ELSE k.digits END
FROM (
  SELECT "id",
    split_part(substr(lower(trim("email")), 1, length(trim("email")) - strpos(reverse(trim("email")), '@')), '+', 1) AS local,
    lower(substr(trim("email"), length(trim("email")) - strpos(reverse(trim("email")), '@') + 2)) AS domain,
    regexp_replace(regexp_replace("phone", '[^0-9]', '', 'g'), '^00', '') AS digits
  FROM "bookings"
) AS k
WHERE b."id" = k."id";
