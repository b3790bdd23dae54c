DROP INDEX "vacancies_organization_id_title_idx";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "vacancy_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "active_vacancy_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Hand-written (ADR 0033): fill the copies of existing rows, then keep them right with triggers.
UPDATE "organizations" SET "vacancy_count" = counted.all_postings, "active_vacancy_count" = counted.active_postings FROM (SELECT organization_id, count(*) AS all_postings, count(*) FILTER (WHERE active) AS active_postings FROM "vacancies" GROUP BY organization_id) counted WHERE "organizations"."id" = counted.organization_id;
--> statement-breakpoint
UPDATE "users" SET "email" = "auth_users"."email", "name" = "auth_users"."name" FROM "auth_users" WHERE "auth_users"."id" = "users"."id";
--> statement-breakpoint
-- An organisation's posting counts follow every insert and delete of postings (one update per
-- organisation and statement: a bulk insert or the cascade of a deleted organisation is one
-- grouped update, not one per posting) and every move or (de)activation of a posting.
CREATE FUNCTION organizations_count_inserted_vacancies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE organizations o SET vacancy_count = o.vacancy_count + added.all_postings, active_vacancy_count = o.active_vacancy_count + added.active_postings
  FROM (SELECT organization_id, count(*) AS all_postings, count(*) FILTER (WHERE active) AS active_postings FROM new_rows GROUP BY organization_id) added
  WHERE o.id = added.organization_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER organizations_count_inserted_vacancies AFTER INSERT ON vacancies REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION organizations_count_inserted_vacancies();
--> statement-breakpoint
-- Postings deleted with their organisation find no organisation row any more: nothing to count.
CREATE FUNCTION organizations_count_deleted_vacancies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE organizations o SET vacancy_count = o.vacancy_count - removed.all_postings, active_vacancy_count = o.active_vacancy_count - removed.active_postings
  FROM (SELECT organization_id, count(*) AS all_postings, count(*) FILTER (WHERE active) AS active_postings FROM old_rows GROUP BY organization_id) removed
  WHERE o.id = removed.organization_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER organizations_count_deleted_vacancies AFTER DELETE ON vacancies REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION organizations_count_deleted_vacancies();
--> statement-breakpoint
CREATE FUNCTION organizations_count_changed_vacancy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE organizations SET vacancy_count = vacancy_count - 1, active_vacancy_count = active_vacancy_count - OLD.active::integer WHERE id = OLD.organization_id;
  UPDATE organizations SET vacancy_count = vacancy_count + 1, active_vacancy_count = active_vacancy_count + NEW.active::integer WHERE id = NEW.organization_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER organizations_count_changed_vacancy AFTER UPDATE OF organization_id, active ON vacancies
  FOR EACH ROW WHEN (OLD.organization_id IS DISTINCT FROM NEW.organization_id OR OLD.active IS DISTINCT FROM NEW.active)
  EXECUTE FUNCTION organizations_count_changed_vacancy();
--> statement-breakpoint
-- The users list's copies of the auth user's e-mail and name, as the posting's copy of its
-- organisation's name (migration 0008): taken on every write of the row, rewritten on every
-- change of the auth user.
CREATE FUNCTION users_copy_auth_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT a.email, a.name INTO NEW.email, NEW.name FROM auth_users a WHERE a.id = NEW.id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_copy_auth_user BEFORE INSERT OR UPDATE OF id, email, name ON users
  FOR EACH ROW EXECUTE FUNCTION users_copy_auth_user();
--> statement-breakpoint
CREATE FUNCTION auth_users_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET email = NEW.email, name = NEW.name WHERE id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER auth_users_renamed AFTER UPDATE OF email, name ON auth_users
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email OR OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION auth_users_renamed();
--> statement-breakpoint
CREATE INDEX "organizations_vacancy_count_desc_idx" ON "organizations" USING btree ("vacancy_count" DESC NULLS FIRST,"name","id");--> statement-breakpoint
CREATE INDEX "organizations_vacancy_count_idx" ON "organizations" USING btree ("vacancy_count","name","id");--> statement-breakpoint
CREATE INDEX "users_list_email_idx" ON "users" USING btree ("email","id") WHERE type <> 'APPLICANT';--> statement-breakpoint
CREATE INDEX "users_list_name_idx" ON "users" USING btree ("name","email","id") WHERE type <> 'APPLICANT';--> statement-breakpoint
CREATE INDEX "users_list_type_idx" ON "users" USING btree ("type","email","id") WHERE type <> 'APPLICANT';--> statement-breakpoint
CREATE INDEX "users_list_created_at_idx" ON "users" USING btree ("created_at","email","id") WHERE type <> 'APPLICANT';--> statement-breakpoint
CREATE INDEX "users_list_last_sign_in_idx" ON "users" USING btree ("last_sign_in_at","email","id") WHERE type <> 'APPLICANT';--> statement-breakpoint
CREATE INDEX "users_list_last_sign_in_desc_idx" ON "users" USING btree ("last_sign_in_at" DESC NULLS LAST,"email" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE type <> 'APPLICANT';--> statement-breakpoint
CREATE INDEX "vacancies_organization_id_title_idx" ON "vacancies" USING btree ("organization_id","title","id");