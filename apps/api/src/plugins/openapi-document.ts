import { ERROR_MESSAGES, errorResponseSchema } from '@matchwerk/shared';
import { z } from 'zod';

/** Statuses that never carry a body (RFC 9110): documented without content. */
const BODYLESS = new Set(['204', '304']);
const TEXT_TYPES = /^text\//;
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

interface MediaObject {
  schema?: Record<string, unknown>;
}
interface ResponseObject {
  description?: string;
  content?: Record<string, MediaObject>;
}
interface OperationObject {
  responses?: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  paths?: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, unknown>; [key: string]: unknown };
  [key: string]: unknown;
}

/** The one error body (packages/shared), filed once under components and referenced by the added statuses. */
const ERROR_SCHEMA_NAME = 'ErrorResponse';
const ERROR_SCHEMA_REF = `#/components/schemas/${ERROR_SCHEMA_NAME}`;

/**
 * Answers every operation can get whatever its route declares, because they come from app-wide
 * steps, not from the route: 400 from the input guard (forbidden characters in any query, path or
 * body value, plugins/input-guard.ts) and from validation (unknown query parameters of candidate
 * routes, http/candidate-routes.ts); on every method that may carry a body (also DELETE) 403 from
 * the same-origin check of cookie requests, 413 and 415 from Fastify's body parsing (a body too
 * large, a Content-Type without a parser).
 */
const COMMON_ERRORS: readonly { status: string; description: string; methods?: ReadonlySet<string> }[] = [
  { status: '400', description: 'Ungültige Anfrage (unzulässige Zeichen, unbekannte oder ungültige Parameter)' },
  {
    status: '403',
    description: 'Anfrage mit Sitzungs-Cookie von fremder Herkunft (Schutz vor CSRF)',
    methods: BODY_METHODS,
  },
  { status: '413', description: ERROR_MESSAGES.PAYLOAD_TOO_LARGE, methods: BODY_METHODS },
  { status: '415', description: ERROR_MESSAGES.UNSUPPORTED_MEDIA_TYPE, methods: BODY_METHODS },
];

/**
 * OpenAPI 3.0's `nullable` adds null to the type only, not to an `enum` (3.0.3): a nullable enum lists
 * null among its values, so the document says what the server sends (e.g. an applicant without region).
 */
function allowNullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) allowNullInNullableEnums(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
  for (const value of Object.values(schema)) allowNullInNullableEnums(value);
}

/**
 * Fixes what the zod transform cannot express: bodyless statuses, non-JSON answers, which declare
 * their media type on the response schema (`x-media-type`, http/media-types.ts; `image/*` for the
 * photo routes), null in nullable enums, and the error statuses every operation can get (above).
 */
export function finishOpenApiDocument<T extends OpenApiDocument>(document: T): T {
  document.components ??= {};
  document.components.schemas = {
    ...document.components.schemas,
    [ERROR_SCHEMA_NAME]: z.toJSONSchema(errorResponseSchema, { target: 'openapi-3.0' }),
  };
  for (const operations of Object.values(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (BODYLESS.has(status)) {
          delete response.content;
          continue;
        }
        const json = response.content?.['application/json'];
        const mediaType = json?.schema?.['x-media-type'];
        if (typeof mediaType !== 'string') continue;
        const schema = TEXT_TYPES.test(mediaType)
          ? { type: 'string', description: json?.schema?.description }
          : { type: 'string', format: 'binary', description: json?.schema?.description };
        response.content = { [mediaType]: { schema } };
      }
      if (!operation.responses) continue;
      // A page behind a mail link answers its own errors as a page, the app-wide steps as JSON.
      const isPage = Object.values(operation.responses).some((response) => response.content?.['text/html']);
      for (const { status, description, methods } of COMMON_ERRORS) {
        if (operation.responses[status] || (methods && !methods.has(method))) continue;
        operation.responses[status] = {
          description,
          content: {
            'application/json': { schema: { $ref: ERROR_SCHEMA_REF } },
            ...(isPage ? { 'text/html': { schema: { type: 'string', description: 'HTML-Seite' } } } : {}),
          },
        };
      }
    }
  }
  allowNullInNullableEnums(document.paths);
  return document;
}
