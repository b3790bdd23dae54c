-- German order and search (issue 48 item 4, ADR 0117). german_fold() is the SQL twin of
-- foldGerman() in packages/shared/src/german-text.ts (same two translate() strings; the API test
-- german-text.db.test.ts compares them on PostgreSQL and PGlite). No ICU collation: PGlite has none.
CREATE OR REPLACE FUNCTION german_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$ SELECT replace(replace(translate(value, 'ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅàáâãäåĄąĀāÆæÇçĆćČčĎďÈÉÊËèéêëĘęĚěĒēĞğÌÍÎÏìíîïİıĪīŁłÑñŃńŇňÒÓÔÕÖØòóôõöøŐőŌōŘřŚśŠšŞşȘșŤťŢţȚțÙÚÛÜùúûüŰűŮůŪūÝýÿŸŹźŻżŽž', 'abcdefghijklmnopqrstuvwxyzaaaaaaaaaaaaaaaaaaccccccddeeeeeeeeeeeeeeggiiiiiiiiiiiillnnnnnnoooooooooooooooorrssssssssttttttuuuuuuuuuuuuuuyyyyzzzzzz'), 'ß', 'ss'), 'ẞ', 'ss') $$;
--> statement-breakpoint
-- The stored search text: the folded name and, on a second line, "ae"/"oe"/"ue" read as umlauts.
-- The two functions of generated columns find german_fold() by their own search_path: pg_restore
-- fills the tables with an empty one (the backup check failed without it).
CREATE OR REPLACE FUNCTION german_search_text(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT SET search_path FROM CURRENT
AS $$ SELECT german_fold(value) || chr(10) || replace(replace(replace(german_fold(value), 'ae', 'a'), 'oe', 'o'), 'ue', 'u') $$;
--> statement-breakpoint
-- DIN 5007-1 sort key, compared with COLLATE "C": the folded name, chr(1), the name itself (ties).
CREATE OR REPLACE FUNCTION german_sort_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT SET search_path FROM CURRENT
AS $$ SELECT german_fold(value) || chr(1) || value $$;
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "name_sort" text GENERATED ALWAYS AS (german_sort_key("name")) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "name_search" text GENERATED ALWAYS AS (german_search_text("name")) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "city_search" text GENERATED ALWAYS AS (german_search_text("city")) STORED;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_sort" text GENERATED ALWAYS AS (german_sort_key("name")) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_search" text GENERATED ALWAYS AS (german_search_text("name")) STORED NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "organizations_name_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "organizations_region_name_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "organizations_city_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "organizations_vacancy_count_desc_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "organizations_vacancy_count_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "organizations_last_sign_in_desc_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "organizations_last_sign_in_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "organizations_name_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "organizations_city_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "users_list_name_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organizations_name_idx" ON "organizations" USING btree ("name_sort" COLLATE "C","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organizations_region_name_idx" ON "organizations" USING btree ("region","name_sort" COLLATE "C","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organizations_city_idx" ON "organizations" USING btree ("city","name_sort" COLLATE "C","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organizations_vacancy_count_desc_idx" ON "organizations" USING btree ("vacancy_count" DESC NULLS FIRST,"name_sort" COLLATE "C","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organizations_vacancy_count_idx" ON "organizations" USING btree ("vacancy_count","name_sort" COLLATE "C","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organizations_last_sign_in_desc_idx" ON "organizations" USING btree ("last_sign_in_at" DESC NULLS LAST,"name_sort" COLLATE "C","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organizations_last_sign_in_idx" ON "organizations" USING btree ("last_sign_in_at" NULLS LAST,"name_sort" COLLATE "C","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organizations_name_search_trgm_idx" ON "organizations" USING gin ("name_search" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organizations_city_search_trgm_idx" ON "organizations" USING gin ("city_search" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_list_name_idx" ON "users" USING btree ("name_sort" COLLATE "C","email","id") WHERE type <> 'APPLICANT';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_search_trgm_idx" ON "users" USING gin ("name_search" gin_trgm_ops);
