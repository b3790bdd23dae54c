/**
 * Every answer a route test receives is checked against the published OpenAPI document
 * (issue 49, item 12): the status must be documented for the operation, the Content-Type must be
 * one the document names for that status (none for 204/304), and a JSON body must match the
 * documented schema. createTestApp installs this on every test app, so the document and the
 * server cannot drift apart unnoticed: `close()` fails the test file with the differences.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mediaTypeOf } from '../http/media-types';
import type { OpenApiDocument } from '../plugins/openapi-document';

const DOCUMENT_ID = 'openapi.json';

/** Fastify's `/rest/vacancy/:id` as OpenAPI writes it: `/rest/vacancy/{id}`. */
export function openApiPathOf(routeUrl: string): string {
  return routeUrl.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/**
 * The document speaks OpenAPI 3.0's schema dialect, Ajv JSON Schema draft-07: boolean
 * `exclusiveMinimum`/`exclusiveMaximum` (with `minimum`/`maximum`) become the numbers, and
 * `nullable: true` becomes a `null` type (or, without `type`, a `null` alternative). A copy; the
 * document itself stays valid OpenAPI 3.0.
 */
export function toJsonSchemaDialect(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchemaDialect);
  if (node === null || typeof node !== 'object') return node;
  const schema: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) schema[key] = toJsonSchemaDialect(value);
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof schema[exclusive] !== 'boolean') continue;
    if (schema[exclusive] && typeof schema[bound] === 'number') {
      schema[exclusive] = schema[bound];
      delete schema[bound];
    } else delete schema[exclusive];
  }
  if (typeof schema.nullable !== 'boolean') return schema;
  const nullable = schema.nullable;
  delete schema.nullable;
  if (!nullable) return schema;
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

/** The documented media object for a Content-Type: its own entry, else its range (`image/*`). */
function documentedMedia<T>(content: Record<string, T>, mediaType: string): T | undefined {
  return content[mediaType] ?? content[`${mediaType.split('/')[0]}/*`];
}

function bodyText(payload: unknown, encoding: string | undefined): string | null {
  let buffer: Buffer;
  if (typeof payload === 'string') buffer = Buffer.from(payload);
  else if (Buffer.isBuffer(payload)) buffer = payload;
  else return null; // a stream (files, ZIP): its type is checked, its bytes are not read here
  if (encoding === 'br') buffer = brotliDecompressSync(buffer);
  else if (encoding === 'gzip') buffer = gunzipSync(buffer);
  return buffer.toString('utf8');
}

export interface OpenApiResponseCheck {
  /** The differences found so far, one line each ("GET /rest/x → 418: not documented"). */
  violations: string[];
}

export function checkResponsesAgainstOpenApi(app: FastifyInstance): OpenApiResponseCheck {
  const violations: string[] = [];
  let document: OpenApiDocument | undefined;
  let ajv: Ajv | undefined;
  const validators = new Map<string, ValidateFunction>();

  function validatorFor(pointer: string): ValidateFunction {
    let validate = validators.get(pointer);
    if (!validate) {
      ajv ??= (() => {
        // OpenAPI 3.0 keywords are translated (toJsonSchemaDialect) or ignored (example); formats
        // are the zod serializer's business.
        const instance = new Ajv({ strict: false, validateFormats: false, allErrors: false });
        instance.addSchema(toJsonSchemaDialect(document) as object, DOCUMENT_ID);
        return instance;
      })();
      validate = ajv.getSchema(`${DOCUMENT_ID}#${pointer}`);
      if (!validate) throw new Error(`no schema at ${pointer}`);
      validators.set(pointer, validate);
    }
    return validate;
  }

  function check(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const routeUrl = request.routeOptions.url;
    if (!routeUrl || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    document ??= app.swagger() as OpenApiDocument;
    // A wildcard route (the better-auth mount) is documented path by path: the request's own path.
    const path = routeUrl.endsWith('*') ? (request.url.split('?')[0] ?? '') : openApiPathOf(routeUrl);
    const method = request.method.toLowerCase();
    const operation = document.paths?.[path]?.[method];
    if (!operation) return; // not part of the document (hidden pages, static files, unexposed /rest/auth/*)
    const status = String(reply.statusCode);
    const where = `${request.method} ${path} → ${status}`;
    const documented = operation.responses?.[status];
    if (!documented) {
      violations.push(`${where}: status not documented for ${request.method} ${path}`);
      return;
    }
    const contentType = reply.getHeader('content-type');
    const text = bodyText(payload, reply.getHeader('content-encoding') as string | undefined);
    const hasBody = text === null || text.length > 0;
    if (!documented.content) {
      // Fastify itself drops the body of a 204/304; any other bodyless status must send none.
      if (hasBody && !['204', '304'].includes(status))
        violations.push(`${where}: documented without a body, but one was sent`);
      return;
    }
    if (!hasBody) return;
    const mediaType = mediaTypeOf(String(contentType ?? ''));
    const media = documentedMedia(documented.content, mediaType);
    if (!media) {
      violations.push(
        `${where}: Content-Type ${String(contentType)} not documented (documented: ${Object.keys(documented.content).join(', ')})`,
      );
      return;
    }
    if (mediaType !== 'application/json' || text === null) return;
    const pointer = ['', 'paths', path, method, 'responses', status, 'content', mediaType, 'schema']
      .map(escapePointer)
      .join('/');
    const validate = validatorFor(pointer);
    if (!validate(JSON.parse(text))) {
      violations.push(
        `${where}: body does not match the documented schema: ${JSON.stringify(validate.errors?.slice(0, 3))}`,
      );
    }
  }

  const seen = new Set<string>();
  app.addHook('onSend', (request, reply, payload, done) => {
    const before = violations.length;
    try {
      check(request, reply, payload);
    } catch (error) {
      violations.push(
        `${request.method} ${request.routeOptions.url ?? ''}: could not check (${(error as Error).message})`,
      );
    }
    // one line per kind of difference, not one per request
    for (const line of violations.splice(before)) {
      if (!seen.has(line)) violations.push(line);
      seen.add(line);
    }
    done(null, payload);
  });
  return { violations };
}
