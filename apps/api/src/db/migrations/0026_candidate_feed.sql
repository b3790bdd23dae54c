CREATE TABLE "applicant_dismissals" (
	"applicant_id" text NOT NULL,
	"vacancy_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicant_dismissals_applicant_id_vacancy_id_pk" PRIMARY KEY("applicant_id","vacancy_id")
);
--> statement-breakpoint
ALTER TABLE "applicant_dismissals" ADD CONSTRAINT "applicant_dismissals_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_dismissals" ADD CONSTRAINT "applicant_dismissals_vacancy_id_vacancies_id_fk" FOREIGN KEY ("vacancy_id") REFERENCES "public"."vacancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicant_dismissals_vacancy_idx" ON "applicant_dismissals" USING btree ("vacancy_id");--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD COLUMN "zip_code" text;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD COLUMN "wanted_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD COLUMN "wanted_fields" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD COLUMN "available_from" date;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD COLUMN "strengths" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD CONSTRAINT "applicant_profiles_wanted_types" CHECK ("applicant_profiles"."wanted_types" <@ ARRAY['APPRENTICESHIP', 'INTERNSHIP', 'DUAL_STUDY', 'HOLIDAY_JOB', 'VOLUNTARY_SERVICE']::text[]);--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD CONSTRAINT "applicant_profiles_strengths" CHECK ("applicant_profiles"."strengths" <@ ARRAY['TEAMWORK', 'RELIABLE', 'CAREFUL', 'CREATIVE', 'HANDS_ON', 'TECHNICAL', 'NUMBERS', 'PEOPLE', 'ORGANISED', 'DIGITAL', 'LANGUAGES', 'PHYSICAL']::text[]);--> statement-breakpoint
ALTER TABLE "matchings" ADD COLUMN "note" text;--> statement-breakpoint
CREATE INDEX "vacancies_feed_newest_idx" ON "vacancies" USING btree ("created_at","id") WHERE active;--> statement-breakpoint
CREATE INDEX "vacancies_feed_start_idx" ON "vacancies" USING btree (coalesce("start", 'infinity'::date),"id") WHERE active;--> statement-breakpoint
CREATE INDEX "vacancies_feed_place_idx" ON "vacancies" USING btree ("lat","lng") WHERE active;
