/**
 * Answers from memory for sessions already known, given in the app's one onRequest hook (its last
 * step, on-request.ts): after routing, the security headers and the same-origin check, and before
 * the route's own hooks, validation and handler (ADR 0075, moved into Fastify's lifecycle by
 * ADR 0093). They go out through `reply.send`, so the answer's headers, its log line and any
 * error are Fastify's, as for every other answer.
 *
 * - The current user (`GET` of exactly its path): a pure function of the session's actor object
 *   (ADR 0054), the route's own body (`currentUserBodies`).
 * - An organisation user's kept list answer (ADR 0065), when one holds for this session and URL.
 *
 * Only a session in the session cache is answered here (`knownActor` looks nothing up, and finds
 * nothing while the revocation feed cannot be trusted); every other request goes on to the route,
 * which looks the session up. Revocation stays effective on the next request: the cache entry the
 * answer needs is the one the revocation feed drops.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionActor } from '../access/actor';
import type { OnRequestStep } from '../plugins/on-request';
import { sendJson } from './serialized-body';

export interface KnownSessionAnswerOptions {
  /** The request's actor if its session is in memory and may be trusted; never looks anything up. */
  knownActor: (headers: IncomingHttpHeaders) => SessionActor | undefined;
  /** The exact path of the current user: a query string goes to the route. */
  currentUserPath: string;
  /** The route's answer for the actor, made once per actor object. */
  currentUserBody: (actor: SessionActor) => string;
  /** Sends the kept answer for this actor and URL and returns true, or returns false. */
  sendKept: (request: FastifyRequest, reply: FastifyReply, actor: SessionActor) => boolean | Promise<boolean>;
}

/** Every answer of this step is under the API's prefix. */
const API_PREFIX = '/rest/';

export function knownSessionAnswer(options: KnownSessionAnswerOptions): OnRequestStep {
  const { knownActor, currentUserPath, currentUserBody, sendKept } = options;
  return (request, reply) => {
    if (request.method !== 'GET' || !request.url.startsWith(API_PREFIX)) return false;
    const actor = knownActor(request.headers);
    if (!actor) return false;
    if (request.url === currentUserPath) {
      sendJson(reply, currentUserBody(actor));
      return true;
    }
    return sendKept(request, reply, actor);
  };
}
