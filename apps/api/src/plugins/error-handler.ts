import { ERROR_CODES, ERROR_MESSAGES, REQUEST_MESSAGES, type ErrorCode, type ErrorResponse } from '@matchwerk/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isCheckViolation } from '../db/errors';
import { isAppError } from '../errors/app-error';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../errors/unavailable';
import { FAVICON_LINK_TAGS } from '../http/favicon';

export function errorBody(code: ErrorCode, message?: string, fieldErrors?: Record<string, string>): ErrorResponse {
  return { code, message: message ?? ERROR_MESSAGES[code], ...(fieldErrors ? { fieldErrors } : {}) };
}

export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  message?: string,
  fieldErrors?: Record<string, string>,
) {
  return reply
    .code(ERROR_CODES[code])
    .type('application/json; charset=utf-8')
    .send(errorBody(code, message, fieldErrors));
}

const ALLOW_CANDIDATES: HTTPMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Fastify's own error codes that are the client's fault, mapped to our codes. */
const FASTIFY_CLIENT_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  FST_ERR_CTP_INVALID_JSON_BODY: 'VALIDATION_FAILED',
};

function fieldErrorsOf(error: FastifyError): Record<string, string> | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.validation) {
    const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    fieldErrors[key] ??= issue.message ?? ERROR_MESSAGES.VALIDATION_FAILED;
  }
  return fieldErrors;
}

/**
 * One error handler: AppErrors → their code; validation → VALIDATION_FAILED with German field
 * messages; a database CHECK violation → 400; Fastify client errors → 4xx; a database that does
 * not answer → 503 with Retry-After (errors/unavailable.ts); everything else → 500 without internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (isAppError(error)) {
      if (error.headers) void reply.headers(error.headers);
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return sendError(reply, error.code, error.message, error.fieldErrors);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendError(reply, 'VALIDATION_FAILED', undefined, fieldErrorsOf(error));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return sendError(reply, 'INTERNAL');
    }
    if (isCheckViolation(error)) {
      // Validation should have refused the value first: answer 400, but log it as the gap it is.
      request.log.error({ err: error }, 'database refused a value by a CHECK constraint');
      return sendError(reply, 'VALIDATION_FAILED', REQUEST_MESSAGES.valueNotAllowed);
    }
    const mapped = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (mapped) return sendError(reply, mapped);
    const status = error.statusCode ?? 500;
    if (status === 429) return sendError(reply, 'RATE_LIMITED');
    if (status === 413) return sendError(reply, 'PAYLOAD_TOO_LARGE');
    if (status === 415) return sendError(reply, 'UNSUPPORTED_MEDIA_TYPE');
    if (status === 404) return sendError(reply, 'NOT_FOUND');
    if (status === 401) return sendError(reply, 'UNAUTHENTICATED');
    if (status === 403) return sendError(reply, 'FORBIDDEN');
    if (status === 409) return sendError(reply, 'CONFLICT');
    if (status >= 400 && status < 500) {
      // e.g. "__proto__" in JSON (FST_ERR_CTP_*), malformed input: never echo the raw message.
      return sendError(reply, 'VALIDATION_FAILED');
    }
    if (isDatabaseUnavailable(error)) {
      // Not our bug: the database does not answer (restart, failover). The client may try again.
      request.log.warn({ err: error }, 'database unavailable');
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(reply, 'DATABASE_UNAVAILABLE');
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(reply, 'INTERNAL');
  });

  // The routes by path alone, so that a method the path does not offer answers 405 with `Allow`
  // (RFC 9110) instead of 404 (issue 49). Fastify's own router only answers "no route".
  const routesByPath = FindMyWay({ ignoreTrailingSlash: true });
  const noop = () => undefined;
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      try {
        routesByPath.on(method as HTTPMethod, route.url, noop);
      } catch {
        // '/app' and '/app/' are one path here (ignoreTrailingSlash): the second is already known.
      }
    }
  });
  const methodsOf = (url: string): string[] => {
    const path = url.split('?')[0] ?? url;
    const allowed = ALLOW_CANDIDATES.filter((method) => routesByPath.find(method, path) !== null);
    if (allowed.includes('GET')) allowed.push('HEAD');
    return allowed;
  };

  app.setNotFoundHandler((request, reply) => {
    const allowed = request.url.startsWith('/rest/') ? methodsOf(request.url) : [];
    // A path that offers the asked method itself (e.g. "/rest/health/" for GET) is not found, not refused.
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      void reply.header('allow', allowed.join(', '));
      return sendError(reply, 'METHOD_NOT_ALLOWED');
    }
    if (request.url.startsWith('/rest/') || request.url === '/rest') {
      return sendError(reply, 'NOT_FOUND', 'Diese Schnittstelle gibt es nicht.');
    }
    return reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Nicht gefunden</title>' +
          FAVICON_LINK_TAGS +
          '</head>' +
          '<body><h1>Seite nicht gefunden</h1><p><a href="/">Zur Startseite</a></p></body></html>',
      );
  });
}
