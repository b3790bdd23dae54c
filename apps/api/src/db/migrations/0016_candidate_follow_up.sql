CREATE TABLE "matching_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"matching_id" uuid NOT NULL,
	"author_user_id" text,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "response_deadlines" (
	"region" text PRIMARY KEY NOT NULL,
	"decline_after_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "response_deadlines_days" CHECK ("response_deadlines"."decline_after_days" between 7 and 90)
);
--> statement-breakpoint
ALTER TABLE "matchings" ADD COLUMN "decline_message" text;--> statement-breakpoint
ALTER TABLE "matchings" ADD COLUMN "declined_automatically" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "matchings" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "matching_notes" ADD CONSTRAINT "matching_notes_matching_id_matchings_id_fk" FOREIGN KEY ("matching_id") REFERENCES "public"."matchings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matching_notes" ADD CONSTRAINT "matching_notes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_deadlines" ADD CONSTRAINT "response_deadlines_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "matching_notes_matching_created_idx" ON "matching_notes" USING btree ("matching_id","created_at");--> statement-breakpoint
CREATE INDEX "matching_notes_author_idx" ON "matching_notes" USING btree ("author_user_id");--> statement-breakpoint
-- The answer-deadline job (ADR 0041) finds old open matchings through matchings_open_created_idx
-- (migration 0007, hand-written there: created_at of OPEN matchings).
-- Hand-written (ADR 0041): the candidate's names as one lower-case text for the name search of
-- the Anfragen list, and a trigram index on it (pg_trgm since migration 0008). array_to_string
-- is only STABLE in general (any element type); for text[] it is immutable, so this wrapper is.
CREATE FUNCTION applicant_name_text(names text[], family_names text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(array_to_string(names || family_names, ' '))
$$;--> statement-breakpoint
CREATE INDEX "applicant_profiles_name_trgm_idx" ON "applicant_profiles" USING gin (applicant_name_text("names", "family_names") gin_trgm_ops);
