-- Every change to what an organisation's screens show notifies the organisation's id on the
-- channel "matchwerk_data" (issue #12, ADR 0065). The API listens and raises the organisation's
-- data version, which retires the organisation's cached list answers. A notification is sent
-- when its transaction commits; identical ones of one transaction are sent once. A TRUNCATE
-- notifies "*" (everything may have changed).
CREATE FUNCTION data_changed(organization_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('matchwerk_data', changed.id::text)
	FROM (SELECT DISTINCT unnest(organization_ids) AS id) AS changed
	WHERE changed.id IS NOT NULL;
END $$;
--> statement-breakpoint
-- A user's own organisation and, for a candidate, every organisation with a matching or a chat
-- with them (their profile and photos show there).
CREATE FUNCTION data_changed_for_users(user_ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	PERFORM data_changed(array(
		SELECT u.organization_id FROM users u WHERE u.id = ANY(user_ids)
		UNION SELECT v.organization_id FROM matchings m JOIN vacancies v ON v.id = m.vacancy_id WHERE m.applicant_id = ANY(user_ids)
		UNION SELECT c.organization_id FROM chats c WHERE c.applicant_id = ANY(user_ids)));
END $$;
--> statement-breakpoint
CREATE FUNCTION data_changed_everything() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('matchwerk_data', '*');
	RETURN NULL;
END $$;
--> statement-breakpoint
-- One function per table: the rows of the statement (new_rows unless deleted, old_rows unless
-- inserted) to the organisations they belong to.
CREATE FUNCTION data_changed_organizations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'DELETE' THEN PERFORM data_changed(array(SELECT id FROM new_rows)); END IF;
	IF TG_OP <> 'INSERT' THEN PERFORM data_changed(array(SELECT id FROM old_rows)); END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION data_changed_by_organization_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'DELETE' THEN PERFORM data_changed(array(SELECT organization_id FROM new_rows)); END IF;
	IF TG_OP <> 'INSERT' THEN PERFORM data_changed(array(SELECT organization_id FROM old_rows)); END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION data_changed_photos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'DELETE' THEN
		PERFORM data_changed(array(SELECT coalesce(r.organization_id, v.organization_id) FROM new_rows r LEFT JOIN vacancies v ON v.id = r.vacancy_id));
	END IF;
	IF TG_OP <> 'INSERT' THEN
		PERFORM data_changed(array(SELECT coalesce(r.organization_id, v.organization_id) FROM old_rows r LEFT JOIN vacancies v ON v.id = r.vacancy_id));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Matchings and (deleted) posting views: through their posting.
CREATE FUNCTION data_changed_by_vacancy_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'DELETE' THEN
		PERFORM data_changed(array(SELECT v.organization_id FROM new_rows r JOIN vacancies v ON v.id = r.vacancy_id));
	END IF;
	IF TG_OP <> 'INSERT' THEN
		PERFORM data_changed(array(SELECT v.organization_id FROM old_rows r JOIN vacancies v ON v.id = r.vacancy_id));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Deleted messages and read marks: through their chat (a deleted chat notifies itself).
CREATE FUNCTION data_changed_by_chat_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM data_changed(array(SELECT c.organization_id FROM old_rows r JOIN chats c ON c.id = r.chat_id));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION data_changed_matching_notes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'DELETE' THEN
		PERFORM data_changed(array(SELECT v.organization_id FROM new_rows r JOIN matchings m ON m.id = r.matching_id JOIN vacancies v ON v.id = m.vacancy_id));
	END IF;
	IF TG_OP <> 'INSERT' THEN
		PERFORM data_changed(array(SELECT v.organization_id FROM old_rows r JOIN matchings m ON m.id = r.matching_id JOIN vacancies v ON v.id = m.vacancy_id));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- An answer deadline is set per region: every organisation of the region.
CREATE FUNCTION data_changed_response_deadlines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'DELETE' THEN
		PERFORM data_changed(array(SELECT o.id FROM new_rows r JOIN organizations o ON o.region = r.region));
	END IF;
	IF TG_OP <> 'INSERT' THEN
		PERFORM data_changed(array(SELECT o.id FROM old_rows r JOIN organizations o ON o.region = r.region));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION data_changed_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'DELETE' THEN PERFORM data_changed_for_users(array(SELECT id FROM new_rows)); END IF;
	-- A deleted or moved user's former organisation (the row itself is gone or changed).
	IF TG_OP <> 'INSERT' THEN PERFORM data_changed(array(SELECT organization_id FROM old_rows)); END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION data_changed_by_user_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'DELETE' THEN PERFORM data_changed_for_users(array(SELECT user_id FROM new_rows)); END IF;
	IF TG_OP <> 'INSERT' THEN PERFORM data_changed_for_users(array(SELECT user_id FROM old_rows)); END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION data_changed_applicant_photos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'DELETE' THEN PERFORM data_changed_for_users(array(SELECT applicant_id FROM new_rows)); END IF;
	IF TG_OP <> 'INSERT' THEN PERFORM data_changed_for_users(array(SELECT applicant_id FROM old_rows)); END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Three statement triggers per table (a trigger with transition tables has one event) and one for
-- TRUNCATE. PostgreSQL commits transactions that notify one after another (a lock on the queue
-- held until the commit is flushed), so the four hottest writes do not notify on insert and
-- update: a chat message (messages, chats), a read mark (chat_reads) and a posting view
-- (vacancy_views). Each has one writer in the API, which raises the organisation's data version
-- itself after its commit (ADR 0065); a chat's first row comes with the matching's decision, which
-- notifies. Their deletions (accounts, retention) notify like all others.
DO $$
DECLARE
	watched text[][] := ARRAY[
		['organizations', 'data_changed_organizations', 'all'],
		['vacancies', 'data_changed_by_organization_id', 'all'],
		['photos', 'data_changed_photos', 'all'],
		['vacancy_views', 'data_changed_by_vacancy_id', 'delete'],
		['matchings', 'data_changed_by_vacancy_id', 'all'],
		['chats', 'data_changed_by_organization_id', 'delete'],
		['messages', 'data_changed_by_chat_id', 'delete'],
		['chat_reads', 'data_changed_by_chat_id', 'delete'],
		['matching_notes', 'data_changed_matching_notes', 'all'],
		['response_deadlines', 'data_changed_response_deadlines', 'all'],
		['users', 'data_changed_users', 'all'],
		['user_seen_marks', 'data_changed_by_user_id', 'all'],
		['applicant_profiles', 'data_changed_by_user_id', 'all'],
		['applicant_photos', 'data_changed_applicant_photos', 'all']
	];
	entry text[];
BEGIN
	FOREACH entry SLICE 1 IN ARRAY watched LOOP
		IF entry[3] = 'all' THEN
			EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
				entry[1] || '_data_inserted', entry[1], entry[2]);
			EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
				entry[1] || '_data_updated', entry[1], entry[2]);
		END IF;
		EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
			entry[1] || '_data_deleted', entry[1], entry[2]);
		EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION data_changed_everything()',
			entry[1] || '_data_truncated', entry[1]);
	END LOOP;
END $$;
