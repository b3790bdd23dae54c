DROP INDEX "organizations_name_idx";--> statement-breakpoint
DROP INDEX "organizations_region_name_idx";--> statement-breakpoint
CREATE INDEX "organizations_city_idx" ON "organizations" USING btree ("city","name","id");--> statement-breakpoint
CREATE INDEX "organizations_name_idx" ON "organizations" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "organizations_region_name_idx" ON "organizations" USING btree ("region","name","id");