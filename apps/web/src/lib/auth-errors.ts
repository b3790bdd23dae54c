import { AUTH_PROVIDER_MESSAGES, authProviderCodeFor, type AuthProviderCode } from '@matchwerk/shared';
import { isApiError } from './api-client';

export function authProviderCodeOf(error: unknown): AuthProviderCode {
  if (!isApiError(error)) return 'unknown';
  if (error.status === 0) return 'network-request-failed';
  return authProviderCodeFor(error.code, error.status);
}

/** The German message for an auth server error (spec §8 provider codes). */
export function authErrorMessage(error: unknown): string {
  return AUTH_PROVIDER_MESSAGES[authProviderCodeOf(error)];
}
