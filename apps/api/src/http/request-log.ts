/**
 * The request log: one line per request, when it is answered (method, URL, status, time), for the
 * answers Fastify gives and for those the fast path gives before it (ADR 0075), alike.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Instead of Fastify's two lines ("incoming request" and "request completed"): half the logging
 * cost per request (issue #12).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error)
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

const QUIETER_THAN_INFO = new Set(['warn', 'error', 'fatal', 'silent']);

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
    if (!log.level || QUIETER_THAN_INFO.has(log.level)) return;
    const { socket, headers } = request;
    let ip = socket.remoteAddress;
    let host = headers.host ?? '';
    if (trusted) {
      const addresses = proxyAddr.all(request, trusted);
      ip = addresses[addresses.length - 1];
      const forwardedHost = headers['x-forwarded-host'];
      if (forwardedHost && trusted(socket.remoteAddress ?? '', 0)) host = lastEntry(forwardedHost);
    }
    log.info(
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
