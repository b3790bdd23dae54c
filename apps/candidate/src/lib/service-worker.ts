/**
 * Registers /app/sw.js (scope /app/) and passes on what it says: a push or a refreshed list makes
 * the open screens fetch again, a notification click opens its screen (ADR 0103).
 */
import { currentUser } from './session';

type Listener = (message: { type: string; url?: string; kind?: string | null }) => void;
const listeners = new Set<Listener>();

/** Subscribes to the worker's messages (`push`, `refreshed`); returns the unsubscribe. */
export function onWorkerMessage(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: unknown; url?: unknown }>) => {
    const data = event.data;
    if (typeof data?.type !== 'string') return;
    if (data.type === 'open' && typeof data.url === 'string' && data.url.startsWith('/app/')) {
      window.location.hash = new URL(data.url, window.location.origin).hash;
      return;
    }
    for (const listener of listeners) listener(data as { type: string });
  });
  // A worker that takes over (first visit, update) learns who is signed in.
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    navigator.serviceWorker.controller?.postMessage({ type: 'user', userId: currentUser()?.id ?? null });
  });
  window.addEventListener('load', () => {
    void navigator.serviceWorker.register('/app/sw.js', { scope: '/app/' }).catch(() => undefined);
  });
}
