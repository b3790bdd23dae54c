/**
 * The request log: at most one line per request, when it is answered (method, URL, status, time),
 * for the answers Fastify gives and for those the fast path gives before it (ADR 0075), alike.
 *
 * A line's level follows what it tells an operator (ADR 0084): an error or a 5xx at `error`, an
 * answer that took a second or more at `warn`, a refusal (4xx) at `info`, and a good answer at
 * `debug`. At the production level (`info`) a good answer costs a level check and nothing else:
 * writing its line had cost 25 µs of CPU, more than the answer itself when it comes from memory.
 * The reverse proxy in front keeps the access log (docs/deploy.md).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { levels } from 'pino';

/**
 * Instead of Fastify's two lines ("incoming request" and "request completed"): half the logging
 * cost per request (issue #12).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const responseTime = reply.elapsedTime;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
      return;
    }
    const level = requestLineLevel(reply.statusCode, responseTime);
    if (writes(reply.log, level)) reply.log[level]({ req: request, res: reply, responseTime }, 'request completed');
  }
}

type LineLevel = 'error' | 'warn' | 'info' | 'debug';

/** Whether the logger writes lines of this level ('silent' and a logger without a level write none). */
function writes(log: FastifyBaseLogger, level: LineLevel): boolean {
  const threshold = levels.values[log.level];
  return threshold !== undefined && levels.values[level]! >= threshold;
}

/** An answer that takes this long is worth a warning whatever its status. */
export const SLOW_REQUEST_MS = 1000;

/** The level of an answer's line (ADR 0084). */
export function requestLineLevel(statusCode: number, milliseconds: number): LineLevel {
  if (statusCode >= 500) return 'error';
  if (milliseconds >= SLOW_REQUEST_MS) return 'warn';
  if (statusCode >= 400) return 'info';
  return 'debug';
}

/** The last of a header's comma-separated values (a proxy appends its own). */
function lastEntry(values: string | string[]): string {
  const value = Array.isArray(values) ? (values[values.length - 1] ?? '') : values;
  const comma = value.lastIndexOf(',');
  return (comma === -1 ? value : value.slice(comma + 1)).trim();
}

export interface EarlyAnswerLogOptions {
  /** The root logger: its `req` serializer shapes the line as for Fastify's answers. */
  log: FastifyBaseLogger;
  /** As given to Fastify (`trustProxy`): the client address and host are read as Fastify reads them. */
  trustedProxies: string[] | false;
  requestId: () => string;
}

/** The line Fastify's request logger would write for an answer given before Fastify. */
export function earlyAnswerLog({ log, trustedProxies, requestId }: EarlyAnswerLogOptions) {
  const trusted = trustedProxies ? proxyAddr.compile(trustedProxies) : null;
  return (request: IncomingMessage, response: ServerResponse, milliseconds: number): void => {
    // Fastify's logger when logging is off has no level: no line, and no request id made for it.
    const level = requestLineLevel(response.statusCode, milliseconds);
    if (!writes(log, level)) return;
    const { socket, headers } = request;
    let ip = socket.remoteAddress;
    let host = headers.host ?? '';
    if (trusted) {
      const addresses = proxyAddr.all(request, trusted);
      ip = addresses[addresses.length - 1];
      const forwardedHost = headers['x-forwarded-host'];
      if (forwardedHost && trusted(socket.remoteAddress ?? '', 0)) host = lastEntry(forwardedHost);
    }
    log[level](
      {
        reqId: requestId(),
        req: { method: request.method, url: request.url, host, ip, socket },
        res: { statusCode: response.statusCode },
        responseTime: milliseconds,
      },
      'request completed',
    );
  };
}
