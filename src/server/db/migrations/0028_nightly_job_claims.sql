CREATE TABLE "job_claims" (
	"job" text NOT NULL,
	"day" date NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text NOT NULL,
	CONSTRAINT "job_claims_job_day_pk" PRIMARY KEY("job","day")
);
