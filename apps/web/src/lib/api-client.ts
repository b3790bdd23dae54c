/**
 * The one HTTP client of the web app: same-origin, cookie session, JSON in and out.
 * It parses successful answers with the shared zod schema and turns every failure into an
 * `ApiError`. It never shows UI: the query/mutation cache handler (lib/query-client.ts) does.
 */
import { etagOfVersion, type ErrorResponse } from '@matchwerk/shared';
import type { z } from 'zod';
import { answersAreCheckedBeforeUse, ContractSchema, loadWhenIdle } from './contract';
import { takeEarlyResponse } from './early-session';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Codes the client itself produces when the server gave none. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  invalidResponse: 'INVALID_RESPONSE',
} as const;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: Readonly<Record<string, string>>;
  /** The raw response text (spec §7: "a non-OK response becomes an error carrying the response text"). */
  readonly text: string;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fieldErrors?: Record<string, string>;
    text: string;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? {};
    this.text = init.text;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** 412: the record changed since the version sent as If-Match; nothing was saved. */
export function isPreconditionFailed(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 412;
}

/**
 * Reads the contract's error body (`errorResponseSchema`: code, message, optional field errors)
 * by hand: this client is part of the first screen's bundle, zod is not (ADR 0032).
 */
function errorResponseOf(body: unknown): ErrorResponse | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { code, message, fieldErrors } = body as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  if (fieldErrors === undefined) return { code, message };
  if (typeof fieldErrors !== 'object' || fieldErrors === null) return undefined;
  const entries = Object.entries(fieldErrors);
  if (!entries.every(([, text]) => typeof text === 'string')) return undefined;
  return { code, message, fieldErrors: Object.fromEntries(entries) };
}

/** Builds the ApiError for a non-OK answer from its status and body text. */
export function apiErrorFromResponse(status: number, text: string): ApiError {
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const parsed = errorResponseOf(body);
  if (parsed) {
    return new ApiError({ status, text, ...parsed });
  }
  // Some auth server answers carry only a code or only a message.
  const loose = (typeof body === 'object' && body !== null ? body : {}) as { code?: unknown; message?: unknown };
  return new ApiError({
    status,
    code: typeof loose.code === 'string' ? loose.code : `HTTP_${status}`,
    message: typeof loose.message === 'string' ? loose.message : text || `HTTP ${status}`,
    text,
  });
}

/**
 * What `apiRequest` parses an answer with: a zod schema of the contract, or (for answers that are
 * not part of it, like the auth server's session probe) any object with the same `safeParse`.
 */
export interface ResponseSchema<T = unknown> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { message: string } };
}

/** The parsed answer of a schema. */
export type SchemaOutput<TSchema> = TSchema extends z.ZodType
  ? z.output<TSchema>
  : TSchema extends ResponseSchema<infer T>
    ? T
    : never;

export interface RequestOptions<TSchema extends ResponseSchema> {
  method?: HttpMethod;
  /** JSON body; sent as `{}` for body-less POSTs when `jsonBody` is set. */
  body?: unknown;
  /**
   * Schema of a successful answer; without it the answer is ignored. May be a promise, so a
   * screen of the first bundle can load its schemas (and zod) beside the request (ADR 0032), or a
   * schema of a lazily loaded contract piece, which checks the answers once it has loaded
   * (ADR 0078).
   */
  schema?: TSchema | Promise<TSchema> | ContractSchema<TSchema>;
  query?: Record<string, string | undefined>;
  signal?: AbortSignal;
  /** 204 No Content is a valid answer ("nothing new", e.g. chat polling): resolves to null. */
  allowNoContent?: boolean;
  /** Version of the record the change is based on: sent as If-Match, a newer stored one answers 412. */
  ifMatch?: number;
}

function buildUrl(path: string, query?: Record<string, string | undefined>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export function apiRequest<TSchema extends ResponseSchema = z.ZodUnknown>(
  path: string,
  options: RequestOptions<TSchema> & { allowNoContent: true },
): Promise<SchemaOutput<TSchema> | null>;
export function apiRequest<TSchema extends ResponseSchema = z.ZodUnknown>(
  path: string,
  options?: RequestOptions<TSchema>,
): Promise<SchemaOutput<TSchema>>;
export async function apiRequest<TSchema extends ResponseSchema = z.ZodUnknown>(
  path: string,
  options: RequestOptions<TSchema> = {},
): Promise<SchemaOutput<TSchema> | null> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, credentials: 'include', headers };
  if (options.signal) init.signal = options.signal;
  if (options.ifMatch !== undefined) headers['If-Match'] = etagOfVersion(options.ifMatch);
  if (method !== 'GET') {
    // better-auth rejects body-less JSON posts: always send a JSON body, `{}` if there is none.
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body ?? {});
  }

  const url = buildUrl(path, options.query);
  // A screen's first list may have been asked by index.html's script already (ADR 0070); an
  // answer that is not a success is asked again, as if the script had not asked.
  const early = method === 'GET' && options.ifMatch === undefined ? await takeEarlyResponse(url) : undefined;
  if (early) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (early.ok) return readApiResponse(early, path, options);
  }

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    // By name: Node's fetch (tests) throws its own DOMException class, not the page's.
    if (cause instanceof Error && cause.name === 'AbortError') throw cause;
    const text = cause instanceof Error ? cause.message : String(cause);
    throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: text, text });
  }

  return readApiResponse(response, path, options);
}

/**
 * Reads an answer as `apiRequest` does: a failure becomes an `ApiError`, a success is parsed with
 * the schema (null: 204 where allowed). Also for a request the page made before the app ran
 * (lib/early-session.ts).
 */
export async function readApiResponse<TSchema extends ResponseSchema = z.ZodUnknown>(
  response: Response,
  path: string,
  options: Pick<RequestOptions<TSchema>, 'schema' | 'allowNoContent'> = {},
): Promise<SchemaOutput<TSchema> | null> {
  const text = await response.text();
  if (!response.ok) throw apiErrorFromResponse(response.status, text);
  if (response.status === 204 && options.allowNoContent) return null;
  if (!options.schema) return undefined as SchemaOutput<TSchema>;

  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    throw new ApiError({
      status: response.status,
      code: CLIENT_ERROR_CODES.invalidResponse,
      message: 'Invalid JSON response',
      text,
    });
  }
  const parse = (schema: ResponseSchema) => {
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new ApiError({
        status: response.status,
        code: CLIENT_ERROR_CODES.invalidResponse,
        message: `Unexpected response from ${path}: ${parsed.error.message}`,
        text,
      });
    }
    return parsed.data as SchemaOutput<TSchema>;
  };
  if (!(options.schema instanceof ContractSchema)) return parse(await options.schema);
  const loaded = options.schema.loaded() ?? (answersAreCheckedBeforeUse() ? await options.schema.load() : undefined);
  if (loaded) return parse(loaded);
  // Before its piece has loaded the answer is used as it came: the API checked it against the same
  // schema, and the page and the answer come from the same deployment (ADR 0078).
  loadWhenIdle(options.schema.piece);
  return json as SchemaOutput<TSchema>;
}
