-- decision 041: a new email for a pro's portal sign-in waits here for the pro to confirm it from
-- the new address; until then the sign-in keeps its confirmed email.
CREATE TABLE "pro_email_changes" (
	"pro_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pro_email_changes_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "pro_email_changes" ADD CONSTRAINT "pro_email_changes_pro_id_laundry_pros_id_fk" FOREIGN KEY ("pro_id") REFERENCES "public"."laundry_pros"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pro_email_changes" ADD CONSTRAINT "pro_email_changes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;