/**
 * Which of the service worker's caching strategies a request gets (ADR 0103). Pure, so the
 * choices are tested without a browser; sw.ts applies them.
 *
 * - `shell`: the app's hashed files, the manifest and icons: from the precache, else the network.
 * - `page`: a navigation inside /app/: the network, offline the cached index.html.
 * - `lists`: the candidate's lists (feed, postings, matchings, chats): stale-while-revalidate in
 *   the signed-in user's own cache; a request with `cache: 'no-cache'` (a refetch after an
 *   action) goes to the network first.
 * - `chat`: one chat's messages: the network, offline the user's cached copy.
 * - `images`: posting photos and logos: cache-first (their URLs change when the picture does).
 * - `network`: everything else (sign-in, writes, the session): never cached.
 */
export type Strategy = 'shell' | 'page' | 'lists' | 'chat' | 'images' | 'network';

const LIST_PATHS = [
  /^\/rest\/applicant\/(feed|vacancies|matchings|chats)$/,
  /^\/rest\/applicant\/vacancies\/[^/]+$/,
  /^\/rest\/public\/vacancies$/,
  /^\/rest\/public\/vacancies\/[^/]+$/,
];
const CHAT_PATH = /^\/rest\/applicant\/chats\/[^/]+$/;
const IMAGE_PATHS = [
  /^\/rest\/public\/vacancies\/[^/]+\/photos\/[^/]+$/,
  /^\/rest\/public\/organizations\/[^/]+\/logo$/,
  /^\/rest\/applicant\/vacancies\/[^/]+\/photos\/[^/]+$/,
];

export function strategyFor(request: { method: string; url: string; mode: string }, origin: string): Strategy {
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== origin) return 'network';
  if (request.mode === 'navigate')
    return url.pathname.startsWith('/app/') || url.pathname === '/app' ? 'page' : 'network';
  if (url.pathname.startsWith('/app/')) return 'shell';
  if (IMAGE_PATHS.some((pattern) => pattern.test(url.pathname))) return 'images';
  if (CHAT_PATH.test(url.pathname)) return 'chat';
  if (LIST_PATHS.some((pattern) => pattern.test(url.pathname))) return 'lists';
  return 'network';
}

/** Cache names: the shell per build, the rest per user so one user never sees another's data. */
export function cacheNames(version: string, userId: string | null) {
  const owner = userId ?? 'public';
  return { shell: `mw-shell-${version}`, data: `mw-data-${owner}`, images: `mw-images-${owner}` };
}

/** Only paths inside the app may be opened from a notification. */
export function notificationTarget(url: unknown): string {
  return typeof url === 'string' && url.startsWith('/app/') && !url.startsWith('//') ? url : '/app/#/nachrichten';
}
