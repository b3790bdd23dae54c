/**
 * The one place that reacts to failed requests (spec §8): log, show the generic error
 * snackbar, and let the error propagate to the query/mutation as usual.
 */
import { GEOCODE_WARNING } from '@matchwerk/shared';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { useUiStore } from '../stores/ui-store';
import { isApiError } from './api-client';

export interface RequestMeta extends Record<string, unknown> {
  /** The screen shows this error itself (e.g. login errors next to the form): no snackbar. */
  handledInline?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

function errorText(error: unknown): string {
  if (isApiError(error)) return `${error.text} ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** Decides what the global handler does with a failed request; exported for tests. */
export function globalErrorAction(error: unknown, meta: RequestMeta | undefined): 'ignore' | 'log' | 'snackbar' {
  // A vacancy whose address could not be geocoded is saved anyway (ADR/architecture §11): stay silent.
  if (errorText(error).includes(GEOCODE_WARNING)) return 'ignore';
  if (meta?.handledInline) return 'log';
  return 'snackbar';
}

export function handleRequestError(error: unknown, meta: RequestMeta | undefined): void {
  const action = globalErrorAction(error, meta);
  if (action === 'ignore') return;
  console.error(error);
  if (action === 'snackbar') useUiStore.getState().showError();
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handleRequestError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => handleRequestError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx) do not get better by retrying.
        retry: (failureCount, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
    },
  });
}
