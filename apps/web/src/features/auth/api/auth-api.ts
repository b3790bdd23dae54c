/**
 * Calls to the auth server and the sign-up endpoints. Errors of these forms are shown next
 * to the form (`handledInline`), not in the generic snackbar.
 */
import { API_PATHS, type ResetPassword, type SignInRequest, type SignupRequest } from '@matchwerk/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// The answer schemas (and zod) load with the request: the login screen uses these hooks (ADR 0032).
const loadSchemas = () => import('./auth-schemas');
const okResponse = () => loadSchemas().then((m) => m.okResponseSchema);

const inline = { handledInline: true } as const;

export function useSignIn() {
  return useMutation({
    mutationFn: (body: SignInRequest) => apiRequest(API_PATHS.signIn, { body }),
    meta: inline,
  });
}

export function useSignup() {
  return useMutation({
    mutationFn: (body: SignupRequest) =>
      apiRequest(API_PATHS.signup, { body, schema: loadSchemas().then((m) => m.signupResponseSchema) }),
    meta: inline,
  });
}

export function useResendSignupConfirmation() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest(API_PATHS.resendSignupConfirmation, { body: { email }, schema: okResponse() }),
    meta: inline,
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    // The reset link comes back to the app root; /authaction reads the token from there too.
    mutationFn: (email: string) => apiRequest(API_PATHS.requestPasswordReset, { body: { email, redirectTo: '/' } }),
    meta: inline,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPassword) => apiRequest(API_PATHS.resetPassword, { body }),
    meta: inline,
  });
}

/** Asks for a mailed unlock link after the sign-in protection refused (same answer for unknown addresses). */
export function useRequestSignInUnlock() {
  return useMutation({
    mutationFn: (email: string) => apiRequest(API_PATHS.signInUnlock, { body: { email }, schema: okResponse() }),
    meta: inline,
  });
}

/**
 * A mailed one-time link (POST with its token) redeemed once per token: a query, not a
 * mutation, so StrictMode's double effects and re-renders never post it twice.
 */
function oneTimeLinkQueryOptions(name: string, path: string, token: string) {
  return queryOptions({
    queryKey: [name, token],
    queryFn: () => apiRequest(path, { body: { token }, schema: okResponse() }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    meta: inline,
  });
}

/** Redeems an unlock link (it works only once). */
export const signInUnlockQueryOptions = (token: string) =>
  oneTimeLinkQueryOptions('sign-in-unlock', API_PATHS.signInUnlockConfirm, token);

/** Undoes an e-mail change. */
export const recoverEmailQueryOptions = (token: string) =>
  oneTimeLinkQueryOptions('recover-email', API_PATHS.recoverEmail, token);

/**
 * Verifying is a GET with a side effect (it signs the user in); as a query it runs once per
 * token even under StrictMode's double effects, and is never retried.
 */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['verify-email', token],
    queryFn: async () => {
      await apiRequest(API_PATHS.verifyEmail, { query: { token } });
      return true;
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    meta: inline,
  });
