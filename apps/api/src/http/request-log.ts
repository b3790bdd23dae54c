/**
 * The request log: at most one line per request, when it is answered (method, URL, status, time).
 * Every answer but the health probe's (ADR 0066) goes through Fastify, answers from memory too
 * (ADR 0093), so this is the only place a line is made.
 *
 * A line's level follows what it tells an operator (ADR 0084): an error or a 5xx at `error`, an
 * answer that took a second or more at `warn`, a refusal (4xx) at `info`, and a good answer at
 * `debug`. At the production level (`info`) a good answer costs a level check and nothing else:
 * writing its line had cost 25 µs of CPU, more than the answer itself when it comes from memory.
 * The reverse proxy in front keeps the access log (docs/deploy.md).
 */
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
