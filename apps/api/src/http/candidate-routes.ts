/**
 * Two rules for every candidate route (/rest/applicant/…, issue 46 item 4, ADR 0100), applied as the
 * routes are registered, whichever module adds them:
 *
 * - Strict input: an unknown query parameter or body field is a German 400, never silently
 *   dropped. A route's zod object schema is made strict (its refinements stay); a GET or DELETE
 *   without a query schema gets an empty strict one, so `?anything` is refused there too.
 * - Revalidation of the candidate lists: a 200 answer gets a strong ETag (hash of the body) and
 *   `Cache-Control: private, no-cache`; a request whose `If-None-Match` names it gets 304 without
 *   a body (the app's service worker revalidates cheaply on a slow connection).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, onSendHookHandler, RouteOptions } from 'fastify';
import { z } from 'zod';
import { ifNoneMatchMatches } from './public-cache';

export const CANDIDATE_PREFIX = '/rest/applicant/';

/** The candidate lists answered with ETag/304 (GET). */
export const CANDIDATE_LIST_ROUTES: ReadonlySet<string> = new Set([
  '/rest/applicant/feed',
  '/rest/applicant/vacancies',
  '/rest/applicant/matchings',
  '/rest/applicant/chats',
]);

const CACHE_CONTROL = 'private, no-cache';
const VARY = 'Authorization, Cookie';

function strict(schema: unknown): unknown {
  return schema instanceof z.ZodObject ? schema.strict() : schema;
}

export const revalidateList: onSendHookHandler = (request, reply, payload, done) => {
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
    done(null, payload);
    return;
  }
  // A kept answer (the feed, ADR 0107) comes with the ETag of its body as first made: not hashed again.
  const kept = reply.getHeader('etag');
  const etag =
    typeof kept === 'string' ? kept : `"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
  // A kept answer's Vary already names accept-encoding.
  const vary = reply.getHeader('vary');
  void reply
    .header('etag', etag)
    .header('cache-control', CACHE_CONTROL)
    .header('vary', typeof vary === 'string' && vary !== '' ? `${VARY}, ${vary}` : VARY);
  if (ifNoneMatchMatches(request.headers['if-none-match'], etag)) {
    void reply.code(304).removeHeader('content-length').removeHeader('content-type').removeHeader('content-encoding');
    done(null, '');
    return;
  }
  done(null, payload);
};

function withHook(existing: RouteOptions['onSend'], hook: onSendHookHandler): RouteOptions['onSend'] {
  if (!existing) return hook;
  return Array.isArray(existing) ? [...(existing as onSendHookHandler[]), hook] : [existing, hook];
}

/** Registers the rules; call before the candidate routes are registered. */
export function registerCandidateRouteRules(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(CANDIDATE_PREFIX)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = route.schema ?? {};
    if (schema.querystring) schema.querystring = strict(schema.querystring);
    else if (methods.every((method) => method === 'GET' || method === 'DELETE' || method === 'HEAD'))
      schema.querystring = z.strictObject({});
    if (schema.body) schema.body = strict(schema.body);
    route.schema = schema;
    if (methods.includes('GET') && CANDIDATE_LIST_ROUTES.has(route.url))
      route.onSend = withHook(route.onSend, revalidateList);
  });
}
