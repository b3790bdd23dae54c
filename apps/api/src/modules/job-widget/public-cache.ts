/**
 * HTTP of the job widget's public answers (ADR 0038): readable from every origin, cacheable for
 * five minutes by browsers and proxies, revalidated with an ETag of the body.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoredImage } from '../images/upload';

/** How long browsers and proxies may reuse an answer: a posting switched off disappears within this time. */
export const PUBLIC_MAX_AGE_SECONDS = 300;

/**
 * Cross-origin headers of every answer of the widget's routes, errors included (the widget tells a
 * 404 from a network failure): any origin may read them, without credentials (no
 * `Access-Control-Allow-Credentials`), and other sites may embed them (CORP), unlike the rest of the API.
 */
export const CROSS_ORIGIN_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag',
  'cross-origin-resource-policy': 'cross-origin',
} as const;

export function publicCacheControl(): string {
  return `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`;
}

/** A strong ETag of the bytes that will be sent. */
export function etagOf(content: string | Buffer): string {
  return `"${createHash('sha256').update(content).digest('base64url').slice(0, 27)}"`;
}

/** RFC 9110 §13.1.2: If-None-Match compares weakly (W/ ignored) and `*` matches any current answer. */
export function matchesIfNoneMatch(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  return value.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Adds the cache headers and the ETag to a 200 answer, after serialisation (so the tag is of the
 * bytes sent); answers 304 without a body when the client has them. Other statuses keep the API's
 * `no-store`.
 */
export function cacheablePayload(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (reply.statusCode !== 200 || !(typeof payload === 'string' || Buffer.isBuffer(payload))) return payload;
  const etag = etagOf(payload);
  void reply.header('cache-control', publicCacheControl()).header('etag', etag);
  if (!matchesIfNoneMatch(request, etag)) return payload;
  void reply.code(304).removeHeader('content-type').removeHeader('content-length');
  return '';
}

/** An image of the widget; caching comes from `cacheablePayload`, never sniffed (nosniff is set for every API answer). */
export function sendPublicImage(reply: FastifyReply, image: StoredImage): FastifyReply {
  return reply.header('content-type', image.mimeType).header('content-disposition', 'inline').send(image.data);
}
