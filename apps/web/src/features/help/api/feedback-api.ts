import {
  API_PATHS,
  apiPath,
  feedbackCreatedSchema,
  feedbackItemSchema,
  feedbackPageSchema,
  type FeedbackCategory,
  type FeedbackListQuery,
  type FeedbackStatus,
} from '@matchwerk/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { compressImage } from '../../../lib/image-compression';
import { uploadFile } from '../../../lib/upload';

export const feedbackKeys = {
  all: ['feedback'] as const,
  list: (query: FeedbackListQuery) => [...feedbackKeys.all, 'list', query] as const,
};

export function feedbackListQueryOptions(query: FeedbackListQuery) {
  return queryOptions({
    queryKey: feedbackKeys.list(query),
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({
        page: String(query.page),
        pageSize: String(query.pageSize),
        ...(query.status ? { status: query.status } : {}),
      });
      return apiRequest(`${API_PATHS.feedback}?${search.toString()}`, { schema: feedbackPageSchema, signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useFeedbackList(query: FeedbackListQuery) {
  return useQuery(feedbackListQueryOptions(query));
}

export interface FeedbackInput {
  category: FeedbackCategory;
  message: string;
  page: string;
  screenshot: File | null;
}

/**
 * Sends the feedback form. Errors are shown by the form itself (with the support address and
 * the text kept), not by the generic snackbar.
 */
export function useSendFeedback() {
  return useMutation({
    mutationFn: async ({ category, message, page, screenshot }: FeedbackInput) => {
      // Same as every upload: compressed to ≤ 2 MB in the browser, the original if that fails.
      const file = screenshot ? await compressImage(screenshot) : undefined;
      return uploadFile(API_PATHS.feedback, {
        fields: { category, message, page },
        file,
        fileName: screenshot?.name,
        schema: feedbackCreatedSchema,
      });
    },
    meta: { handledInline: true },
  });
}

export function useSetFeedbackStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: FeedbackStatus }) =>
      apiRequest(apiPath(API_PATHS.feedbackStatus, { id }), {
        method: 'PUT',
        body: { status },
        schema: feedbackItemSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}

export function feedbackScreenshotUrl(id: string): string {
  return apiPath(API_PATHS.feedbackScreenshot, { id });
}

/** How many feedback items are new (status NEW): the count on the administrators' inbox tab (ADR 0120). */
export function useNewFeedbackCount(): number | undefined {
  const query = useQuery({
    ...feedbackListQueryOptions({ page: 0, pageSize: 1, status: 'NEW' }),
    meta: { handledInline: true },
  });
  return query.data?.total;
}
