import { EARLY_SESSION_GLOBAL } from '@matchwerk/shared';

/** What index.html's inline script learnt of the session while the app's scripts loaded (ADR 0062). */
export type EarlySession = null | Response | undefined;

/**
 * The inline script's answer, once: null means signed out, a `Response` is the current user's
 * answer, undefined means unknown (no script, a failure, or already taken). Later session queries
 * (after a sign-in or sign-out) must ask the server themselves, so it is removed when taken.
 */
export function takeEarlySession(): Promise<EarlySession> {
  const holder = window as unknown as Record<string, Promise<EarlySession> | undefined>;
  const early = holder[EARLY_SESSION_GLOBAL];
  delete holder[EARLY_SESSION_GLOBAL];
  return early ?? Promise.resolve(undefined);
}
