/**
 * The candidate app's service worker (issue 47, ADR 0103), hand-written: the precached shell,
 * per-user caches for the lists, chats and images, push notifications collapsed per chat, the
 * click that opens the right screen, and re-subscribing when the browser renews a subscription.
 * Built by vite.sw.config.ts to /app/sw.js; scripts/inject-precache.mjs fills in PRECACHE.
 */
import { API_PATHS, type CandidateNotificationKind } from '@matchwerk/shared';
import { cacheNames, notificationTarget, strategyFor } from './strategy';

declare const self: ServiceWorkerGlobalScope;

/** Replaced by the build with the shell's files and a version (a hash of them). */
const PRECACHE: { version: string; files: string[] } = JSON.parse('__PRECACHE__') as never;
const VERSION = PRECACHE.version;
/** Where the signed-in user's id is kept across restarts of the worker (a tiny cache entry). */
const USER_KEY = '/app/__user';
const META_CACHE = 'mw-meta';

let userId: string | null | undefined;

async function currentUserId(): Promise<string | null> {
  if (userId !== undefined) return userId;
  const stored = await (await caches.open(META_CACHE)).match(USER_KEY);
  userId = stored ? (await stored.text()) || null : null;
  return userId;
}

async function setUser(next: string | null): Promise<void> {
  const previous = await currentUserId();
  userId = next;
  await (await caches.open(META_CACHE)).put(USER_KEY, new Response(next ?? ''));
  // Signed out or another user: nothing of the previous user stays on the device.
  if (previous && previous !== next) await clearUser(previous);
}

async function clearUser(id: string): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.endsWith(`-${id}`)).map((name) => caches.delete(name)));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(cacheNames(VERSION, null).shell);
      await cache.addAll(PRECACHE.files);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const shell = cacheNames(VERSION, null).shell;
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith('mw-shell-') && name !== shell).map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

async function fromShell(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: cacheNames(VERSION, null).shell, ignoreSearch: true });
  return cached ?? fetch(request);
}

async function page(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    const shell = await caches.open(cacheNames(VERSION, null).shell);
    return (await shell.match('/app/index.html')) ?? (await shell.match('/app/')) ?? Response.error();
  }
}

async function notifyClients(message: unknown): Promise<void> {
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message);
}

/** Keeps a successful answer (never an error page) in the given cache. */
async function store(cacheName: string, request: Request, response: Response): Promise<void> {
  if (!response.ok) return;
  const cache = await caches.open(cacheName);
  await cache.put(request, response);
}

async function lists(request: Request, event: FetchEvent): Promise<Response> {
  const names = cacheNames(VERSION, await currentUserId());
  const cache = await caches.open(names.data);
  const cached = await cache.match(request);
  const network = fetch(request).then(async (response) => {
    const changed = cached && response.ok && (await response.clone().text()) !== (await cached.clone().text());
    await store(names.data, request, response.clone());
    if (changed) await notifyClients({ type: 'refreshed', url: request.url });
    return response;
  });
  if (cached && request.cache !== 'no-cache') {
    event.waitUntil(network.catch(() => undefined));
    return cached;
  }
  try {
    return await network;
  } catch {
    return cached ?? Response.error();
  }
}

async function networkFirst(request: Request): Promise<Response> {
  const names = cacheNames(VERSION, await currentUserId());
  try {
    const response = await fetch(request);
    await store(names.data, request, response.clone());
    return response;
  } catch {
    return (await caches.match(request, { cacheName: names.data })) ?? Response.error();
  }
}

async function images(request: Request): Promise<Response> {
  const names = cacheNames(VERSION, await currentUserId());
  const cached = await caches.match(request, { cacheName: names.images });
  if (cached) return cached;
  const response = await fetch(request);
  await store(names.images, request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  switch (strategyFor(request, self.location.origin)) {
    case 'shell':
      return event.respondWith(fromShell(request));
    case 'page':
      return event.respondWith(page(request));
    case 'lists':
      return event.respondWith(lists(request, event));
    case 'chat':
      return event.respondWith(networkFirst(request));
    case 'images':
      return event.respondWith(images(request));
    case 'network':
      // A write changes what the lists show: the next read goes to the network.
      if (request.method !== 'GET' && new URL(request.url).pathname.startsWith('/rest/'))
        event.waitUntil(currentUserId().then((id) => (id ? caches.delete(cacheNames(VERSION, id).data) : false)));
      return;
  }
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; userId?: unknown } | null;
  if (data?.type === 'user') event.waitUntil(setUser(typeof data.userId === 'string' ? data.userId : null));
});

/** What a push carries (candidatePushPayloadSchema in packages/shared); read defensively. */
interface PushPayload {
  kind?: CandidateNotificationKind;
  company?: string | null;
  url?: string;
  tag?: string;
}

function notificationText(payload: PushPayload): { title: string; body: string } {
  const company = payload.company ?? 'Eine Firma';
  switch (payload.kind) {
    case 'MATCHING_ACCEPTED':
      return { title: 'Zusage!', body: `${company} möchte dich kennenlernen. Schreib gleich zurück.` };
    case 'MATCHING_DECLINED':
      return { title: 'Neue Antwort auf deine Anfrage', body: `${company} hat geantwortet.` };
    case 'MESSAGE':
      return { title: 'Neue Nachricht', body: `${company} hat dir geschrieben.` };
    case undefined:
    default:
      return { title: 'Matchwerk', body: 'Es gibt etwas Neues für dich.' };
  }
}

self.addEventListener('push', (event) => {
  let payload: PushPayload = {};
  try {
    payload = (event.data?.json() ?? {}) as PushPayload;
  } catch {
    // A push without JSON still tells the candidate that something is new.
  }
  const { title, body } = notificationText(payload);
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(title, {
        body,
        tag: payload.tag ?? payload.kind ?? 'matchwerk',
        icon: '/app/icons/icon-192.png',
        badge: '/app/icons/icon-192.png',
        data: { url: notificationTarget(payload.url) },
      }),
      // An open app fetches what is new now instead of at its next poll.
      notifyClients({ type: 'push', kind: payload.kind ?? null }),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTarget((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).pathname.startsWith('/app/'));
      if (open) {
        await open.focus();
        open.postMessage({ type: 'open', url: target });
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const config = await fetch(API_PATHS.applicantPushConfig, { credentials: 'same-origin' });
      if (!config.ok) return;
      const { vapidPublicKey } = (await config.json()) as { vapidPublicKey: string };
      const subscription = await self.registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(vapidPublicKey),
      });
      await fetch(API_PATHS.applicantPushSubscriptions, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(subscription.toJSON()),
      });
    })(),
  );
});
