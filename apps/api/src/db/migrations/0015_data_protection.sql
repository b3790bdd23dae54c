CREATE TABLE "retention_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"matching_id" uuid,
	"chat_id" uuid,
	"noticed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "retention_notices_matching_id_unique" UNIQUE("matching_id"),
	CONSTRAINT "retention_notices_chat_id_unique" UNIQUE("chat_id"),
	CONSTRAINT "retention_notices_one_item" CHECK (num_nonnulls("retention_notices"."matching_id", "retention_notices"."chat_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "retention_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"matching_retention_months" integer DEFAULT 6 NOT NULL,
	"candidate_inactivity_months" integer DEFAULT 24 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" text,
	CONSTRAINT "retention_settings_single_row" CHECK ("retention_settings"."id" = 1),
	CONSTRAINT "retention_settings_matching_bounds" CHECK ("retention_settings"."matching_retention_months" between 1 and 36),
	CONSTRAINT "retention_settings_candidate_bounds" CHECK ("retention_settings"."candidate_inactivity_months" between 6 and 60)
);
--> statement-breakpoint
ALTER TABLE "retention_notices" ADD CONSTRAINT "retention_notices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_notices" ADD CONSTRAINT "retention_notices_matching_id_matchings_id_fk" FOREIGN KEY ("matching_id") REFERENCES "public"."matchings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_notices" ADD CONSTRAINT "retention_notices_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retention_notices_noticed_at_idx" ON "retention_notices" USING btree ("noticed_at");
--> statement-breakpoint
-- Retention (issue #14, ADR 0046): the retention job deletes chats, matchings and inactive
-- candidates with `set_config('matchwerk.retention', 'on', true)` in its transactions. Then the
-- statistics summaries (ADR 0026) keep what the deleted rows contributed: the figures of past
-- seasons do not change when their personal data goes. Every other deletion (an account deleted
-- by its owner, a posting, an organisation) still subtracts its share, as before.
CREATE FUNCTION statistics_retaining() RETURNS boolean LANGUAGE sql STABLE AS $$
	SELECT coalesce(current_setting('matchwerk.retention', true), '') = 'on'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION statistics_views_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF statistics_retaining() THEN
		RETURN NULL;
	END IF;
	PERFORM statistics_add(array(
		SELECT ROW(o.id, o.region, d.day, NULL, NULL, -count(*), 0, 0, 0, 0, 0, 0, 0)::statistics_delta
		FROM old_rows d JOIN vacancies v ON v.id = d.vacancy_id JOIN organizations o ON o.id = v.organization_id
		GROUP BY o.id, o.region, d.day));
	PERFORM statistics_refresh_active_days(array(SELECT DISTINCT applicant_id FROM old_rows));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION statistics_matchings_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF statistics_retaining() THEN
		RETURN NULL;
	END IF;
	PERFORM statistics_add(statistics_signed(statistics_matching_deltas(array(SELECT d::matchings FROM old_rows d)), -1));
	PERFORM statistics_refresh_active_days(array(SELECT DISTINCT applicant_id FROM old_rows));
	PERFORM statistics_refresh_decisions(array(SELECT d::matchings FROM old_rows d));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION statistics_chat_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF statistics_retaining() THEN
		RETURN OLD;
	END IF;
	PERFORM statistics_add(statistics_signed(array(SELECT c.delta FROM statistics_contributions c WHERE c.chat_id = OLD.id), -1))
	WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = OLD.organization_id);
	RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION statistics_chats_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF statistics_retaining() THEN
		RETURN NULL;
	END IF;
	PERFORM statistics_refresh_active_days(array(SELECT DISTINCT applicant_id FROM old_rows));
	PERFORM statistics_refresh_organizations(array(SELECT DISTINCT organization_id FROM old_rows));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION statistics_messages_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF statistics_retaining() THEN
		RETURN NULL;
	END IF;
	PERFORM statistics_add(array(
		SELECT ROW(o.id, o.region, statistics_berlin_day(d.created_at), NULL, NULL, 0, 0, 0, 0, 0, 0, 0, -count(*))::statistics_delta
		FROM old_rows d JOIN chats c ON c.id = d.chat_id JOIN organizations o ON o.id = c.organization_id
		GROUP BY o.id, o.region, statistics_berlin_day(d.created_at)));
	PERFORM statistics_refresh_active_days(array(
		SELECT DISTINCT c.applicant_id FROM old_rows d JOIN chats c ON c.id = d.chat_id WHERE d.sender = 'APPLICANT'));
	PERFORM statistics_refresh_organizations(array(
		SELECT DISTINCT c.organization_id FROM old_rows d JOIN chats c ON c.id = d.chat_id WHERE d.sender = 'ORGANIZATION'));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION statistics_profile_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF statistics_retaining() THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'DELETE' THEN
		UPDATE statistics_candidates SET region = NULL, school = NULL, date_of_birth = NULL WHERE applicant_id = OLD.user_id;
	ELSE
		UPDATE statistics_candidates SET region = NEW.region, school = NEW.school, date_of_birth = NEW.date_of_birth
		WHERE applicant_id = NEW.user_id
			AND (region, school, date_of_birth) IS DISTINCT FROM (NEW.region, NEW.school, NEW.date_of_birth);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A candidate's summary row followed the user by ON DELETE CASCADE. Now a trigger does it: an
-- ordinary deletion removes the row as before; the retention job's deletion detaches it under a
-- random key (no link to any person left), so registered, active, school and age figures stay.
ALTER TABLE "statistics_candidates" DROP CONSTRAINT IF EXISTS "statistics_candidates_applicant_id_fkey";
--> statement-breakpoint
CREATE FUNCTION statistics_users_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF statistics_retaining() THEN
		UPDATE statistics_candidates s SET applicant_id = 'retained:' || gen_random_uuid()::text FROM old_rows d WHERE s.applicant_id = d.id;
	ELSE
		DELETE FROM statistics_candidates s USING old_rows d WHERE s.applicant_id = d.id;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER statistics_users_deleted AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_users_deleted();
--> statement-breakpoint
INSERT INTO "retention_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
