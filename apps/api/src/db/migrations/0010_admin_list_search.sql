CREATE INDEX "auth_users_email_trgm_idx" ON "auth_users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "auth_users_name_trgm_idx" ON "auth_users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organizations_name_trgm_idx" ON "organizations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organizations_city_trgm_idx" ON "organizations" USING gin ("city" gin_trgm_ops);