-- The candidate feed's kept answers (issue 46, ADR 0107) are retired by the same channel as the
-- organisations' (migration 0021, ADR 0065), with two more kinds of payload:
-- - "p": something a posting card shows or the rule of who may see it changed (any posting, its
--   photos, its organisation's name, region or state). One payload per transaction, however
--   many rows: the API raises one version for all postings.
-- - "a:<candidate id>": that candidate's own side changed (interests and their decisions,
--   "nicht interessiert", ended contacts, the profile the feed defaults to).
-- Statement triggers like 0021's; identical notifications of one transaction are sent once.
CREATE FUNCTION postings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('matchwerk_data', 'p');
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION candidate_changed(applicant_ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('matchwerk_data', 'a:' || changed.id)
	FROM (SELECT DISTINCT unnest(applicant_ids) AS id) AS changed
	WHERE changed.id IS NOT NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION candidate_changed_by_applicant_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'DELETE' THEN PERFORM candidate_changed(array(SELECT applicant_id FROM new_rows)); END IF;
	IF TG_OP <> 'INSERT' THEN PERFORM candidate_changed(array(SELECT applicant_id FROM old_rows)); END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION candidate_changed_by_user_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'DELETE' THEN PERFORM candidate_changed(array(SELECT user_id FROM new_rows)); END IF;
	IF TG_OP <> 'INSERT' THEN PERFORM candidate_changed(array(SELECT user_id FROM old_rows)); END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER vacancies_postings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vacancies FOR EACH STATEMENT EXECUTE FUNCTION postings_changed();
--> statement-breakpoint
CREATE TRIGGER photos_postings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON photos FOR EACH STATEMENT EXECUTE FUNCTION postings_changed();
--> statement-breakpoint
-- Only when a card or the visibility rule changes: a sign-in writes last_sign_in_at (migration 0022).
-- A deleted organisation's postings go with it (their delete notifies).
CREATE TRIGGER organizations_postings_changed AFTER UPDATE ON organizations FOR EACH ROW
	WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.region IS DISTINCT FROM NEW.region OR OLD.active IS DISTINCT FROM NEW.active)
	EXECUTE FUNCTION postings_changed();
--> statement-breakpoint
DO $$
DECLARE
	watched text[][] := ARRAY[
		['matchings', 'candidate_changed_by_applicant_id'],
		['applicant_dismissals', 'candidate_changed_by_applicant_id'],
		['contact_ends', 'candidate_changed_by_applicant_id'],
		['applicant_profiles', 'candidate_changed_by_user_id']
	];
	entry text[];
BEGIN
	FOREACH entry SLICE 1 IN ARRAY watched LOOP
		EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
			entry[1] || '_candidate_inserted', entry[1], entry[2]);
		EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
			entry[1] || '_candidate_updated', entry[1], entry[2]);
		EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
			entry[1] || '_candidate_deleted', entry[1], entry[2]);
	END LOOP;
END $$;
