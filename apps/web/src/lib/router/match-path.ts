/** A route's pattern (`/chat/:id`, `*` for anything) against a pathname. */

export type Params = Readonly<Record<string, string | undefined>>;

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    // A malformed escape (`%E0%A4%A`) stays as typed: the screen then finds no such record.
    return value;
  }
}

/**
 * The params if `pattern` matches the whole `pathname`, else null. Letter case and a trailing
 * slash do not matter (`/Vacancies/` is the posting list), as with the router used before.
 */
export function matchPath(pattern: string, pathname: string): Params | null {
  if (pattern === '*') return {};
  const wanted = segmentsOf(pattern);
  const actual = segmentsOf(pathname);
  if (wanted.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [position, segment] of wanted.entries()) {
    const value = actual[position] as string;
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeParam(value);
    else if (segment.toLowerCase() !== value.toLowerCase()) return null;
  }
  return params;
}

/** How specific a pattern is: static segments before params, params before the catch-all. */
function rank(pattern: string): number {
  if (pattern === '*') return -1;
  return segmentsOf(pattern).reduce((score, segment) => score + (segment.startsWith(':') ? 2 : 3), 0);
}

/** The patterns, most specific first: `/vacancies/new` before `/vacancies/:id`, `*` last. */
export function bySpecificity<T extends { path: string }>(routes: readonly T[]): T[] {
  return routes
    .map((route, order) => ({ route, order, rank: rank(route.path) }))
    .sort((a, b) => b.rank - a.rank || a.order - b.order)
    .map(({ route }) => route);
}
