DROP INDEX "matchings_applicant_id_idx";--> statement-breakpoint
CREATE INDEX "matchings_applicant_created_idx" ON "matchings" USING btree ("applicant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "matchings_vacancy_state_created_idx" ON "matchings" USING btree ("vacancy_id","state","created_at","id");