/**
 * The query of a list's API request and of its CSV export link, built alike by the list screens'
 * API modules (users, organisations, orders, statistics). It sits with the lists, its only users.
 */

/** For lib/api-client's `query`: every value as a string; undefined and '' (no filter) left out. */
export function requestQuery(query: object): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => [key, value === undefined || value === '' ? undefined : String(value)]),
  );
}

/** The same query as a link's search params (an export is a plain link: the session cookie goes along). */
export function linkSearchOf(query: object): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(requestQuery(query))) if (value !== undefined) search.set(key, value);
  return search;
}
