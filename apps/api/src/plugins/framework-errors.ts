/**
 * Answers for requests that never reach a route, which Fastify would otherwise answer in
 * English with the URL echoed back (FST_ERR_BAD_URL: broken percent-encoding; 414
 * FST_ERR_MAX_PARAM_LENGTH: a path parameter over `maxParamLength`) or, before any parsing,
 * with English JSON (Node's clientError: header overflow → 431, malformed HTTP → 400).
 * Passed to the Fastify constructor in app.ts.
 */
import { ERROR_MESSAGES, REQUEST_MESSAGES } from '@matchwerk/shared';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Socket } from 'node:net';
import { sendError } from './error-handler';

export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) => {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void sendError(reply, 'URI_TOO_LONG');
  else if (error.code === 'FST_ERR_BAD_URL') void sendError(reply, 'VALIDATION_FAILED', REQUEST_MESSAGES.badUrl);
  else void sendError(reply, 'INTERNAL');
};

/** German 431/408/400 for requests Node's HTTP parser refuses (no Fastify request exists yet). */

export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let body: { code: string; message: string } = {
    code: 'VALIDATION_FAILED',
    message: REQUEST_MESSAGES.malformedRequest,
  };
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    body = { code: 'VALIDATION_FAILED', message: REQUEST_MESSAGES.headersTooLarge };
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    body = { code: 'SERVICE_UNAVAILABLE', message: ERROR_MESSAGES.SERVICE_UNAVAILABLE };
  }
  const text = JSON.stringify(body);
  const reason =
    status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request';
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}
