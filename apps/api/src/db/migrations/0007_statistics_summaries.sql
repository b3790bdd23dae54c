-- Statistics summaries (issue #11, ADR 0026). Triggers keep, in the same transaction as the rows
-- they summarise:
--   statistics_region_days      event counts per Berlin day and region of the organisation;
--   statistics_occupation_days  interest per Berlin day, region and occupation;
--   statistics_answer_days      decisions per Berlin day, region and answer-time bucket (median);
--   statistics_candidates       one narrow row per candidate: region, school, birth date,
--                               registration and the set of days the candidate was active;
--   statistics_organization_days  views and interest per organisation and Berlin day;
--   statistics_organizations    an organisation's last decision and last message (last activity).
-- The dashboard reads these instead of a million events. statistics_rebuild() recomputes all of
-- it from the raw tables: it fills an existing installation below, and the tests compare the
-- triggers' result with it after every kind of change.

CREATE TABLE "statistics_region_days" (
	"region" text NOT NULL,
	"day" date NOT NULL,
	-- From the organisation id: spreads concurrent writers of one region and day over 8 rows.
	"shard" smallint NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"interest_open" bigint DEFAULT 0 NOT NULL,
	"interest_accepted" bigint DEFAULT 0 NOT NULL,
	"interest_declined" bigint DEFAULT 0 NOT NULL,
	"decided_accepted" bigint DEFAULT 0 NOT NULL,
	"decided_declined" bigint DEFAULT 0 NOT NULL,
	"chats" bigint DEFAULT 0 NOT NULL,
	"messages" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "statistics_region_days_pk" PRIMARY KEY ("region", "day", "shard")
);
--> statement-breakpoint
CREATE INDEX "statistics_region_days_day_idx" ON "statistics_region_days" USING btree ("day");
--> statement-breakpoint
CREATE TABLE "statistics_occupation_days" (
	"region" text NOT NULL,
	"day" date NOT NULL,
	"occupation" text NOT NULL,
	"interest" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "statistics_occupation_days_pk" PRIMARY KEY ("region", "day", "occupation")
);
--> statement-breakpoint
CREATE INDEX "statistics_occupation_days_day_idx" ON "statistics_occupation_days" USING btree ("day");
--> statement-breakpoint
CREATE TABLE "statistics_answer_days" (
	"region" text NOT NULL,
	"day" date NOT NULL,
	"bucket" integer NOT NULL,
	"decisions" bigint DEFAULT 0 NOT NULL,
	"hours" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "statistics_answer_days_pk" PRIMARY KEY ("region", "day", "bucket")
);
--> statement-breakpoint
CREATE INDEX "statistics_answer_days_day_idx" ON "statistics_answer_days" USING btree ("day");
--> statement-breakpoint
CREATE TABLE "statistics_candidates" (
	"applicant_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"registered_at" timestamp with time zone NOT NULL,
	"region" text,
	"school" text,
	"date_of_birth" date,
	"active_days" datemultirange DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statistics_organization_days" (
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"day" date NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"interest" bigint DEFAULT 0 NOT NULL,
	-- Of that interest, how much is decided today (state not OPEN): the response rate.
	"interest_decided" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "statistics_organization_days_pk" PRIMARY KEY ("organization_id", "day")
);
--> statement-breakpoint
CREATE INDEX "statistics_organization_days_day_idx" ON "statistics_organization_days" USING btree ("day", "organization_id") INCLUDE ("views", "interest", "interest_decided");
--> statement-breakpoint
CREATE TABLE "statistics_organizations" (
	"organization_id" uuid PRIMARY KEY NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"last_decision_at" timestamp with time zone,
	"last_message_at" timestamp with time zone
);
--> statement-breakpoint
-- Open matchings older than 7 days per organisation (the table's "offen > 7 Tage").
CREATE INDEX "matchings_open_created_idx" ON "matchings" USING btree ("created_at") INCLUDE ("vacancy_id") WHERE "state" = 'OPEN';
--> statement-breakpoint
-- Recomputing a candidate's active days after a deletion.
CREATE INDEX "vacancy_views_applicant_idx" ON "vacancy_views" USING btree ("applicant_id", "day");
--> statement-breakpoint
CREATE FUNCTION statistics_berlin_day(ts timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT (ts AT TIME ZONE 'Europe/Berlin')::date
$$;
--> statement-breakpoint
CREATE FUNCTION statistics_shard(organization_id uuid) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT (hashtext(organization_id::text) & 7)::smallint
$$;
--> statement-breakpoint
CREATE FUNCTION statistics_occupation(training_occupation_name text, title text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT coalesce(nullif(trim(training_occupation_name), ''), trim(title))
$$;
--> statement-breakpoint
-- Answer times in buckets 5 % wide (log scale over minutes); each bucket also sums its hours, so a
-- bucket of equal answer times gives their exact value and any other is off by less than 5 %.
CREATE FUNCTION statistics_answer_bucket(hours double precision) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT floor(ln(1 + greatest(hours, 0) * 60) / ln(1.05))::integer
$$;
--> statement-breakpoint
CREATE FUNCTION statistics_answer_hours(created_at timestamptz, decided_at timestamptz) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT extract(epoch from (decided_at - created_at))::double precision / 3600.0
$$;
--> statement-breakpoint
-- One signed contribution to the day tables: an organisation's counts of a day, the occupation of
-- a matching's interest, the answer time of a decision.
CREATE TYPE statistics_delta AS (
	organization_id uuid,
	region text,
	day date,
	occupation text,
	answer_hours double precision,
	views bigint,
	interest_open bigint,
	interest_accepted bigint,
	interest_declined bigint,
	decided_accepted bigint,
	decided_declined bigint,
	chats bigint,
	messages bigint
);
--> statement-breakpoint
-- What every raw row contributes, with the ids that select a part of it (an organisation, a
-- posting, a chat): the one definition the rebuild and the deletions of parents use.
CREATE VIEW "statistics_contributions" AS
	SELECT o.id AS organization_id, v.id AS vacancy_id, NULL::uuid AS chat_id,
		ROW(o.id, o.region, vv.day, NULL, NULL, 1, 0, 0, 0, 0, 0, 0, 0)::statistics_delta AS delta
	FROM vacancy_views vv JOIN vacancies v ON v.id = vv.vacancy_id JOIN organizations o ON o.id = v.organization_id
	UNION ALL
	SELECT o.id, v.id, NULL, ROW(o.id, o.region, statistics_berlin_day(m.created_at), statistics_occupation(v.training_occupation_name, v.title), NULL,
		0, (m.state = 'OPEN')::int, (m.state = 'ACCEPTED')::int, (m.state = 'REJECTED')::int, 0, 0, 0, 0)::statistics_delta
	FROM matchings m JOIN vacancies v ON v.id = m.vacancy_id JOIN organizations o ON o.id = v.organization_id
	UNION ALL
	SELECT o.id, v.id, NULL, ROW(o.id, o.region, statistics_berlin_day(m.decided_at), NULL, statistics_answer_hours(m.created_at, m.decided_at),
		0, 0, 0, 0, (m.state = 'ACCEPTED')::int, (m.state = 'REJECTED')::int, 0, 0)::statistics_delta
	FROM matchings m JOIN vacancies v ON v.id = m.vacancy_id JOIN organizations o ON o.id = v.organization_id
	WHERE m.state <> 'OPEN' AND m.decided_at IS NOT NULL
	UNION ALL
	SELECT o.id, NULL, c.id, ROW(o.id, o.region, statistics_berlin_day(c.created_at), NULL, NULL, 0, 0, 0, 0, 0, 0, 1, 0)::statistics_delta
	FROM chats c JOIN organizations o ON o.id = c.organization_id
	UNION ALL
	SELECT o.id, NULL, c.id, ROW(o.id, o.region, statistics_berlin_day(msg.created_at), NULL, NULL, 0, 0, 0, 0, 0, 0, 0, 1)::statistics_delta
	FROM messages msg JOIN chats c ON c.id = msg.chat_id JOIN organizations o ON o.id = c.organization_id;
--> statement-breakpoint
-- Adds signed deltas to the day tables (rows of one key summed first, keys locked in order).
CREATE FUNCTION statistics_add(p_deltas statistics_delta[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO statistics_region_days AS s
	SELECT d.region, d.day, statistics_shard(d.organization_id), sum(d.views), sum(d.interest_open), sum(d.interest_accepted), sum(d.interest_declined),
		sum(d.decided_accepted), sum(d.decided_declined), sum(d.chats), sum(d.messages)
	FROM unnest(p_deltas) d
	GROUP BY d.region, d.day, statistics_shard(d.organization_id)
	ORDER BY d.region, d.day, statistics_shard(d.organization_id)
	ON CONFLICT (region, day, shard) DO UPDATE SET
		views = s.views + excluded.views,
		interest_open = s.interest_open + excluded.interest_open,
		interest_accepted = s.interest_accepted + excluded.interest_accepted,
		interest_declined = s.interest_declined + excluded.interest_declined,
		decided_accepted = s.decided_accepted + excluded.decided_accepted,
		decided_declined = s.decided_declined + excluded.decided_declined,
		chats = s.chats + excluded.chats,
		messages = s.messages + excluded.messages;
	INSERT INTO statistics_occupation_days AS s
	SELECT d.region, d.day, d.occupation, sum(d.interest_open + d.interest_accepted + d.interest_declined)
	FROM unnest(p_deltas) d
	WHERE d.occupation IS NOT NULL
	GROUP BY d.region, d.day, d.occupation
	HAVING sum(d.interest_open + d.interest_accepted + d.interest_declined) <> 0
	ORDER BY d.region, d.day, d.occupation
	ON CONFLICT (region, day, occupation) DO UPDATE SET interest = s.interest + excluded.interest;
	INSERT INTO statistics_answer_days AS s
	SELECT d.region, d.day, statistics_answer_bucket(d.answer_hours), sum(d.decided_accepted + d.decided_declined),
		sum(d.answer_hours * (d.decided_accepted + d.decided_declined))
	FROM unnest(p_deltas) d
	WHERE d.answer_hours IS NOT NULL
	GROUP BY d.region, d.day, statistics_answer_bucket(d.answer_hours)
	ORDER BY d.region, d.day, statistics_answer_bucket(d.answer_hours)
	ON CONFLICT (region, day, bucket) DO UPDATE SET decisions = s.decisions + excluded.decisions, hours = s.hours + excluded.hours;
	INSERT INTO statistics_organization_days AS s
	SELECT d.organization_id, d.day, sum(d.views), sum(d.interest_open + d.interest_accepted + d.interest_declined), sum(d.interest_accepted + d.interest_declined)
	FROM unnest(p_deltas) d
	GROUP BY d.organization_id, d.day
	HAVING sum(d.views) <> 0 OR sum(d.interest_open + d.interest_accepted + d.interest_declined) <> 0 OR sum(d.interest_accepted + d.interest_declined) <> 0
	ORDER BY d.organization_id, d.day
	ON CONFLICT (organization_id, day) DO UPDATE SET
		views = s.views + excluded.views,
		interest = s.interest + excluded.interest,
		interest_decided = s.interest_decided + excluded.interest_decided;
$$;
--> statement-breakpoint
-- Recomputes organisations' last decision and last message of their own from the raw rows.
CREATE FUNCTION statistics_refresh_organizations(p_ids uuid[]) RETURNS void LANGUAGE sql AS $$
	-- Grouped, not correlated max() subqueries: those get planned as a backwards scan of the whole
	-- time index per organisation until one of its rows turns up.
	INSERT INTO statistics_organizations AS s (organization_id, last_decision_at, last_message_at)
	SELECT o.id, decided.at, written.at
	FROM organizations o
	LEFT JOIN (
		SELECT v.organization_id, max(m.decided_at) AS at FROM vacancies v JOIN matchings m ON m.vacancy_id = v.id
		WHERE v.organization_id = ANY(p_ids) AND m.decided_at IS NOT NULL GROUP BY v.organization_id
	) decided ON decided.organization_id = o.id
	LEFT JOIN (
		SELECT c.organization_id, max(msg.created_at) AS at FROM chats c JOIN messages msg ON msg.chat_id = c.id
		WHERE c.organization_id = ANY(p_ids) AND msg.sender = 'ORGANIZATION' GROUP BY c.organization_id
	) written ON written.organization_id = o.id
	WHERE o.id = ANY(p_ids)
	ORDER BY o.id
	ON CONFLICT (organization_id) DO UPDATE SET last_decision_at = excluded.last_decision_at, last_message_at = excluded.last_message_at;
$$;
--> statement-breakpoint
-- Organisations of matchings (through their posting) whose decision time is set or changed.
CREATE FUNCTION statistics_refresh_decisions(p_rows matchings[]) RETURNS void LANGUAGE sql AS $$
	SELECT statistics_refresh_organizations(array(
		SELECT DISTINCT v.organization_id FROM unnest(p_rows) m JOIN vacancies v ON v.id = m.vacancy_id WHERE m.decided_at IS NOT NULL));
$$;
--> statement-breakpoint
-- Deltas with a sign and, optionally, another organisation and region (moves).
CREATE FUNCTION statistics_signed(p_deltas statistics_delta[], p_sign int, p_organization_id uuid DEFAULT NULL, p_region text DEFAULT NULL) RETURNS statistics_delta[] LANGUAGE sql AS $$
	SELECT coalesce(array_agg(ROW(coalesce(p_organization_id, d.organization_id), coalesce(p_region, d.region), d.day, d.occupation, d.answer_hours,
		p_sign * d.views, p_sign * d.interest_open, p_sign * d.interest_accepted, p_sign * d.interest_declined,
		p_sign * d.decided_accepted, p_sign * d.decided_declined, p_sign * d.chats, p_sign * d.messages)::statistics_delta), '{}')
	FROM unnest(p_deltas) d
$$;
--> statement-breakpoint
CREATE FUNCTION statistics_matching_deltas(p_rows matchings[]) RETURNS statistics_delta[] LANGUAGE sql AS $$
	SELECT coalesce(array_agg(d), '{}') FROM (
		SELECT ROW(o.id, o.region, statistics_berlin_day(m.created_at), statistics_occupation(v.training_occupation_name, v.title), NULL,
			0, (m.state = 'OPEN')::int, (m.state = 'ACCEPTED')::int, (m.state = 'REJECTED')::int, 0, 0, 0, 0)::statistics_delta AS d
		FROM unnest(p_rows) m JOIN vacancies v ON v.id = m.vacancy_id JOIN organizations o ON o.id = v.organization_id
		UNION ALL
		SELECT ROW(o.id, o.region, statistics_berlin_day(m.decided_at), NULL, statistics_answer_hours(m.created_at, m.decided_at),
			0, 0, 0, 0, (m.state = 'ACCEPTED')::int, (m.state = 'REJECTED')::int, 0, 0)::statistics_delta
		FROM unnest(p_rows) m JOIN vacancies v ON v.id = m.vacancy_id JOIN organizations o ON o.id = v.organization_id
		WHERE m.state <> 'OPEN' AND m.decided_at IS NOT NULL
	) deltas
$$;
--> statement-breakpoint
-- Adds active days (applicant_id, day) to candidates' sets.
CREATE FUNCTION statistics_add_active_days(p_applicants text[], p_days date[]) RETURNS void LANGUAGE sql AS $$
	UPDATE statistics_candidates s SET active_days = s.active_days + a.days
	FROM (
		SELECT x.applicant_id, range_agg(daterange(x.day, x.day, '[]')) AS days
		FROM unnest(p_applicants, p_days) AS x(applicant_id, day)
		GROUP BY x.applicant_id
	) a
	WHERE s.applicant_id = a.applicant_id AND NOT s.active_days @> a.days
$$;
--> statement-breakpoint
-- Recomputes candidates' active days from the raw rows (after deletions).
CREATE FUNCTION statistics_refresh_active_days(p_ids text[]) RETURNS void LANGUAGE sql AS $$
	UPDATE statistics_candidates s SET active_days = coalesce((
		SELECT range_agg(daterange(a.day, a.day, '[]')) FROM (
			SELECT vv.day FROM vacancy_views vv WHERE vv.applicant_id = s.applicant_id
			UNION
			SELECT statistics_berlin_day(m.created_at) FROM matchings m WHERE m.applicant_id = s.applicant_id
			UNION
			SELECT statistics_berlin_day(msg.created_at) FROM chats c JOIN messages msg ON msg.chat_id = c.id
			WHERE c.applicant_id = s.applicant_id AND msg.sender = 'APPLICANT'
		) a), '{}')
	WHERE s.applicant_id = ANY(p_ids)
$$;
--> statement-breakpoint
CREATE FUNCTION statistics_views_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM statistics_add(array(
		SELECT ROW(o.id, o.region, n.day, NULL, NULL, count(*), 0, 0, 0, 0, 0, 0, 0)::statistics_delta
		FROM new_rows n JOIN vacancies v ON v.id = n.vacancy_id JOIN organizations o ON o.id = v.organization_id
		GROUP BY o.id, o.region, n.day));
	PERFORM statistics_add_active_days(array_agg(applicant_id), array_agg(day)) FROM new_rows;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Rows whose posting is still there (a candidate's deletion). A posting's own deletion was
-- subtracted before it (statistics_vacancy_deleting), while its rows could still be joined.
CREATE FUNCTION statistics_views_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM statistics_add(array(
		SELECT ROW(o.id, o.region, d.day, NULL, NULL, -count(*), 0, 0, 0, 0, 0, 0, 0)::statistics_delta
		FROM old_rows d JOIN vacancies v ON v.id = d.vacancy_id JOIN organizations o ON o.id = v.organization_id
		GROUP BY o.id, o.region, d.day));
	PERFORM statistics_refresh_active_days(array(SELECT DISTINCT applicant_id FROM old_rows));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION statistics_matchings_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM statistics_add(statistics_matching_deltas(array(SELECT n::matchings FROM new_rows n)));
	PERFORM statistics_add_active_days(array_agg(applicant_id), array_agg(statistics_berlin_day(created_at))) FROM new_rows;
	PERFORM statistics_refresh_decisions(array(SELECT n::matchings FROM new_rows n));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION statistics_matchings_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM statistics_add(
		statistics_signed(statistics_matching_deltas(array(SELECT d::matchings FROM old_rows d)), -1)
		|| statistics_matching_deltas(array(SELECT n::matchings FROM new_rows n)));
	PERFORM statistics_refresh_decisions(array(
		SELECT n::matchings FROM new_rows n JOIN old_rows d ON d.id = n.id WHERE n.decided_at IS DISTINCT FROM d.decided_at
		UNION ALL
		SELECT d::matchings FROM new_rows n JOIN old_rows d ON d.id = n.id WHERE n.decided_at IS DISTINCT FROM d.decided_at));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION statistics_matchings_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM statistics_add(statistics_signed(statistics_matching_deltas(array(SELECT d::matchings FROM old_rows d)), -1));
	PERFORM statistics_refresh_active_days(array(SELECT DISTINCT applicant_id FROM old_rows));
	PERFORM statistics_refresh_decisions(array(SELECT d::matchings FROM old_rows d));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION statistics_chats_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM statistics_add(array(
		SELECT ROW(o.id, o.region, statistics_berlin_day(n.created_at), NULL, NULL, 0, 0, 0, 0, 0, 0, count(*), 0)::statistics_delta
		FROM new_rows n JOIN organizations o ON o.id = n.organization_id
		GROUP BY o.id, o.region, statistics_berlin_day(n.created_at)));
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A chat's own deletion: it and its messages (still there) are subtracted together, unless its
-- organisation is being deleted (not visible any more; statistics_organization_deleting did it).
CREATE FUNCTION statistics_chat_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM statistics_add(statistics_signed(array(SELECT c.delta FROM statistics_contributions c WHERE c.chat_id = OLD.id), -1))
	WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = OLD.organization_id);
	RETURN OLD;
END $$;
--> statement-breakpoint
CREATE FUNCTION statistics_chats_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM statistics_refresh_active_days(array(SELECT DISTINCT applicant_id FROM old_rows));
	PERFORM statistics_refresh_organizations(array(SELECT DISTINCT organization_id FROM old_rows));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION statistics_messages_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM statistics_add(array(
		SELECT ROW(o.id, o.region, statistics_berlin_day(n.created_at), NULL, NULL, 0, 0, 0, 0, 0, 0, 0, count(*))::statistics_delta
		FROM new_rows n JOIN chats c ON c.id = n.chat_id JOIN organizations o ON o.id = c.organization_id
		GROUP BY o.id, o.region, statistics_berlin_day(n.created_at)));
	PERFORM statistics_add_active_days(array_agg(c.applicant_id), array_agg(statistics_berlin_day(n.created_at)))
	FROM new_rows n JOIN chats c ON c.id = n.chat_id
	WHERE n.sender = 'APPLICANT';
	INSERT INTO statistics_organizations AS s (organization_id, last_message_at)
	SELECT c.organization_id, max(n.created_at)
	FROM new_rows n JOIN chats c ON c.id = n.chat_id
	WHERE n.sender = 'ORGANIZATION'
	GROUP BY c.organization_id
	ORDER BY c.organization_id
	ON CONFLICT (organization_id) DO UPDATE SET last_message_at = greatest(s.last_message_at, excluded.last_message_at);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION statistics_messages_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
-- A posting's own deletion: its views and matchings go while they can still be joined, unless its
-- organisation is being deleted (statistics_organization_deleting subtracted everything).
CREATE FUNCTION statistics_vacancy_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM statistics_add(statistics_signed(array(SELECT c.delta FROM statistics_contributions c WHERE c.vacancy_id = OLD.id), -1))
	WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = OLD.organization_id);
	RETURN OLD;
END $$;
--> statement-breakpoint
-- After a posting's deletion (and its matchings'): its organisation's last decision.
CREATE FUNCTION statistics_vacancies_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM statistics_refresh_organizations(array(SELECT DISTINCT organization_id FROM old_rows));
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A posting renamed or moved to another organisation: its figures follow it.
CREATE FUNCTION statistics_vacancies_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed record;
	part statistics_delta[];
BEGIN
	FOR changed IN
		SELECT n.id, d.organization_id AS old_organization_id, o.region AS old_region, d.training_occupation_name AS old_occupation_name, d.title AS old_title
		FROM new_rows n JOIN old_rows d ON d.id = n.id LEFT JOIN organizations o ON o.id = d.organization_id
		WHERE n.organization_id <> d.organization_id
			OR statistics_occupation(n.training_occupation_name, n.title) IS DISTINCT FROM statistics_occupation(d.training_occupation_name, d.title)
	LOOP
		part := array(SELECT c.delta FROM statistics_contributions c WHERE c.vacancy_id = changed.id);
		PERFORM statistics_add(
			array(
				SELECT ROW(changed.old_organization_id, changed.old_region, p.day,
					CASE WHEN p.occupation IS NOT NULL THEN statistics_occupation(changed.old_occupation_name, changed.old_title) END, p.answer_hours,
					-p.views, -p.interest_open, -p.interest_accepted, -p.interest_declined, -p.decided_accepted, -p.decided_declined, -p.chats, -p.messages)::statistics_delta
				FROM unnest(part) p WHERE changed.old_region IS NOT NULL)
			|| part);
	END LOOP;
	PERFORM statistics_refresh_organizations(array(
		SELECT n.organization_id FROM new_rows n JOIN old_rows d ON d.id = n.id WHERE n.organization_id <> d.organization_id
		UNION
		SELECT d.organization_id FROM new_rows n JOIN old_rows d ON d.id = n.id WHERE n.organization_id <> d.organization_id));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION statistics_organization_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM statistics_add(statistics_signed(array(SELECT c.delta FROM statistics_contributions c WHERE c.organization_id = OLD.id), -1));
	RETURN OLD;
END $$;
--> statement-breakpoint
-- An organisation moved to another region: its figures move with it.
CREATE FUNCTION statistics_organization_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	part statistics_delta[] := array(SELECT c.delta FROM statistics_contributions c WHERE c.organization_id = NEW.id);
BEGIN
	PERFORM statistics_add(statistics_signed(part, -1, NEW.id, OLD.region) || part);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION statistics_users_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO statistics_candidates (applicant_id, registered_at, region, school, date_of_birth)
	SELECT n.id, n.created_at, p.region, p.school, p.date_of_birth
	FROM new_rows n LEFT JOIN applicant_profiles p ON p.user_id = n.id
	WHERE n.type = 'APPLICANT';
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A user whose type or registration changes (rare: fixes by hand) is taken out and put back.
CREATE FUNCTION statistics_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM statistics_candidates WHERE applicant_id = NEW.id;
	INSERT INTO statistics_candidates (applicant_id, registered_at, region, school, date_of_birth)
	SELECT NEW.id, NEW.created_at, p.region, p.school, p.date_of_birth
	FROM (SELECT 1) one LEFT JOIN applicant_profiles p ON p.user_id = NEW.id
	WHERE NEW.type = 'APPLICANT';
	PERFORM statistics_refresh_active_days(ARRAY[NEW.id]);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION statistics_profile_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
-- Everything from the raw tables: fills an existing installation, and what the triggers must
-- always agree with (tested after every kind of change).
CREATE FUNCTION statistics_rebuild() RETURNS void LANGUAGE sql AS $$
	DELETE FROM statistics_region_days;
	DELETE FROM statistics_occupation_days;
	DELETE FROM statistics_answer_days;
	DELETE FROM statistics_organization_days;
	SELECT statistics_add(array(SELECT c.delta FROM statistics_contributions c));
	DELETE FROM statistics_organizations;
	SELECT statistics_refresh_organizations(array(SELECT id FROM organizations));
	DELETE FROM statistics_candidates;
	INSERT INTO statistics_candidates (applicant_id, registered_at, region, school, date_of_birth, active_days)
	SELECT u.id, u.created_at, p.region, p.school, p.date_of_birth, coalesce(a.days, '{}')
	FROM users u
	LEFT JOIN applicant_profiles p ON p.user_id = u.id
	LEFT JOIN (
		SELECT x.applicant_id, range_agg(daterange(x.day, x.day, '[]')) AS days FROM (
			SELECT vv.applicant_id, vv.day FROM vacancy_views vv
			UNION
			SELECT m.applicant_id, statistics_berlin_day(m.created_at) FROM matchings m
			UNION
			SELECT c.applicant_id, statistics_berlin_day(msg.created_at) FROM chats c JOIN messages msg ON msg.chat_id = c.id WHERE msg.sender = 'APPLICANT'
		) x
		GROUP BY x.applicant_id
	) a ON a.applicant_id = u.id
	WHERE u.type = 'APPLICANT';
$$;
--> statement-breakpoint
CREATE TRIGGER statistics_views_inserted AFTER INSERT ON vacancy_views REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_views_inserted();
--> statement-breakpoint
CREATE TRIGGER statistics_views_deleted AFTER DELETE ON vacancy_views REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_views_deleted();
--> statement-breakpoint
CREATE TRIGGER statistics_matchings_inserted AFTER INSERT ON matchings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_matchings_inserted();
--> statement-breakpoint
CREATE TRIGGER statistics_matchings_updated AFTER UPDATE ON matchings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_matchings_updated();
--> statement-breakpoint
CREATE TRIGGER statistics_matchings_deleted AFTER DELETE ON matchings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_matchings_deleted();
--> statement-breakpoint
CREATE TRIGGER statistics_chats_inserted AFTER INSERT ON chats REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_chats_inserted();
--> statement-breakpoint
CREATE TRIGGER statistics_chat_deleting BEFORE DELETE ON chats FOR EACH ROW EXECUTE FUNCTION statistics_chat_deleting();
--> statement-breakpoint
CREATE TRIGGER statistics_chats_deleted AFTER DELETE ON chats REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_chats_deleted();
--> statement-breakpoint
CREATE TRIGGER statistics_messages_inserted AFTER INSERT ON messages REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_messages_inserted();
--> statement-breakpoint
CREATE TRIGGER statistics_messages_deleted AFTER DELETE ON messages REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_messages_deleted();
--> statement-breakpoint
CREATE TRIGGER statistics_vacancy_deleting BEFORE DELETE ON vacancies FOR EACH ROW EXECUTE FUNCTION statistics_vacancy_deleting();
--> statement-breakpoint
CREATE TRIGGER statistics_vacancies_deleted AFTER DELETE ON vacancies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_vacancies_deleted();
--> statement-breakpoint
CREATE TRIGGER statistics_vacancies_updated AFTER UPDATE ON vacancies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_vacancies_updated();
--> statement-breakpoint
CREATE TRIGGER statistics_organization_deleting BEFORE DELETE ON organizations FOR EACH ROW EXECUTE FUNCTION statistics_organization_deleting();
--> statement-breakpoint
CREATE TRIGGER statistics_organization_moved AFTER UPDATE OF region ON organizations FOR EACH ROW WHEN (OLD.region IS DISTINCT FROM NEW.region) EXECUTE FUNCTION statistics_organization_moved();
--> statement-breakpoint
CREATE TRIGGER statistics_users_inserted AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_users_inserted();
--> statement-breakpoint
CREATE TRIGGER statistics_user_changed AFTER UPDATE OF type, created_at ON users FOR EACH ROW WHEN (OLD.type IS DISTINCT FROM NEW.type OR OLD.created_at IS DISTINCT FROM NEW.created_at) EXECUTE FUNCTION statistics_user_changed();
--> statement-breakpoint
CREATE TRIGGER statistics_profile_changed AFTER INSERT OR UPDATE OR DELETE ON applicant_profiles FOR EACH ROW EXECUTE FUNCTION statistics_profile_changed();
--> statement-breakpoint
SELECT statistics_rebuild();
