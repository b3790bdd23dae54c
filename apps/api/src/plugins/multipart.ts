/**
 * Multipart bodies only where they are read: the image uploads and the RFC 8058 one-click
 * unsubscribe. Registered for the whole app, @fastify/multipart added an async onResponse hook
 * (`cleanRequestFiles`) and its request decorations to every request of every route (+5.5 µs CPU
 * per request measured on bare Fastify, issue #12); in the scope of these routes alone, every
 * other route answers a multipart body with 415 before reading it.
 */
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@matchwerk/shared';
import type { FastifyInstance } from 'fastify';

/** One file per request, field "file"; larger files → 413 (FST_REQ_FILE_TOO_LARGE). */
export const UPLOAD_LIMITS = { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024 } as const;

/**
 * Registers `routes` in a scope of their own with the multipart parser. The scope inherits the
 * app's hooks, error handler and type provider; its routes appear in the OpenAPI document and
 * the authorization table like any other.
 */
export function withMultipart<Instance extends FastifyInstance>(
  app: Instance,
  routes: (scope: Instance) => void,
): void {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: UPLOAD_LIMITS });
    routes(scope as Instance);
  });
}
