/** Failed account mails (GET /rest/admin/failed-mails, POST …/:id/resend; ADR 0119). */
import { API_PATHS, apiPath, failedMailListSchema } from '@matchwerk/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const failedMailKeys = { all: ['failed-mails'] as const };

export function failedMailsQueryOptions() {
  return queryOptions({
    queryKey: failedMailKeys.all,
    queryFn: ({ signal }) => apiRequest(API_PATHS.failedMails, { schema: failedMailListSchema, signal }),
    // The section shows a load error with a retry button itself.
    meta: { handledInline: true },
  });
}

export function useFailedMails() {
  return useQuery(failedMailsQueryOptions());
}

/** Queues one failed mail again; the list reloads (the mail leaves it). Errors show in the row. */
export function useResendFailedMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(apiPath(API_PATHS.failedMailResend, { id }), { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: failedMailKeys.all }),
    meta: { handledInline: true },
  });
}
