import {
  MATCHINGS_PAGE_SIZE,
  type MatchingGroup,
  type MatchingState,
  type OrganizationMatching,
  type OrganizationMatchingsResponse,
  type SetMatchingResultRequest,
} from '@matchwerk/shared';
import {
  infiniteQueryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { marketplacePaths } from '../../../lib/api-paths';
import { contractPiece, contractSchema } from '../../../lib/contract';
import { DEFAULT_MATCHING_FILTERS, followUpKeys, matchingFilterQuery, type MatchingFilters } from './follow-up-api';

// Checked against the contract once it has loaded, after the first screen (ADR 0078).
const candidatesContract = contractPiece(() => import('./candidates.contract'));
const organizationMatchingSchema = contractSchema(candidatesContract, (piece) => piece.organizationMatchingSchema);
const organizationMatchingsResponseSchema = contractSchema(
  candidatesContract,
  (piece) => piece.organizationMatchingsResponseSchema,
);

export const matchingKeys = {
  all: ['matchings'] as const,
  organization: () => [...matchingKeys.all, 'organization'] as const,
  /** One group of the list under the filters (issue 14): each filter combination is its own cache entry. */
  group: (group: MatchingGroup, filters: MatchingFilters = DEFAULT_MATCHING_FILTERS) =>
    [...matchingKeys.organization(), group, matchingFilterQuery(filters)] as const,
};

/** The chat list lives in another feature; accepting opens a chat, so its cache is refreshed by key. */
const CHAT_LIST_KEY = ['chats'] as const;

export const MATCHING_GROUPS: readonly MatchingGroup[] = ['open', 'accepted', 'rejected'];
const STATE_OF: Record<MatchingGroup, MatchingState> = { open: 'OPEN', accepted: 'ACCEPTED', rejected: 'REJECTED' };

export type MatchingPages = InfiniteData<OrganizationMatchingsResponse, string | undefined>;

/**
 * One group of matchings, newest first, a page at a time ("Ältere laden" asks for the next,
 * older page through the group's keyset cursor). Every page carries the counts of all groups.
 */
export function matchingGroupQueryOptions(group: MatchingGroup, filters: MatchingFilters = DEFAULT_MATCHING_FILTERS) {
  return infiniteQueryOptions({
    queryKey: matchingKeys.group(group, filters),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(marketplacePaths.matchings, {
        query: {
          state: STATE_OF[group],
          limit: String(MATCHINGS_PAGE_SIZE),
          cursor: pageParam,
          ...matchingFilterQuery(filters),
        },
        schema: organizationMatchingsResponseSchema,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next[group] ?? undefined,
    // New interest arrives while the screen is open; a slow refresh is enough for a list.
    refetchInterval: 60_000,
    // The screen shows a load error with a retry button itself.
    meta: { handledInline: true },
  });
}

/** The matchings of a group loaded so far, in order. */
export function itemsOf(
  data: { pages: readonly OrganizationMatchingsResponse[] } | undefined,
  group: MatchingGroup,
): OrganizationMatching[] {
  return data?.pages.flatMap((page) => page[group]) ?? [];
}

export function matchingKey(matching: Pick<OrganizationMatching, 'vacancyId' | 'applicantId'>): string {
  return `${matching.vacancyId}:${matching.applicantId}`;
}

export type MatchingDecision = SetMatchingResultRequest['organizationResult'];

const GROUP_OF_DECISION: Record<MatchingDecision, MatchingGroup> = { ACCEPTED: 'accepted', REJECTED: 'rejected' };

/** Counts after one open matching was decided. */
function movedCounts(
  counts: OrganizationMatchingsResponse['counts'],
  decision: MatchingDecision,
): OrganizationMatchingsResponse['counts'] {
  const target = GROUP_OF_DECISION[decision];
  return { ...counts, open: Math.max(0, counts.open - 1), [target]: counts[target] + 1 };
}

/**
 * The cached groups with one open matching moved to accepted or rejected (newest decision
 * first), counts adjusted in every page. Pure, for the optimistic update.
 */
export function applyDecision(
  groups: Record<MatchingGroup, MatchingPages | undefined>,
  target: Pick<OrganizationMatching, 'vacancyId' | 'applicantId'>,
  decision: MatchingDecision,
  decided: OrganizationMatching,
): Record<MatchingGroup, MatchingPages | undefined> {
  const key = matchingKey(target);
  const wasOpen = itemsOf(groups.open, 'open').some((m) => matchingKey(m) === key);
  if (!wasOpen) return groups;
  const into = GROUP_OF_DECISION[decision];
  const update = (group: MatchingGroup, data: MatchingPages | undefined): MatchingPages | undefined =>
    data && {
      ...data,
      pages: data.pages.map((page, index) => ({
        ...page,
        counts: movedCounts(page.counts, decision),
        open: group === 'open' ? page.open.filter((m) => matchingKey(m) !== key) : page.open,
        [into]:
          group === into && index === 0 ? [decided, ...page[into].filter((m) => matchingKey(m) !== key)] : page[into],
      })),
    };
  return {
    open: update('open', groups.open),
    accepted: update('accepted', groups.accepted),
    rejected: update('rejected', groups.rejected),
  };
}

function readGroups(
  queryClient: QueryClient,
  filters: MatchingFilters,
): Record<MatchingGroup, MatchingPages | undefined> {
  return {
    open: queryClient.getQueryData(matchingKeys.group('open', filters)),
    accepted: queryClient.getQueryData(matchingKeys.group('accepted', filters)),
    rejected: queryClient.getQueryData(matchingKeys.group('rejected', filters)),
  };
}

function writeGroups(
  queryClient: QueryClient,
  groups: Record<MatchingGroup, MatchingPages | undefined>,
  filters: MatchingFilters,
) {
  for (const group of MATCHING_GROUPS) {
    const data = groups[group];
    if (data) queryClient.setQueryData(matchingKeys.group(group, filters), data);
  }
}

export interface SetMatchingResultVariables {
  matching: OrganizationMatching;
  decision: MatchingDecision;
  organizationId: string;
  /** The list's filters on screen (its cache entries get the optimistic update). */
  filters?: MatchingFilters;
  /** Words to the candidate with a decline (issue 14); blank = none. */
  message?: string;
}

/**
 * Accept or decline an open matching. The lists update at once (optimistic) and are
 * refetched afterwards; on failure they roll back. The screen reports errors itself (409:
 * someone else decided first).
 */
export function useSetMatchingResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ matching, decision, organizationId, message }: SetMatchingResultVariables) =>
      apiRequest(marketplacePaths.setMatchingResult, {
        method: 'POST',
        body: {
          vacancyId: matching.vacancyId,
          applicantId: matching.applicantId,
          organizationResult: decision,
          organizationId,
          ...(decision === 'REJECTED' && message?.trim() ? { message } : {}),
        } satisfies SetMatchingResultRequest,
        schema: organizationMatchingSchema,
      }),
    meta: { handledInline: true },
    onMutate: async ({ matching, decision, filters = DEFAULT_MATCHING_FILTERS }) => {
      await queryClient.cancelQueries({ queryKey: matchingKeys.organization() });
      const previous = readGroups(queryClient, filters);
      const optimistic: OrganizationMatching = { ...matching, state: decision, decidedAt: new Date().toISOString() };
      writeGroups(queryClient, applyDecision(previous, matching, decision, optimistic), filters);
      return { previous, filters };
    },
    onError: (_error, _variables, context) => {
      if (context) writeGroups(queryClient, context.previous, context.filters);
    },
    onSuccess: (decided, { decision, filters = DEFAULT_MATCHING_FILTERS }) => {
      // Replace the optimistic row by the server's answer.
      const group = GROUP_OF_DECISION[decision];
      queryClient.setQueryData<MatchingPages>(
        matchingKeys.group(group, filters),
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              [group]: page[group].map((m) => (matchingKey(m) === matchingKey(decided) ? decided : m)),
            })),
          },
      );
      if (decision === 'ACCEPTED') void queryClient.invalidateQueries({ queryKey: CHAT_LIST_KEY });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: matchingKeys.organization() }),
        queryClient.invalidateQueries({ queryKey: followUpKeys.stats }),
      ]),
  });
}
