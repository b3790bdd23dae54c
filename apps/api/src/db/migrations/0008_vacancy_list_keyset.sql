-- Hand-written (ADR 0028): pg_trgm for the trigram indexes below (trusted extension, contrib on
-- Debian's PostgreSQL; PGlite loads it from @electric-sql/pglite/contrib/pg_trgm).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "organization_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "organization_region" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Hand-written (ADR 0028): fill the copies of existing postings, then keep them right with triggers.
UPDATE "vacancies" SET "organization_name" = "organizations"."name", "organization_region" = "organizations"."region" FROM "organizations" WHERE "organizations"."id" = "vacancies"."organization_id";--> statement-breakpoint
CREATE FUNCTION vacancies_copy_organization() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT o.name, o.region INTO NEW.organization_name, NEW.organization_region FROM organizations o WHERE o.id = NEW.organization_id;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER vacancies_copy_organization BEFORE INSERT OR UPDATE OF organization_id, organization_name, organization_region ON vacancies
  FOR EACH ROW EXECUTE FUNCTION vacancies_copy_organization();--> statement-breakpoint
CREATE FUNCTION organizations_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE vacancies SET organization_name = NEW.name, organization_region = NEW.region WHERE organization_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER organizations_renamed AFTER UPDATE OF name, region ON organizations
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.region IS DISTINCT FROM NEW.region) EXECUTE FUNCTION organizations_renamed();--> statement-breakpoint
CREATE INDEX "vacancies_list_organization_name_idx" ON "vacancies" USING btree ("organization_name","title","id");--> statement-breakpoint
CREATE INDEX "vacancies_list_region_idx" ON "vacancies" USING btree ("organization_region","organization_name","title","id");--> statement-breakpoint
CREATE INDEX "vacancies_list_title_idx" ON "vacancies" USING btree ("title","organization_name","id");--> statement-breakpoint
CREATE INDEX "vacancies_list_start_asc_idx" ON "vacancies" USING btree (coalesce("start", 'infinity'::date),"title","id");--> statement-breakpoint
CREATE INDEX "vacancies_list_start_desc_idx" ON "vacancies" USING btree (coalesce("start", '-infinity'::date),"title","id");--> statement-breakpoint
CREATE INDEX "vacancies_list_contact_name_idx" ON "vacancies" USING btree ("contact_name","title","id");--> statement-breakpoint
CREATE INDEX "vacancies_list_updated_at_idx" ON "vacancies" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "vacancies_title_trgm_idx" ON "vacancies" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vacancies_organization_name_trgm_idx" ON "vacancies" USING gin ("organization_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vacancies_city_trgm_idx" ON "vacancies" USING gin ("city" gin_trgm_ops);