/**
 * App-wide server state every screen needs: the public config and the signed-in user.
 * TanStack Query is the only source of the user; `useSession` derives the spec's auth flags.
 */
import { API_PATHS, type Actor, type CurrentUser, type PublicConfig } from '@matchwerk/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useUiStore } from '../stores/ui-store';
import { apiRequest, isApiError, readApiResponse, type ResponseSchema } from './api-client';
import { contractPiece, contractSchema } from './contract';
import { takeEarlySession } from './early-session';

// The contract's schemas (and with them zod) load after the first screen (ADR 0032, ADR 0078).
const sessionContract = contractPiece(() => import('./session.contract'));
const publicConfigSchema = contractSchema(sessionContract, (piece) => piece.publicConfigSchema);
const currentUserSchema = contractSchema(sessionContract, (piece) => piece.currentUserSchema);

export const sessionKeys = {
  config: ['config'] as const,
  currentUser: ['current-user'] as const,
};

export const configQueryOptions = queryOptions({
  queryKey: sessionKeys.config,
  queryFn: ({ signal }) => apiRequest(API_PATHS.config, { schema: publicConfigSchema, signal }),
  staleTime: Infinity,
});

/**
 * better-auth's session answer (not part of our contract): only whether there is one matters
 * here. Checked by hand so that a signed-out visit needs no zod.
 */
export const sessionProbeSchema: ResponseSchema<{ session: { id: string } } | null> = {
  safeParse(data) {
    if (data === null) return { success: true, data: null };
    const session = typeof data === 'object' ? (data as { session?: unknown }).session : undefined;
    const id = typeof session === 'object' && session !== null ? (session as { id?: unknown }).id : undefined;
    return typeof id === 'string'
      ? { success: true, data: { session: { id } } }
      : { success: false, error: { message: 'Expected null or an object with session.id' } };
  },
};

/**
 * The signed-in user, or null when nobody is signed in. The session probe answers 200 with
 * null when signed out, so a signed-out visit causes no failed request (and no console error);
 * a 401 from current-user (session ended in between) also means signed out.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  // The first time, index.html's script has usually asked already, while the scripts loaded.
  const early = await takeEarlySession();
  if (signal?.aborted) throw signal.reason;
  if (early === null) return null;
  const options = signal ? { signal } : {};
  if (!early) {
    const session = await apiRequest(API_PATHS.getSession, { schema: sessionProbeSchema, ...options });
    if (!session) return null;
  }
  try {
    return early
      ? await readApiResponse(early, API_PATHS.currentUser, { schema: currentUserSchema })
      : await apiRequest(API_PATHS.currentUser, { schema: currentUserSchema, ...options });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQueryOptions = queryOptions({
  queryKey: sessionKeys.currentUser,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
  staleTime: 5 * 60_000,
});

export function useConfig(): PublicConfig | undefined {
  return useQuery(configQueryOptions).data;
}

/** Fallback shown in texts when the config could not be loaded. */
export const FALLBACK_SUPPORT_EMAIL = 'support@matchwerk.example';

export function useSupportEmail(): string {
  return useConfig()?.supportEmail ?? FALLBACK_SUPPORT_EMAIL;
}

export function actorFor(user: CurrentUser): Actor {
  return { type: user.type, regions: user.regions, organizationId: user.organizationId };
}

/** A user counts as signed in for the web app only if it is not an applicant (those are refused). */
export function isSignedInUser(user: CurrentUser | null | undefined): user is CurrentUser {
  return Boolean(user && user.type !== 'APPLICANT');
}

export interface Session {
  user: CurrentUser | null;
  isLoggedin: boolean;
  isAdmin: boolean;
  isRegionalPartner: boolean;
  isOrganization: boolean;
  isStatistics: boolean;
  isApplicant: boolean;
}

export function sessionFor(user: CurrentUser | null | undefined): Session {
  const type = user?.type;
  return {
    user: user ?? null,
    isLoggedin: isSignedInUser(user),
    isAdmin: type === 'ADMIN',
    isRegionalPartner: type === 'REGIONAL_PARTNER',
    isOrganization: type === 'ORGANIZATION',
    isStatistics: type === 'STATISTICS',
    isApplicant: type === 'APPLICANT',
  };
}

export function useSession(): Session {
  return sessionFor(useQuery(currentUserQueryOptions).data);
}

export function signOut(): Promise<unknown> {
  return apiRequest(API_PATHS.signOut, { method: 'POST' });
}

/** Signs out and forgets every cached server answer; the caller decides where to go. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const setLoading = useUiStore((s) => s.setShowDefaultLoading);
  const setLoggingOut = useUiStore((s) => s.setLoggingOut);
  return useMutation({
    mutationFn: signOut,
    // Logout errors are only logged (spec §8); the local session is dropped either way.
    meta: { handledInline: true },
    onMutate: () => {
      setLoggingOut(true);
      setLoading(true);
    },
    onSettled: () => {
      setLoading(false);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.config[0] });
      queryClient.setQueryData(sessionKeys.currentUser, null);
    },
  });
}
