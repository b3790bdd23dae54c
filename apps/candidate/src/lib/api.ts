/**
 * Requests to the API on the same origin (cookie session, ADR 0103): JSON in and out, German
 * error messages from the API's `{ code, message, fieldErrors }` answers, and one German message
 * for a lost connection.
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
    readonly fieldErrors: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }

  /** True when the request never reached the API (offline, connection lost). */
  get offline(): boolean {
    return this.status === 0;
  }
}

export const OFFLINE_MESSAGE = 'Keine Verbindung. Prüfe dein Internet und versuch es gleich nochmal.';
const FALLBACK_MESSAGE = 'Da ist etwas schiefgelaufen. Bitte versuch es später nochmal.';

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Past the service worker's cached copy of a list (a refetch after an action or a poll). */
  fresh?: boolean;
}

/** Fills `:name` placeholders of an API path. */
export function pathOf(template: string, params: Record<string, string>): string {
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

export function withQuery(path: string, query: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

async function errorFrom(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { code?: unknown; message?: unknown; fieldErrors?: unknown };
    const message = typeof body.message === 'string' && body.message ? body.message : FALLBACK_MESSAGE;
    const fieldErrors =
      body.fieldErrors && typeof body.fieldErrors === 'object' ? (body.fieldErrors as Record<string, string>) : {};
    return new ApiError(response.status, message, typeof body.code === 'string' ? body.code : null, fieldErrors);
  } catch {
    return new ApiError(response.status, FALLBACK_MESSAGE);
  }
}

/** Sends a request; resolves with the parsed JSON (null for 204), rejects with an ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      // A FormData body (an upload) sets its own multipart content type with the boundary.
      headers:
        options.body === undefined || options.body instanceof FormData
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json' },
      body:
        options.body === undefined
          ? null
          : options.body instanceof FormData
            ? options.body
            : JSON.stringify(options.body),
      signal: options.signal ?? null,
      ...(options.fresh ? { cache: 'no-cache' as const } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, OFFLINE_MESSAGE);
  }
  if (!response.ok) throw await errorFrom(response);
  if (response.status === 204) return null as T;
  return (await response.json()) as T;
}

export function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : FALLBACK_MESSAGE;
}
