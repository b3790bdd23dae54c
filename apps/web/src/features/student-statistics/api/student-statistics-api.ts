/** GET /rest/student-statistics (regional partners of SINDELFINGEN). */
import { API_PATHS, studentStatisticsSchema, type Region, type StatisticsPeriod } from '@matchwerk/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface StudentStatisticsRequest extends StatisticsPeriod {
  region?: Region;
}

export const studentStatisticsKeys = {
  all: ['student-statistics'] as const,
  detail: (query: StudentStatisticsRequest) => [...studentStatisticsKeys.all, query] as const,
};

export function studentStatisticsQueryOptions(query: StudentStatisticsRequest) {
  return queryOptions({
    queryKey: studentStatisticsKeys.detail(query),
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.studentStatistics, {
        schema: studentStatisticsSchema,
        query: { from: query.from, to: query.to, region: query.region },
        signal,
      }),
    placeholderData: keepPreviousData,
    // The screen shows a load error with a retry button itself.
    meta: { handledInline: true },
  });
}
