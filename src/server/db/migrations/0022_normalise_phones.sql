-- Phone numbers stored one way (src/shared/phone.ts normalisePhone): +1 and ten digits for a North
-- American number, else + and the digits, '' for none. Rewrites the numbers stored as typed.
CREATE FUNCTION washday_normalise_phone(raw text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN d = '' THEN '' WHEN length(d) = 10 THEN '+1' || d ELSE '+' || d END
  FROM (SELECT CASE WHEN left(x, 2) = '00' THEN substr(x, 3) ELSE x END AS d
        FROM (SELECT regexp_replace(coalesce(raw, ''), '[^0-9]', '', 'g') AS x) AS digits) AS national
$$;--> statement-breakpoint
UPDATE "bookings" SET "phone" = washday_normalise_phone("phone") WHERE "phone" IS DISTINCT FROM washday_normalise_phone("phone");--> statement-breakpoint
UPDATE "contact_messages" SET "phone" = washday_normalise_phone("phone") WHERE "phone" IS DISTINCT FROM washday_normalise_phone("phone");--> statement-breakpoint
UPDATE "laundry_pros" SET "phone" = washday_normalise_phone("phone") WHERE "phone" IS DISTINCT FROM washday_normalise_phone("phone");--> statement-breakpoint
UPDATE "subscriptions" SET "client_phone" = washday_normalise_phone("client_phone") WHERE "client_phone" IS DISTINCT FROM washday_normalise_phone("client_phone");--> statement-breakpoint
UPDATE "manual_invoices" SET "client_phone" = washday_normalise_phone("client_phone") WHERE "client_phone" IS DISTINCT FROM washday_normalise_phone("client_phone");--> statement-breakpoint
UPDATE "sms_consents" SET "phone" = washday_normalise_phone("phone") WHERE "phone" IS DISTINCT FROM washday_normalise_phone("phone");--> statement-breakpoint
DROP FUNCTION washday_normalise_phone(text);
