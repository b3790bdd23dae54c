/**
 * Answers given by the HTTP server's request listener, before Fastify sees the request: routing,
 * the hook stages, the request and reply objects cost more than these answers themselves.
 *
 * - `GET /rest/health`, a constant that load balancers poll on every process every few seconds
 *   (ADR 0066). Bare Fastify with one route measured 0.76–0.84× of bare node:http in the bench;
 *   issue #12 asks ≥ 0.8× for this route. The answer is the route's own (system.routes.ts): the
 *   same body and the same headers.
 * - Answers added with `add` (ADR 0075): the current user, which depends on the session's actor
 *   alone (`actorAnswer`), and an organisation user's list read kept in memory.
 *
 * Everything else goes to Fastify as before: a query string or HEAD for health, whatever an added
 * answer declines, and every request once the app is closing (Fastify then answers 503, so the
 * balancer stops sending).
 */
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import { JSON_CONTENT_TYPE } from './serialized-body';

export interface ConstantAnswer {
  /** The exact request path, without a query string. */
  path: string;
  body: string;
  /** Response headers besides content-length (which is computed here). */
  headers: Readonly<Record<string, string>>;
}

/**
 * Writes the whole answer and returns true, or returns false without touching the response
 * (Fastify then answers). May decide later: a promise of the same.
 */
export type EarlyAnswer = (request: IncomingMessage, response: ServerResponse) => boolean | Promise<boolean>;

export interface FastPath {
  /** Fastify's `serverFactory`: a node:http server as Fastify makes it, answering early first. */
  serverFactory: FastifyServerFactory;
  /**
   * Tried, in the order added, for every request the health answer does not take. When it throws
   * or rejects, `failed` hears of it and the request goes on to Fastify (or, if the answer had
   * begun, its connection is closed).
   */
  add(answer: EarlyAnswer, failed: (error: unknown) => void): void;
  /** From now on every request goes to Fastify (call it when the app starts closing). */
  stop(): void;
}

/** A whole number from Fastify's validated options (its defaults are filled in before the factory runs). */
function integerOption(options: Record<string, unknown>, name: string): number {
  const value = options[name];
  return typeof value === 'number' && Number.isInteger(value) ? value : 0;
}

export function createFastPath(health: ConstantAnswer): FastPath {
  const healthHeaders = { ...health.headers, 'content-length': String(Buffer.byteLength(health.body)) };
  const answers: { answer: EarlyAnswer; failed: (error: unknown) => void }[] = [];
  let serving = true;

  /**
   * The added answers from `index` on; Fastify once none took the request. No closure is made
   * per request unless an answer throws or returns a promise: tsx compiles with esbuild's
   * `keepNames`, which names every closure with `Object.defineProperty` as it is made — 4 % of
   * a kept answer's CPU, more than the answer's own look-ups.
   */
  function tryAnswers(
    index: number,
    request: IncomingMessage,
    response: ServerResponse,
    fastify: (request: IncomingMessage, response: ServerResponse) => void,
  ): void {
    for (let next = index; next < answers.length; next++) {
      let answered: boolean | Promise<boolean>;
      try {
        answered = answers[next]!.answer(request, response);
      } catch (error) {
        return recover(next, error, request, response, fastify);
      }
      if (answered === true) return;
      if (answered !== false) {
        answered.then(
          (done) => {
            if (!done) tryAnswers(next + 1, request, response, fastify);
          },
          (error: unknown) => recover(next, error, request, response, fastify),
        );
        return;
      }
    }
    fastify(request, response);
  }

  /** Answer `index` failed: it is reported, and the next answer or Fastify takes the request. */
  function recover(
    index: number,
    error: unknown,
    request: IncomingMessage,
    response: ServerResponse,
    fastify: (request: IncomingMessage, response: ServerResponse) => void,
  ): void {
    answers[index]!.failed(error);
    if (response.headersSent) response.destroy();
    else tryAnswers(index + 1, request, response, fastify);
  }

  const serverFactory: FastifyServerFactory = (handler, options) => {
    const server = createServer((request, response) => {
      if (!serving) return handler(request, response);
      if (request.url === health.path && request.method === 'GET') {
        response.writeHead(200, healthHeaders);
        response.end(health.body);
        return;
      }
      tryAnswers(0, request, response, handler);
    });
    // What Fastify sets on the HTTP/1.1 server it makes itself (fastify/lib/server.js).
    server.keepAliveTimeout = integerOption(options, 'keepAliveTimeout');
    server.requestTimeout = integerOption(options, 'requestTimeout');
    server.setTimeout(integerOption(options, 'connectionTimeout'));
    const maxRequestsPerSocket = integerOption(options, 'maxRequestsPerSocket');
    if (maxRequestsPerSocket > 0) server.maxRequestsPerSocket = maxRequestsPerSocket;
    return server;
  };
  return {
    serverFactory,
    add: (answer, failed) => {
      answers.push({ answer, failed });
    },
    stop: () => {
      serving = false;
    },
  };
}

/** What an early answer for a signed-in session needs (ADR 0075). */
export interface KnownSessionAnswerOptions<Actor extends object> {
  /** The request's actor if its session is in memory and may be trusted; never looks anything up. */
  knownActor: (request: IncomingMessage) => Actor | undefined;
  /** The headers the route's hooks set on every such answer (security headers, `no-store`). */
  headers: Readonly<Record<string, string>>;
  /** After the answer went out (the request log line). */
  answered: (request: IncomingMessage, response: ServerResponse, milliseconds: number) => void;
}

export interface ActorAnswerOptions<Actor extends object> extends KnownSessionAnswerOptions<Actor> {
  /** The exact request path: a query string goes to Fastify. */
  path: string;
  /** The answer's JSON; must depend on nothing but the actor, which is never changed in place. */
  body: (actor: Actor) => string;
}

/**
 * A `GET` whose answer is a pure function of the signed-in actor (the current user): made once
 * per actor object, which the session cache replaces after every revocation or change of the user
 * (ADR 0015, 0054). Requests without a known session go to the route, which looks it up.
 */
export function actorAnswer<Actor extends object>(options: ActorAnswerOptions<Actor>): EarlyAnswer {
  const made = new WeakMap<Actor, { body: Buffer; headers: OutgoingHttpHeaders }>();
  return (request, response) => {
    if (request.url !== options.path || request.method !== 'GET') return false;
    const actor = options.knownActor(request);
    if (!actor) return false;
    const started = performance.now();
    let answer = made.get(actor);
    if (!answer) {
      const body = Buffer.from(options.body(actor));
      answer = {
        body,
        headers: { ...options.headers, 'content-type': JSON_CONTENT_TYPE, 'content-length': body.length },
      };
      made.set(actor, answer);
    }
    response.writeHead(200, answer.headers);
    response.end(answer.body);
    options.answered(request, response, performance.now() - started);
    return true;
  };
}
