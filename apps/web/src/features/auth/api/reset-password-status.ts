/**
 * The reset link's check, apart from auth-api.ts: only the /authaction screen asks it, so it
 * stays out of the login route's first bundle (ADR 0032).
 */
import { API_PATHS, resetPasswordStatusSchema } from '@matchwerk/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * Whether a reset link still works, asked once when it is opened (read-only, the token stays
 * usable). Asked again whenever the screen opens (also if its last answer is still in memory), so
 * a link opened again after the reset says it is used; not retried: a failed check shows the
 * form, whose submit checks again.
 */
export const resetPasswordStatusQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['reset-password-status', token],
    queryFn: () => apiRequest(API_PATHS.resetPasswordStatus, { query: { token }, schema: resetPasswordStatusSchema }),
    retry: false,
    staleTime: Infinity,
    refetchOnMount: 'always',
    gcTime: 0,
    meta: { handledInline: true },
  });
