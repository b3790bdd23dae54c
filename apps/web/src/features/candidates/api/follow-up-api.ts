/**
 * Issue 14 (ADR 0041): the Anfragen list's filters, internal notes per matching, the own
 * response figures and the posting options of the filter.
 */
import {
  API_PATHS,
  apiPath,
  MATCHING_SORTS,
  type CreateMatchingNoteRequest,
  type MatchingSort,
  type OrganizationMatching,
} from '@matchwerk/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contractPiece, contractSchema } from '../../../lib/contract';
import { oneOf } from '../../../lib/list-url-state';

// Checked against the contract once it has loaded, after the first screen (ADR 0078).
const candidatesContract = contractPiece(() => import('./candidates.contract'));
const matchingNoteSchema = contractSchema(candidatesContract, (piece) => piece.matchingNoteSchema);
const matchingNotesResponseSchema = contractSchema(candidatesContract, (piece) => piece.matchingNotesResponseSchema);
const responseStatsSchema = contractSchema(candidatesContract, (piece) => piece.responseStatsSchema);
const vacancyListResponseSchema = contractSchema(candidatesContract, (piece) => piece.vacancyListResponseSchema);

/** The list's filters as kept in the URL (German keys, readable in the address bar). */
export interface MatchingFilters {
  /** A posting id, '' = all postings. */
  vacancyId: string;
  /** Name search as typed; '' = none. */
  search: string;
  sort: MatchingSort;
}

export const DEFAULT_MATCHING_FILTERS: MatchingFilters = { vacancyId: '', search: '', sort: 'newest' };

const URL_KEYS = { vacancyId: 'stelle', search: 'suche', sort: 'sortierung' } as const;
const SORT_PARAMS: Record<MatchingSort, string> = { newest: 'neueste', oldest: 'aelteste' };

/** The filters in the URL; anything unknown falls back to the defaults. */
export function matchingFiltersFrom(search: URLSearchParams): MatchingFilters {
  const sortParam = search.get(URL_KEYS.sort);
  const sort = MATCHING_SORTS.find((value) => SORT_PARAMS[value] === sortParam);
  const vacancyId = search.get(URL_KEYS.vacancyId) ?? '';
  return {
    vacancyId: /^[0-9a-f-]{36}$/i.test(vacancyId) ? vacancyId : '',
    search: search.get(URL_KEYS.search) ?? '',
    sort: sort && oneOf(MATCHING_SORTS, sort) ? sort : 'newest',
  };
}

/** Writes the filters into `search` (other keys such as the tab stay): only what differs from the defaults. */
export function withMatchingFilters(search: URLSearchParams, filters: MatchingFilters): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of Object.keys(URL_KEYS) as (keyof MatchingFilters)[]) next.delete(URL_KEYS[key]);
  if (filters.vacancyId) next.set(URL_KEYS.vacancyId, filters.vacancyId);
  if (filters.search.trim()) next.set(URL_KEYS.search, filters.search);
  if (filters.sort !== 'newest') next.set(URL_KEYS.sort, SORT_PARAMS[filters.sort]);
  return next;
}

/** The API's query for the filters: blank search and "all postings" left out. */
export function matchingFilterQuery(filters: MatchingFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.vacancyId) query.vacancyId = filters.vacancyId;
  if (filters.search.trim()) query.search = filters.search.trim();
  if (filters.sort !== 'newest') query.sort = filters.sort;
  return query;
}

export const followUpKeys = {
  postings: ['matchings', 'posting-options'] as const,
  notes: (matching: Pick<OrganizationMatching, 'vacancyId' | 'applicantId'>) =>
    ['matching-notes', matching.vacancyId, matching.applicantId] as const,
  stats: ['matchings', 'response-stats'] as const,
};

export interface PostingOption {
  id: string;
  title: string;
}

/** Every own posting (id, title) for the filter, page by page until the last (the select must not miss one). */
export function postingOptionsQueryOptions() {
  return queryOptions({
    queryKey: followUpKeys.postings,
    queryFn: async ({ signal }) => {
      const options: PostingOption[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 1000; page++) {
        const query: Record<string, string> = { pageSize: '100', sort: 'title', order: 'asc' };
        if (cursor) query.cursor = cursor;
        const response = await apiRequest(API_PATHS.vacancies, { query, schema: vacancyListResponseSchema, signal });
        options.push(...response.items.map((item) => ({ id: item.id, title: item.title })));
        cursor = response.nextCursor;
        if (!cursor) break;
      }
      return options;
    },
    staleTime: 60_000,
    meta: { handledInline: true },
  });
}

export function usePostingOptions() {
  return useQuery(postingOptionsQueryOptions());
}

export function useResponseStats() {
  return useQuery({
    queryKey: followUpKeys.stats,
    queryFn: ({ signal }) => apiRequest(API_PATHS.matchingResponseStats, { schema: responseStatsSchema, signal }),
    staleTime: 60_000,
    meta: { handledInline: true },
  });
}

export function useMatchingNotes(matching: Pick<OrganizationMatching, 'vacancyId' | 'applicantId'>) {
  return useQuery({
    queryKey: followUpKeys.notes(matching),
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.matchingNotes, {
        query: { vacancyId: matching.vacancyId, applicantId: matching.applicantId },
        schema: matchingNotesResponseSchema,
        signal,
      }),
    meta: { handledInline: true },
  });
}

/** Create, edit and delete notes; each refreshes the matching's notes. Errors are shown by the notes section. */
export function useNoteMutations(matching: Pick<OrganizationMatching, 'vacancyId' | 'applicantId'>) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: followUpKeys.notes(matching) });
  const create = useMutation({
    mutationFn: (text: string) =>
      apiRequest(API_PATHS.matchingNotes, {
        method: 'POST',
        body: {
          vacancyId: matching.vacancyId,
          applicantId: matching.applicantId,
          text,
        } satisfies CreateMatchingNoteRequest,
        schema: matchingNoteSchema,
      }),
    meta: { handledInline: true },
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) =>
      apiRequest(apiPath(API_PATHS.matchingNote, { noteId: id }), {
        method: 'PUT',
        body: { text },
        schema: matchingNoteSchema,
      }),
    meta: { handledInline: true },
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest(apiPath(API_PATHS.matchingNote, { noteId: id }), { method: 'DELETE' }),
    meta: { handledInline: true },
    onSuccess: refresh,
  });
  return { create, update, remove };
}
