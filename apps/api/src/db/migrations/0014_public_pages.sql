ALTER TABLE "organizations" ADD COLUMN "contact_phone_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "vacancies_public_newest_idx" ON "vacancies" USING btree ("organization_region","created_at","id") WHERE active;--> statement-breakpoint
CREATE INDEX "vacancies_public_title_idx" ON "vacancies" USING btree ("organization_region","title","id") WHERE active;--> statement-breakpoint
CREATE INDEX "vacancies_public_start_idx" ON "vacancies" USING btree ("organization_region",coalesce("start", 'infinity'::date),"id") WHERE active;