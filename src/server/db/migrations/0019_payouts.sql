CREATE TABLE "payout_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payout_id" uuid NOT NULL,
	"assignment_id" uuid NOT NULL,
	"per_pound_cents" integer NOT NULL,
	"tip_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"operation_key" text NOT NULL,
	"source_charge" text,
	CONSTRAINT "payout_items_operation_key_unique" UNIQUE("operation_key"),
	CONSTRAINT "payout_items_parts" CHECK ("payout_items"."per_pound_cents" >= 0 AND "payout_items"."tip_cents" >= 0 AND "payout_items"."amount_cents" = "payout_items"."per_pound_cents" + "payout_items"."tip_cents" AND "payout_items"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"laundry_pro_id" uuid NOT NULL,
	"request_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_by" text,
	CONSTRAINT "payouts_request_key_unique" UNIQUE("laundry_pro_id","request_key"),
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "laundry_pros" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_assignment_id_laundry_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."laundry_assignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_laundry_pro_id_laundry_pros_id_fk" FOREIGN KEY ("laundry_pro_id") REFERENCES "public"."laundry_pros"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_items_assignment_idx" ON "payout_items" USING btree ("assignment_id");--> statement-breakpoint
CREATE INDEX "payout_items_payout_idx" ON "payout_items" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "payouts_pro_idx" ON "payouts" USING btree ("laundry_pro_id","created_at");--> statement-breakpoint
ALTER TABLE "laundry_pros" ADD CONSTRAINT "laundry_pros_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "laundry_pros" ADD CONSTRAINT "laundry_pros_user_id_unique" UNIQUE("user_id");