CREATE TABLE "customer_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"token_hash" text NOT NULL,
	"email_key" text,
	"phone_key" text,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_sessions_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "customer_sessions_one_key" CHECK (("customer_sessions"."email_key" is null) <> ("customer_sessions"."phone_key" is null))
);
--> statement-breakpoint
CREATE TABLE "customer_sign_in_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"token_hash" text NOT NULL,
	"email_key" text,
	"phone_key" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "customer_sign_in_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "customer_sign_in_links_one_key" CHECK (("customer_sign_in_links"."email_key" is null) <> ("customer_sign_in_links"."phone_key" is null))
);
--> statement-breakpoint
CREATE INDEX "customer_sessions_expires_idx" ON "customer_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "customer_sign_in_links_expires_idx" ON "customer_sign_in_links" USING btree ("expires_at");