import { API_PATHS, organizationListResponseSchema } from '@matchwerk/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export const organizationSearchKeys = {
  search: (search: string) => ['organization-search', search] as const,
};

/** The organisations an admin or partner manages, searched by name (pickers in users, orders, postings). */
export function organizationSearchQueryOptions(search: string) {
  return queryOptions({
    queryKey: organizationSearchKeys.search(search),
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.organizations, {
        schema: organizationListResponseSchema,
        query: { search: search.trim() || undefined, pageSize: '20' },
        signal,
      }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
