/** Answer deadlines per region (issue 14, ADR 0041): administrators read and set them. */
import {
  API_PATHS,
  apiPath,
  responseDeadlinesResponseSchema,
  type Region,
  type UpdateResponseDeadlineRequest,
} from '@matchwerk/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const responseDeadlineKeys = { all: ['response-deadlines'] as const };

export function useResponseDeadlines() {
  return useQuery({
    queryKey: responseDeadlineKeys.all,
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.responseDeadlines, { schema: responseDeadlinesResponseSchema, signal }),
    meta: { handledInline: true },
  });
}

/** Saves one region's deadline; the answer (all regions) replaces the cached list. Errors are shown by the row. */
export function useSetResponseDeadline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ region, declineAfterDays }: { region: Region } & UpdateResponseDeadlineRequest) =>
      apiRequest(apiPath(API_PATHS.responseDeadline, { region }), {
        method: 'PUT',
        body: { declineAfterDays } satisfies UpdateResponseDeadlineRequest,
        schema: responseDeadlinesResponseSchema,
      }),
    meta: { handledInline: true },
    onSuccess: (data) => queryClient.setQueryData(responseDeadlineKeys.all, data),
  });
}
