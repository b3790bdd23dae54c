-- Issue #48: "Top 10 Berufe" groups by the recognised training occupation, never by a posting's
-- title. A posting now counts under its trimmed training_occupation_name, or under '' when it has
-- none; the API maps each name to its official spelling from the shipped list
-- (packages/shared/src/training-occupations.ts), any other text to "Anderer Beruf" and '' to
-- "Ohne Angabe". The list stays in one place (TypeScript), so it is not copied into SQL; existing
-- free-text names are kept as they are and grouped by that mapping. The title argument stays, so
-- the triggers of migration 0007 that call this function need no change.
CREATE OR REPLACE FUNCTION statistics_occupation(training_occupation_name text, title text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT coalesce(trim(training_occupation_name), '')
$$;
--> statement-breakpoint
-- The occupation table was filled with titles for postings without an occupation: recompute only
-- it from the raw rows (a whole statistics_rebuild() would also forget, in every other table, the
-- shares the retention deletions keep; here only the occupation chart forgets them).
DELETE FROM statistics_occupation_days;
--> statement-breakpoint
INSERT INTO statistics_occupation_days (region, day, occupation, interest)
SELECT (c.delta).region, (c.delta).day, (c.delta).occupation,
	sum((c.delta).interest_open + (c.delta).interest_accepted + (c.delta).interest_declined)
FROM statistics_contributions c
WHERE (c.delta).occupation IS NOT NULL
GROUP BY 1, 2, 3
HAVING sum((c.delta).interest_open + (c.delta).interest_accepted + (c.delta).interest_declined) <> 0;
