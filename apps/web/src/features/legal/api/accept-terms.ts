import { API_PATHS, currentUserSchema, type AcceptTermsRequest } from '@matchwerk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/session';

export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptTermsRequest) => apiRequest(API_PATHS.acceptTerms, { body, schema: currentUserSchema }),
    // The answer is the updated user: the gate opens without another request.
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryOptions.queryKey, user),
  });
}
