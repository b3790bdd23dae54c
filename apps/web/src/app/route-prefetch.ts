import type { CurrentUser, RouteName } from '@matchwerk/shared';
import type { QueryClient } from '@tanstack/react-query';
import { decideRouteAccess } from '../lib/access';
import type { Params, RouteLoader } from '../lib/router';
import { currentUserQueryOptions, isSignedInUser } from '../lib/session';

export interface RoutePrefetchInput {
  params: Params;
  searchParams: URLSearchParams;
  user: CurrentUser;
}

/**
 * A screen's first request, started by its route's loader as soon as the user is known, beside
 * the first render, instead of when the screen has mounted (ADR 0063). Must ask for exactly what
 * the screen then asks for (the same query key), or the screen asks a second time.
 */
export type RoutePrefetch = (queryClient: QueryClient, input: RoutePrefetchInput) => void;

async function prefetchWhenAllowed(
  queryClient: QueryClient,
  route: RouteName,
  prefetch: RoutePrefetch,
  input: Omit<RoutePrefetchInput, 'user'>,
): Promise<void> {
  let user: CurrentUser | null;
  try {
    user = await queryClient.ensureQueryData(currentUserQueryOptions);
  } catch {
    return; // The app's own session query shows the failure.
  }
  // Only for a user the screen is then shown to: never on a signed-out visit or behind the legal gate.
  if (!isSignedInUser(user) || decideRouteAccess({ route, user, currentPath: '' }).kind !== 'render') return;
  prefetch(queryClient, { ...input, user });
}

/** The route's loader: starts the prefetch, so that nothing waits for it. */
export function prefetchingLoader(queryClient: QueryClient, route: RouteName, prefetch: RoutePrefetch): RouteLoader {
  return ({ params, searchParams }) => {
    void prefetchWhenAllowed(queryClient, route, prefetch, { params, searchParams });
  };
}
