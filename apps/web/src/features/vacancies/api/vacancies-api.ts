import type { VACANCY_SORT_FIELDS } from '@matchwerk/shared';
import type { Vacancy, VacancyInputParsed } from '@matchwerk/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contractPiece, contractSchema } from '../../../lib/contract';
import { publicPaths, vacancyPaths } from '../../../lib/api-paths';

// Checked against the contract once it has loaded, after the first screen (ADR 0078).
const vacanciesContract = contractPiece(() => import('./vacancies.contract'));
const publicVacancySchema = contractSchema(vacanciesContract, (piece) => piece.publicVacancySchema);
const vacancyListResponseSchema = contractSchema(vacanciesContract, (piece) => piece.vacancyListResponseSchema);
const vacancyDuplicateResponseSchema = contractSchema(
  vacanciesContract,
  (piece) => piece.vacancyDuplicateResponseSchema,
);
const vacancySaveResponseSchema = contractSchema(vacanciesContract, (piece) => piece.vacancySaveResponseSchema);
const vacancySchema = contractSchema(vacanciesContract, (piece) => piece.vacancySchema);

/** GET /rest/vacancy query (shared `vacancyListQuerySchema`), as the list sends it. */
export interface VacancyListRequest {
  page: number;
  pageSize: number;
  sort: (typeof VACANCY_SORT_FIELDS)[number];
  order: 'asc' | 'desc';
  search?: string;
  /** Keyset paging: the previous page's nextCursor (`page` is then only echoed). */
  cursor?: string;
}

export const vacancyKeys = {
  all: ['vacancies'] as const,
  lists: () => [...vacancyKeys.all, 'list'] as const,
  list: (query: VacancyListRequest) => [...vacancyKeys.lists(), query] as const,
  detail: (id: string) => [...vacancyKeys.all, 'detail', id] as const,
};

type QueryValue = string | number | undefined;
function queryString(query: Record<string, QueryValue>): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => [key, value === undefined || value === '' ? undefined : String(value)]),
  );
}

export function vacancyListQueryOptions(query: VacancyListRequest) {
  return queryOptions({
    queryKey: vacancyKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest(vacancyPaths.list, { schema: vacancyListResponseSchema, query: queryString({ ...query }), signal }),
    placeholderData: keepPreviousData,
    // The list shows a load error with a retry button itself.
    meta: { handledInline: true },
  });
}

export function vacancyQueryOptions(id: string) {
  return queryOptions({
    queryKey: vacancyKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(vacancyPaths.detail(id), { schema: vacancySchema, signal }),
    meta: { handledInline: true },
  });
}

/** Organisations an admin or partner may create postings for (editor's picker). */
/** The public view of a posting (no session): 404 while it is not visible to the public. */
export function publicVacancyQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...vacancyKeys.detail(id), 'public'] as const,
    queryFn: ({ signal }) => apiRequest(publicPaths.vacancy(id), { schema: publicVacancySchema, signal }),
    meta: { handledInline: true },
    retry: false,
    staleTime: 0,
  });
}

export function vacancyPhotoUrl(vacancyId: string, photoId: string): string {
  return vacancyPaths.photo(vacancyId, photoId);
}

// Field, upload and action errors are shown on the screen next to what failed.
const inline = { handledInline: true } as const;

function useVacancyCache() {
  const queryClient = useQueryClient();
  return {
    put: (vacancy: Vacancy) => {
      queryClient.setQueryData(vacancyKeys.detail(vacancy.id), vacancy);
      void queryClient.invalidateQueries({ queryKey: vacancyKeys.lists() });
    },
    refresh: (id: string) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: vacancyKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: vacancyKeys.lists() }),
      ]),
    remove: (id: string) => {
      queryClient.removeQueries({ queryKey: vacancyKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: vacancyKeys.lists() });
    },
  };
}

export function useCreateVacancy() {
  const cache = useVacancyCache();
  return useMutation({
    mutationFn: ({ organizationId, body }: { organizationId: string; body: VacancyInputParsed }) =>
      apiRequest(vacancyPaths.create(organizationId), { method: 'POST', body, schema: vacancySaveResponseSchema }),
    meta: inline,
    onSuccess: ({ vacancy }) => cache.put(vacancy),
  });
}

/** Saves the editor; `version` is the one the form was based on (If-Match: a newer stored one answers 412). */
export function useUpdateVacancy(id: string) {
  const cache = useVacancyCache();
  return useMutation({
    mutationFn: ({ body, version }: { body: VacancyInputParsed; version: number }) =>
      apiRequest(vacancyPaths.detail(id), { method: 'PUT', body, schema: vacancySaveResponseSchema, ifMatch: version }),
    meta: inline,
    onSuccess: ({ vacancy }) => cache.put(vacancy),
  });
}

/** Activates or deactivates a posting (deactivated postings are hidden from candidates). */
export function useSetVacancyActive() {
  const cache = useVacancyCache();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      apiRequest(active ? vacancyPaths.activate(id) : vacancyPaths.deactivate(id), {
        method: 'PUT',
        schema: vacancySchema,
      }),
    meta: inline,
    onSuccess: (vacancy) => cache.put(vacancy),
  });
}

/** "Duplizieren": an inactive copy "… (Kopie)" with copies of the photos (ADR 0042). */
export function useDuplicateVacancy() {
  const cache = useVacancyCache();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(vacancyPaths.duplicate(id), { method: 'POST', schema: vacancyDuplicateResponseSchema }),
    meta: inline,
    onSuccess: ({ vacancy }) => cache.put(vacancy),
  });
}

export function useDeleteVacancy(id: string) {
  const cache = useVacancyCache();
  return useMutation({
    mutationFn: () => apiRequest(vacancyPaths.detail(id), { method: 'DELETE' }),
    meta: inline,
    onSuccess: () => cache.remove(id),
  });
}

/** Loads the newest stored version (after a 412), bypassing the cache's freshness. */
export function useFetchLatestVacancy() {
  const queryClient = useQueryClient();
  return (id: string) => queryClient.fetchQuery({ ...vacancyQueryOptions(id), staleTime: 0 });
}

export function useRefreshVacancy() {
  return useVacancyCache().refresh;
}

export function useDeleteVacancyPhoto(vacancyId: string) {
  const cache = useVacancyCache();
  return useMutation({
    mutationFn: (photoId: string) =>
      apiRequest(vacancyPaths.photos(vacancyId), {
        method: 'DELETE',
        body: { photoIds: [photoId] },
        schema: vacancySchema,
      }),
    meta: inline,
    onSuccess: (vacancy) => cache.put(vacancy),
  });
}

export function useReorderVacancyPhotos(vacancyId: string) {
  const cache = useVacancyCache();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoIds: string[]) =>
      apiRequest(vacancyPaths.photoOrder(vacancyId), { method: 'PUT', body: { photoIds }, schema: vacancySchema }),
    meta: inline,
    // Show the new order at once; the answer (or a refetch on failure) settles it.
    onMutate: (photoIds) => {
      const previous = queryClient.getQueryData<Vacancy>(vacancyKeys.detail(vacancyId));
      if (previous)
        queryClient.setQueryData(vacancyKeys.detail(vacancyId), {
          ...previous,
          photos: photoIds,
          image: photoIds[0] ?? null,
        });
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(vacancyKeys.detail(vacancyId), context.previous);
    },
    onSuccess: (vacancy) => cache.put(vacancy),
  });
}
