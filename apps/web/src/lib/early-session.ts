import { EARLY_DATA_GLOBAL, EARLY_DATA_MAX_AGE_MS, EARLY_SESSION_GLOBAL } from '@matchwerk/shared';

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

interface EarlyData {
  url: string;
  at: number;
  response: Promise<Response | undefined>;
}

/**
 * The inline script's answer to the opened screen's first list request (ADR 0070), once and only
 * for the same URL; undefined when there is none, it is for another URL, or it is older than
 * `EARLY_DATA_MAX_AGE_MS` (the screen was not the first one the app showed: it asks itself).
 */
export function takeEarlyResponse(url: string): Promise<Response | undefined> | undefined {
  const holder = window as unknown as Record<string, EarlyData | undefined>;
  const early = holder[EARLY_DATA_GLOBAL];
  if (early?.url !== url) return undefined;
  delete holder[EARLY_DATA_GLOBAL];
  return performance.now() - early.at <= EARLY_DATA_MAX_AGE_MS ? early.response : undefined;
}
