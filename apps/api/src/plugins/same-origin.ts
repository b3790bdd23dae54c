/**
 * CSRF protection for cookie sessions: a state-changing request that carries a cookie must come
 * from the app's own origin. Browsers attach the session cookie to cross-site form posts
 * (SameSite=Lax still allows top-level POST navigations in some browsers, and a sibling
 * subdomain counts as same-site), so the cookie alone proves nothing about who asked.
 *
 * - Origin present (and not "null") → it must be one of the trusted origins.
 * - Otherwise Sec-Fetch-Site must say `same-origin` (or `none`: typed by the user). Browsers
 *   send `Origin: null` for same-origin form posts under `Referrer-Policy: no-referrer`, so
 *   "null" falls through to this check instead of being refused outright.
 * - Neither header → refused (fail closed): every current browser sends one of them.
 *
 * Bearer requests (the candidate app) are exempt: a browser cannot add an Authorization header
 * to a cross-site request without a CORS preflight, which this API never grants. Routes that
 * authenticate by a token in the URL (the unsubscribe link from a mail) opt out with
 * `config: { sameOriginExempt: true }`.
 *
 * Runs in onRequest (a step of the app's one hook, on-request.ts), i.e. before any body parsing
 * (multipart, JSON) and before the better-auth handler: a refused request never reaches them.
 */
import { sendError } from './error-handler';
import type { OnRequestStep } from './on-request';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is authenticated by a token in its URL or body, never by the session cookie. */
    sameOriginExempt?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface SameOriginRequest {
  method: string;
  headers: {
    origin?: string | undefined;
    cookie?: string | undefined;
    authorization?: string | undefined;
    'sec-fetch-site'?: string | string[] | undefined;
  };
}

/** The serialised origin of a URL (scheme://host[:port]), as browsers send it in Origin. */
export function originOf(url: string): string {
  return new URL(url).origin;
}

function isBearer(authorization: string | undefined): boolean {
  return authorization !== undefined && /^bearer\s+\S/i.test(authorization);
}

/** True when the request needs no check or passes it. */
export function isAllowedRequest(request: SameOriginRequest, trustedOrigins: ReadonlySet<string>): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  const { origin, cookie, authorization } = request.headers;
  if (!cookie) return true;
  if (isBearer(authorization)) return true;
  if (origin && origin !== 'null') return trustedOrigins.has(origin);
  const site = request.headers['sec-fetch-site'];
  return site === 'same-origin' || site === 'none';
}

export interface SameOriginOptions {
  /** Full URLs or origins; compared by their serialised origin. */
  trustedOrigins: readonly string[];
}

/** The check as a step of the app's one onRequest hook (on-request.ts): a refusal answers there and ends the chain. */
export function sameOriginCheck(options: SameOriginOptions): OnRequestStep {
  const trusted = new Set(options.trustedOrigins.map(originOf));
  return (request, reply) => {
    // The method first: a safe request never needs the route's config (a new object per read).
    if (
      SAFE_METHODS.has(request.method) ||
      request.routeOptions.config.sameOriginExempt ||
      isAllowedRequest(request, trusted)
    )
      return false;
    request.log.warn(
      { origin: request.headers.origin ?? null, secFetchSite: request.headers['sec-fetch-site'] ?? null },
      'cross-site request with session cookie refused',
    );
    void sendError(reply, 'CROSS_SITE_REQUEST');
    return true;
  };
}
