ALTER TABLE "vacancies" ADD COLUMN "application_deadline" date;--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "publish_on" date;--> statement-breakpoint
CREATE INDEX "vacancies_publish_on_idx" ON "vacancies" USING btree ("publish_on") WHERE publish_on is not null;--> statement-breakpoint
CREATE INDEX "vacancies_deadline_active_idx" ON "vacancies" USING btree ("application_deadline") WHERE active and application_deadline is not null;