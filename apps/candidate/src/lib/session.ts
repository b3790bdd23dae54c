/**
 * The signed-in candidate, read from better-auth's session answer and shared by every screen
 * (useSyncExternalStore), with the parental consent from the current-user answer (ADR 0097): one
 * request more after the session, again whenever the app comes back to the front, so a parent's
 * confirmation shows without signing in again. Signing out clears what this device kept for the
 * user: the service worker's caches and the chat outbox (ADR 0103).
 */
import { API_PATHS, type CurrentUser, type CurrentUserConsent } from '@matchwerk/shared';
import { useSyncExternalStore } from 'react';
import { api } from './api';
import { closeOutbox } from './chat-send';
import { sameConsent } from './consent';
import { deleteOutbox } from './outbox';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | {
      status: 'signed-in';
      user: SessionUser;
      /** The parental consent; null while unknown (offline, not loaded): the server decides then. */
      consent: CurrentUserConsent | null;
    };

let state: SessionState = { status: 'loading' };
const listeners = new Set<() => void>();

/** Sets the state; the service worker learns the user unless only the consent changed. */
function set(next: SessionState, { consentOnly = false } = {}): void {
  state = next;
  for (const listener of listeners) listener();
  if (consentOnly) return;
  const userId = next.status === 'signed-in' ? next.user.id : null;
  navigator.serviceWorker?.controller?.postMessage({ type: 'user', userId });
}

export function useSession(): SessionState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

export function currentUser(): SessionUser | null {
  return state.status === 'signed-in' ? state.user : null;
}

/** The signed-in candidate's parental consent; null while unknown or signed out. */
export function currentConsent(): CurrentUserConsent | null {
  return state.status === 'signed-in' ? state.consent : null;
}

interface SessionAnswer {
  user?: { id: string; email: string; name: string } | null;
}

/** The consent from the current-user answer; null for none, undefined when the request failed. */
async function fetchConsent(): Promise<CurrentUserConsent | null | undefined> {
  try {
    const me = await api<Pick<CurrentUser, 'parentalConsent'>>(API_PATHS.currentUser, { fresh: true });
    return me.parentalConsent ?? null;
  } catch {
    return undefined;
  }
}

export async function loadSession(): Promise<void> {
  try {
    const answer = await api<SessionAnswer | null>(API_PATHS.getSession);
    if (answer?.user) {
      const kept = state.status === 'signed-in' && state.user.id === answer.user.id ? state.consent : null;
      const consent = await fetchConsent();
      set({ status: 'signed-in', user: answer.user, consent: consent === undefined ? kept : consent });
    } else set({ status: 'signed-out' });
  } catch {
    // Offline: keep the last user this device knew, so the cached lists and chats still show.
    const kept = localStorage.getItem(LAST_USER_KEY);
    set(
      kept ? { status: 'signed-in', user: JSON.parse(kept) as SessionUser, consent: null } : { status: 'signed-out' },
    );
    return;
  }
  if (state.status === 'signed-in') localStorage.setItem(LAST_USER_KEY, JSON.stringify(state.user));
  else localStorage.removeItem(LAST_USER_KEY);
}

const LAST_USER_KEY = 'matchwerk.user';

let refreshing: Promise<void> | null = null;

/** Reads the consent again (after a re-sent mail, a refused action, the app back in front). */
export function refreshConsent(): Promise<void> {
  if (state.status !== 'signed-in') return Promise.resolve();
  const userId = state.user.id;
  refreshing ??= fetchConsent()
    .then((consent) => {
      if (consent === undefined || state.status !== 'signed-in' || state.user.id !== userId) return;
      if (!sameConsent(state.consent, consent)) set({ ...state, consent }, { consentOnly: true });
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Refreshes the consent whenever the app comes back to the front (a parent may have confirmed meanwhile). */
export function watchConsent(): () => void {
  const onVisible = () => {
    if (document.visibilityState === 'visible') void refreshConsent();
  };
  window.addEventListener('focus', onVisible);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.removeEventListener('focus', onVisible);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

export async function signIn(email: string, password: string): Promise<void> {
  await api(API_PATHS.signIn, { method: 'POST', body: { email, password, rememberMe: true } });
  await loadSession();
}

/** Signs out here and removes this user's caches and outbox from the device. */
export async function signOut(): Promise<void> {
  const user = currentUser();
  try {
    await api(API_PATHS.signOut, { method: 'POST', body: {} });
  } finally {
    if (user) await forgetUser(user.id);
    localStorage.removeItem(LAST_USER_KEY);
    set({ status: 'signed-out' });
  }
}

/** Clears what the device kept of a user (sign-out, account deletion). */
export async function forgetUser(userId: string): Promise<void> {
  if ('caches' in window) {
    const names = await caches.keys().catch(() => [] as string[]);
    await Promise.all(names.filter((name) => name.endsWith(`-${userId}`)).map((name) => caches.delete(name)));
  }
  await closeOutbox(userId);
  await deleteOutbox(userId).catch(() => undefined);
}
