import { publicVacancyListResponseSchema, publicVacancySchema, type PublicVacancyQuery } from '@matchwerk/shared';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { publicPaths } from '../../../lib/api-paths';

/** The public marketplace (no session): a region's postings page by page, one posting. */
export const publicKeys = {
  all: ['public'] as const,
  list: (query: PublicVacancyQuery) => [...publicKeys.all, 'list', query] as const,
  detail: (id: string) => [...publicKeys.all, 'detail', id] as const,
};

/** Strings and numbers as query values; empty, null and undefined are left out. */
function queryString(query: Record<string, unknown>): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => [
      key,
      (typeof value === 'string' && value !== '') || typeof value === 'number' ? String(value) : undefined,
    ]),
  );
}

/** Keyset pages ("Mehr laden"): each page asks for the one after the previous page's cursor. */
export function publicVacanciesQueryOptions(query: PublicVacancyQuery) {
  return infiniteQueryOptions({
    queryKey: publicKeys.list(query),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(publicPaths.vacancies, {
        schema: publicVacancyListResponseSchema,
        query: queryString({ ...query, cursor: pageParam }),
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // The screen shows errors itself (a German message and a retry button).
    meta: { handledInline: true },
  });
}

export function publicVacancyQueryOptions(id: string) {
  return queryOptions({
    queryKey: publicKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(publicPaths.vacancy(id), { schema: publicVacancySchema, signal }),
    meta: { handledInline: true },
    retry: false,
  });
}
