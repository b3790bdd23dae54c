-- Sending a message (issue #12): the summaries' message trigger did the same as before, but
-- through statistics_add and statistics_add_active_days. Those are SQL functions, planned anew on
-- every call, and statistics_add runs four upserts of which a message fills one (the other three
-- select nothing). It cost about two thirds of a send's throughput. The trigger now writes what a
-- message contributes directly, in PL/pgSQL, whose statements keep their plans:
--   statistics_region_days.messages      +1 per message (organisation's region, Berlin day, shard);
--   statistics_candidates.active_days    the day, for candidates' messages;
--   statistics_organizations             last_message_at, for the organisation's messages.
-- The same rows as statistics_add would write; the rebuild comparison test checks it.
CREATE OR REPLACE FUNCTION statistics_messages_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO statistics_region_days AS s (region, day, shard, messages)
	SELECT o.region, statistics_berlin_day(n.created_at), statistics_shard(o.id), count(*)
	FROM new_rows n JOIN chats c ON c.id = n.chat_id JOIN organizations o ON o.id = c.organization_id
	GROUP BY o.region, statistics_berlin_day(n.created_at), statistics_shard(o.id)
	ORDER BY 1, 2, 3
	ON CONFLICT (region, day, shard) DO UPDATE SET messages = s.messages + excluded.messages;

	UPDATE statistics_candidates s SET active_days = s.active_days + a.days
	FROM (
		SELECT c.applicant_id, range_agg(daterange(statistics_berlin_day(n.created_at), statistics_berlin_day(n.created_at), '[]')) AS days
		FROM new_rows n JOIN chats c ON c.id = n.chat_id
		WHERE n.sender = 'APPLICANT'
		GROUP BY c.applicant_id
	) a
	WHERE s.applicant_id = a.applicant_id AND NOT s.active_days @> a.days;

	INSERT INTO statistics_organizations AS s (organization_id, last_message_at)
	SELECT c.organization_id, max(n.created_at)
	FROM new_rows n JOIN chats c ON c.id = n.chat_id
	WHERE n.sender = 'ORGANIZATION'
	GROUP BY c.organization_id
	ORDER BY c.organization_id
	ON CONFLICT (organization_id) DO UPDATE SET last_message_at = greatest(s.last_message_at, excluded.last_message_at);
	RETURN NULL;
END $$;
