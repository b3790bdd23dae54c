/**
 * `GET /rest/health` answered by the HTTP server's request listener, before Fastify sees the
 * request (ADR 0066). Load balancers poll it on every process every few seconds, and its answer
 * is a constant: routing, the hook stages, the request object, the request id and the log line
 * were most of what it cost. Bare Fastify with one route measured 0.76–0.84× of bare node:http
 * in the bench; issue #12 asks ≥ 0.8× for this route.
 *
 * The answer is the route's own (system.routes.ts): the same body and the same headers. Everything
 * else goes to Fastify as before: a query string, HEAD, another path, and every request once the
 * app is closing (Fastify then answers 503, so the balancer stops sending).
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

export interface HealthFastPath {
  /** Fastify's `serverFactory`: a node:http server as Fastify makes it, answering the path first. */
  serverFactory: FastifyServerFactory;
  /** From now on every request goes to Fastify (call it when the app starts closing). */
  stop(): void;
}

/** A whole number from Fastify's validated options (its defaults are filled in before the factory runs). */
function integerOption(options: Record<string, unknown>, name: string): number {
  const value = options[name];
  return typeof value === 'number' && Number.isInteger(value) ? value : 0;
}

export function createHealthFastPath(answer: ConstantAnswer): HealthFastPath {
  const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(answer.body)) };
  let serving = true;
  const serverFactory: FastifyServerFactory = (handler, options) => {
    const server = createServer((request, response) => {
      if (serving && request.url === answer.path && request.method === 'GET') {
        response.writeHead(200, headers);
        response.end(answer.body);
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
