/**
 * `GET /rest/health`, answered by the HTTP server's request listener before Fastify sees the
 * request (ADR 0066): a constant that load balancers poll on every process every few seconds, for
 * which Fastify's routing, hook stages, request and reply objects cost more than the answer.
 * Issue #12 asks ≥ 0.8× of bare node:http for it. The answer is the route's own (system.routes.ts):
 * the same body and the same headers (`apiAnswerHeaders`); it writes no log line.
 *
 * Everything else goes to Fastify: a query string or HEAD, any other path, and every request once
 * the app is closing (Fastify then answers 503, so the balancer stops sending). Answers from memory
 * for signed-in sessions are given inside Fastify (http/known-session-answers.ts, ADR 0093).
 */
import { createServer } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

export interface ConstantAnswer {
  /** The exact request path, without a query string. */
  path: string;
  body: string;
  /** Response headers besides content-length (which is computed here). */
  headers: Readonly<Record<string, string>>;
}

export interface FastPath {
  /** Fastify's `serverFactory`: a node:http server as Fastify makes it, answering health first. */
  serverFactory: FastifyServerFactory;
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
  let serving = true;

  const serverFactory: FastifyServerFactory = (handler, options) => {
    const server = createServer((request, response) => {
      if (serving && request.url === health.path && request.method === 'GET') {
        response.writeHead(200, healthHeaders);
        response.end(health.body);
        return;
      }
      handler(request, response);
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
    stop: () => {
      serving = false;
    },
  };
}
