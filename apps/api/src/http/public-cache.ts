import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * The one exception to `Cache-Control: no-store` on API answers (ADR 0030, ADR 0034): public
 * marketplace answers hold nothing personal and are the same for everyone, so browsers, proxies
 * and crawlers may keep them briefly — one minute, so a deactivated posting is gone from caches
 * within a minute — and revalidate them cheaply with their ETag. The job widget's answers, fetched
 * by every visitor of an employer's website, are kept five minutes (ADR 0038).
 */
export const PUBLIC_MAX_AGE_SECONDS = 60;
export const PUBLIC_CACHE_CONTROL = `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`;

/** True when `If-None-Match` names the ETag (weak comparison, RFC 9110 §13.1.2) or is `*`. */
export function ifNoneMatchMatches(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/**
 * On an encapsulated scope (a plugin): every 200 answer gets `public, max-age=<maxAgeSeconds>` and
 * an ETag (the route's own, e.g. a photo id, else a hash of the body), and a request whose
 * `If-None-Match` names it gets 304 without a body. Errors keep the default (no-store).
 */
export function registerPublicCaching(scope: FastifyInstance, maxAgeSeconds = PUBLIC_MAX_AGE_SECONDS): void {
  const cacheControl = `public, max-age=${maxAgeSeconds}`;
  scope.addHook('onSend', (request, reply, payload, done) => {
    // A route that knows its ETag before its body (an image) answers the revalidation itself.
    if (reply.statusCode === 304) {
      void reply.header('cache-control', cacheControl);
      done(null, payload);
      return;
    }
    if (reply.statusCode !== 200) {
      done(null, payload);
      return;
    }
    let etag = reply.getHeader('etag');
    if (typeof etag !== 'string') {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) {
        done(null, payload);
        return;
      }
      etag = `"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
      void reply.header('etag', etag);
    }
    void reply.header('cache-control', cacheControl);
    if (ifNoneMatchMatches(request.headers['if-none-match'], etag)) {
      void reply.code(304).removeHeader('content-length').removeHeader('content-type');
      done(null, '');
      return;
    }
    done(null, payload);
  });
}
