CREATE TABLE "business_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "business_settings_one_row" CHECK ("business_settings"."id" = 1),
	CONSTRAINT "business_settings_version" CHECK ("business_settings"."version" >= 1)
);
