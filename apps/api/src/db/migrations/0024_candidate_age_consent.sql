CREATE TABLE "parental_consents" (
	"applicant_id" text PRIMARY KEY NOT NULL,
	"parent_email" text NOT NULL,
	"status" text NOT NULL,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parental_consents_token_hash_key" UNIQUE("token_hash"),
	CONSTRAINT "parental_consents_status" CHECK ("parental_consents"."status" in ('PENDING', 'CONFIRMED', 'DECLINED', 'REVOKED'))
);
--> statement-breakpoint
CREATE TABLE "parental_consent_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" text NOT NULL,
	"event" text NOT NULL,
	"parent_email" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parental_consent_events_event" CHECK ("parental_consent_events"."event" in ('REQUESTED', 'RESENT', 'CONFIRMED', 'DECLINED', 'REVOKED'))
);
--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "min_age" smallint DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "parental_consents" ADD CONSTRAINT "parental_consents_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parental_consent_events" ADD CONSTRAINT "parental_consent_events_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parental_consent_events_applicant_at_idx" ON "parental_consent_events" USING btree ("applicant_id","at");--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_min_age" CHECK ("vacancies"."min_age" between 13 and 18);--> statement-breakpoint
-- Hand-written (ADR 0096): existing postings get their type's default minimum age (internships 14, the rest 15).
UPDATE "vacancies" SET "min_age" = 14 WHERE "type" = 'INTERNSHIP';
