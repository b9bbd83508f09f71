CREATE TABLE "payment_claims" (
	"subject_id" uuid PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL
);
