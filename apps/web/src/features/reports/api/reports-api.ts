/** Safeguarding reports (GET /rest/reports, PUT /rest/reports/:id/status; ADR 0101): query keys, options, the status mutation. */
import {
  API_PATHS,
  apiPath,
  reportItemSchema,
  reportPageSchema,
  type ReportListQuery,
  type ReportStatusUpdate,
} from '@matchwerk/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { requestQuery } from '../../../components/lists/list-request-query';

export const reportKeys = {
  all: ['reports'] as const,
  lists: () => [...reportKeys.all, 'list'] as const,
  list: (query: ReportListQuery) => [...reportKeys.lists(), query] as const,
};

export function reportListQueryOptions(query: ReportListQuery) {
  return queryOptions({
    queryKey: reportKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.reports, { schema: reportPageSchema, query: requestQuery(query), signal }),
    placeholderData: keepPreviousData,
    // The screen shows a load error with a retry button itself.
    meta: { handledInline: true },
  });
}

/** A new status with its note; the refusal shows in the dialog. */
export function useChangeReportStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: ReportStatusUpdate }) =>
      apiRequest(apiPath(API_PATHS.reportStatus, { id }), { method: 'PUT', body: change, schema: reportItemSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
    meta: { handledInline: true },
  });
}
