/** The dashboard's calls: GET /rest/statistics, /organizations and the export link. */
import {
  API_PATHS,
  statisticsDashboardSchema,
  statisticsOrganizationsPageSchema,
  type Region,
  type StatisticsOrganizationSort,
  type StatisticsPeriod,
} from '@matchwerk/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { linkSearchOf, requestQuery } from '../../../components/lists/list-request-query';

export interface StatisticsRequest extends StatisticsPeriod {
  region?: Region;
}

export interface StatisticsOrganizationsRequest extends StatisticsRequest {
  page: number;
  pageSize: number;
  sort: StatisticsOrganizationSort;
  order: 'asc' | 'desc';
  search?: string;
}

export const statisticsKeys = {
  all: ['statistics'] as const,
  dashboard: (query: StatisticsRequest) => [...statisticsKeys.all, 'dashboard', query] as const,
  organizations: (query: StatisticsOrganizationsRequest) => [...statisticsKeys.all, 'organizations', query] as const,
};

export function statisticsDashboardQueryOptions(query: StatisticsRequest) {
  return queryOptions({
    queryKey: statisticsKeys.dashboard(query),
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.statistics, { schema: statisticsDashboardSchema, query: requestQuery(query), signal }),
    placeholderData: keepPreviousData,
    // The screen shows a load error with a retry button itself.
    meta: { handledInline: true },
  });
}

export function statisticsOrganizationsQueryOptions(query: StatisticsOrganizationsRequest) {
  return queryOptions({
    queryKey: statisticsKeys.organizations(query),
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.statisticsOrganizations, {
        schema: statisticsOrganizationsPageSchema,
        query: requestQuery(query),
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { handledInline: true },
  });
}

/**
 * The export's address: every row of the table (not just the page) as CSV, made by the API.
 * A plain link: the session cookie goes along and the browser saves the file itself.
 */
export function statisticsOrganizationsExportUrl(
  query: StatisticsRequest & { search?: string; sort: StatisticsOrganizationSort; order: 'asc' | 'desc' },
): string {
  return `${API_PATHS.statisticsOrganizationsExport}?${linkSearchOf(query).toString()}`;
}
