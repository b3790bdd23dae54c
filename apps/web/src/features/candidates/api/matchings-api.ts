import {
  organizationMatchingSchema,
  organizationMatchingsResponseSchema,
  type OrganizationMatching,
  type OrganizationMatchingsResponse,
  type SetMatchingResultRequest,
} from '@matchwerk/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { marketplacePaths } from '../../../lib/api-paths';

export const matchingKeys = {
  all: ['matchings'] as const,
  organization: () => [...matchingKeys.all, 'organization'] as const,
};

/** The chat list lives in another feature; accepting opens a chat, so its cache is refreshed by key. */
const CHAT_LIST_KEY = ['chats'] as const;

export const organizationMatchingsQueryOptions = queryOptions({
  queryKey: matchingKeys.organization(),
  queryFn: ({ signal }) => apiRequest(marketplacePaths.matchings, { schema: organizationMatchingsResponseSchema, signal }),
  // New interest arrives while the screen is open; a slow refresh is enough for a list.
  refetchInterval: 60_000,
  // The screen shows a load error with a retry button itself.
  meta: { handledInline: true },
});

export function matchingKey(matching: Pick<OrganizationMatching, 'vacancyId' | 'applicantId'>): string {
  return `${matching.vacancyId}:${matching.applicantId}`;
}

export type MatchingDecision = SetMatchingResultRequest['organizationResult'];

/** Moves one open matching to accepted or rejected (newest decision first). */
export function applyDecision(
  groups: OrganizationMatchingsResponse,
  target: Pick<OrganizationMatching, 'vacancyId' | 'applicantId'>,
  decision: MatchingDecision,
  decided: OrganizationMatching | undefined,
): OrganizationMatchingsResponse {
  const key = matchingKey(target);
  const current = groups.open.find((m) => matchingKey(m) === key);
  if (!current) return groups;
  const moved: OrganizationMatching = decided ?? { ...current, state: decision, decidedAt: new Date().toISOString() };
  const open = groups.open.filter((m) => matchingKey(m) !== key);
  return decision === 'ACCEPTED'
    ? { ...groups, open, accepted: [moved, ...groups.accepted] }
    : { ...groups, open, rejected: [moved, ...groups.rejected] };
}

export interface SetMatchingResultVariables {
  matching: OrganizationMatching;
  decision: MatchingDecision;
  organizationId: string;
}

/**
 * Accept or decline an open matching. The list updates at once (optimistic) and is
 * refetched afterwards; on failure it rolls back. The screen reports errors itself (409:
 * someone else decided first).
 */
export function useSetMatchingResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ matching, decision, organizationId }: SetMatchingResultVariables) =>
      apiRequest(marketplacePaths.setMatchingResult, {
        method: 'POST',
        body: {
          vacancyId: matching.vacancyId,
          applicantId: matching.applicantId,
          organizationResult: decision,
          organizationId,
        } satisfies SetMatchingResultRequest,
        schema: organizationMatchingSchema,
      }),
    meta: { handledInline: true },
    onMutate: async ({ matching, decision }) => {
      await queryClient.cancelQueries({ queryKey: matchingKeys.organization() });
      const previous = queryClient.getQueryData<OrganizationMatchingsResponse>(matchingKeys.organization());
      if (previous) queryClient.setQueryData(matchingKeys.organization(), applyDecision(previous, matching, decision, undefined));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(matchingKeys.organization(), context.previous);
    },
    onSuccess: (decided, { matching, decision }) => {
      queryClient.setQueryData<OrganizationMatchingsResponse>(matchingKeys.organization(), (groups) => {
        if (!groups) return groups;
        // Replace the optimistic row by the server's answer.
        const key = matchingKey(matching);
        const replace = (list: OrganizationMatching[]) => list.map((m) => (matchingKey(m) === key ? decided : m));
        return decision === 'ACCEPTED' ? { ...groups, accepted: replace(groups.accepted) } : { ...groups, rejected: replace(groups.rejected) };
      });
      if (decision === 'ACCEPTED') void queryClient.invalidateQueries({ queryKey: CHAT_LIST_KEY });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: matchingKeys.organization() }),
  });
}
