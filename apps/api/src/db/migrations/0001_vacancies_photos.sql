CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_kind" text NOT NULL,
	"organization_id" uuid,
	"vacancy_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "photos_owner_kind" CHECK ("photos"."owner_kind" in ('vacancy', 'organization', 'applicant')),
	CONSTRAINT "photos_vacancy_owner" CHECK ("photos"."owner_kind" <> 'vacancy' or "photos"."vacancy_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "vacancies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"training_occupation_name" text,
	"duration" text,
	"start" date,
	"start_of_training" date,
	"description" text NOT NULL,
	"description_excerpt" text DEFAULT '' NOT NULL,
	"what_were_looking_for" text,
	"about" text,
	"task_description" text,
	"benefits" text[] DEFAULT '{}'::text[] NOT NULL,
	"additional_benefits" text,
	"contact_name" text NOT NULL,
	"contact_phone" text,
	"salary_range" text,
	"salary_per_training_year" numeric(9, 2)[] DEFAULT '{}'::numeric[] NOT NULL,
	"additional_compensation" text,
	"country" text DEFAULT 'Deutschland' NOT NULL,
	"city" text NOT NULL,
	"zip_code" text NOT NULL,
	"street" text,
	"street_number" text,
	"lat" double precision,
	"lng" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vacancies_salary_years_max_4" CHECK (coalesce(array_length("vacancies"."salary_per_training_year", 1), 0) <= 4)
);
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_vacancy_id_vacancies_id_fk" FOREIGN KEY ("vacancy_id") REFERENCES "public"."vacancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_vacancy_id_position_idx" ON "photos" USING btree ("vacancy_id","position");--> statement-breakpoint
CREATE INDEX "photos_organization_id_idx" ON "photos" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "vacancies_organization_id_title_idx" ON "vacancies" USING btree ("organization_id","title");--> statement-breakpoint
CREATE INDEX "vacancies_active_idx" ON "vacancies" USING btree ("active");--> statement-breakpoint
CREATE INDEX "organizations_region_name_idx" ON "organizations" USING btree ("region","name");