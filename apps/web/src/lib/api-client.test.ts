import { describe, expect, it } from 'vitest';
import { okResponseSchema } from '@matchwerk/shared';
import { delay, http, HttpResponse } from 'msw';
import { recordRequests, serveApi } from '../testing/api-server';
import { ApiError, apiErrorFromResponse, apiRequest, isPreconditionFailed } from './api-client';

/** What the client sent, as msw saw it (the Request the app's fetch built). */
interface SentRequest {
  method: string;
  url: string;
  credentials: RequestCredentials;
  headers: Headers;
  body: string;
}

/**
 * Answers every request to `path` (any method) with `status` and the raw `body` text, and keeps
 * what the client sent: the raw text matters here, so this does not go through JSON helpers.
 */
function answerWith(path: string, status: number, body: string | null) {
  const sent: SentRequest[] = [];
  serveApi(
    http.all(path, async ({ request }) => {
      sent.push({
        method: request.method,
        url: request.url,
        credentials: request.credentials,
        headers: request.headers,
        body: await request.text(),
      });
      return new HttpResponse(body, { status });
    }),
  );
  return sent;
}

describe('apiErrorFromResponse', () => {
  it('keeps code, message, field errors and the raw text of a contract error', () => {
    const text = JSON.stringify({ code: 'VALIDATION_FAILED', message: 'Ungültig', fieldErrors: { email: 'Falsch' } });
    const error = apiErrorFromResponse(400, text);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'Ungültig', text });
    expect(error.fieldErrors).toEqual({ email: 'Falsch' });
  });

  it('accepts an auth server answer with only a code', () => {
    const error = apiErrorFromResponse(403, '{"code":"EMAIL_NOT_VERIFIED"}');
    expect(error.code).toBe('EMAIL_NOT_VERIFIED');
    expect(error.status).toBe(403);
  });

  it('falls back to HTTP_<status> and the text for non-JSON answers', () => {
    const error = apiErrorFromResponse(502, 'Bad Gateway');
    expect(error).toMatchObject({ code: 'HTTP_502', message: 'Bad Gateway', text: 'Bad Gateway' });
  });
});

describe('apiRequest', () => {
  it('sends JSON with the cookie session and parses the answer with the schema', async () => {
    const sent = answerWith('/rest/x', 200, '{"ok":true}');
    await expect(apiRequest('/rest/x', { body: { a: 1 }, schema: okResponseSchema })).resolves.toEqual({ ok: true });
    expect(sent).toHaveLength(1);
    const url = new URL(sent[0]!.url);
    expect(url.pathname + url.search).toBe('/rest/x');
    expect(sent[0]).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' });
    expect(sent[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(sent[0]!.headers.get('Accept')).toBe('application/json');
  });

  it('sends a GET without body and with the query', async () => {
    const requests = recordRequests();
    const sent = answerWith('/rest/x', 200, '{"ok":true}');
    await apiRequest('/rest/x', { query: { page: '0', q: undefined }, schema: okResponseSchema });
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /rest/x?page=0']);
    expect(sent[0]).toMatchObject({ method: 'GET', credentials: 'include', body: '' });
    expect(sent[0]!.headers.has('Content-Type')).toBe(false);
  });

  it('sends {} as body of a POST without payload', async () => {
    const sent = answerWith('/rest/auth/sign-out', 200, '');
    await apiRequest('/rest/auth/sign-out', { method: 'POST' });
    expect(sent[0]).toMatchObject({ method: 'POST', body: '{}' });
  });

  it('sends the version the change is based on as If-Match and reports a 412 as precondition failed', async () => {
    const sent = answerWith(
      '/rest/vacancy/1',
      412,
      '{"code":"PRECONDITION_FAILED","message":"Der Eintrag wurde inzwischen von jemand anderem geändert."}',
    );
    const error: unknown = await apiRequest('/rest/vacancy/1', { method: 'PUT', body: {}, ifMatch: 7 }).catch(
      (e: unknown) => e,
    );
    expect(sent[0]!.method).toBe('PUT');
    expect(sent[0]!.headers.get('If-Match')).toBe('"7"');
    expect(isPreconditionFailed(error)).toBe(true);
    expect(error).toMatchObject({ code: 'PRECONDITION_FAILED' });
    expect(isPreconditionFailed(new ApiError({ status: 409, code: 'CONFLICT', message: '', text: '' }))).toBe(false);
  });

  it('sends no If-Match without a version', async () => {
    const sent = answerWith('/rest/x', 200, '');
    await apiRequest('/rest/x', { method: 'PUT', body: {} });
    expect(sent[0]!.method).toBe('PUT');
    expect(sent[0]!.headers.has('If-Match')).toBe(false);
  });

  it('turns a non-OK answer into an ApiError carrying the response text', async () => {
    answerWith(
      '/rest/auth/sign-in/email',
      401,
      '{"code":"INVALID_EMAIL_OR_PASSWORD","message":"Invalid email or password"}',
    );
    const error: unknown = await apiRequest('/rest/auth/sign-in/email', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' });
    expect((error as ApiError).text).toContain('Invalid email or password');
  });

  it('reports an answer that breaks the contract as INVALID_RESPONSE', async () => {
    answerWith('/rest/x', 200, '{"ok":false}');
    await expect(apiRequest('/rest/x', { schema: okResponseSchema })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });

  it('reports an answer that is not JSON as INVALID_RESPONSE', async () => {
    answerWith('/rest/x', 200, '<html>');
    await expect(apiRequest('/rest/x', { schema: okResponseSchema })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      message: 'Invalid JSON response',
      text: '<html>',
    });
  });

  it('resolves a 204 to null when the call allows "no content"', async () => {
    answerWith('/rest/x/polling', 204, null);
    await expect(apiRequest('/rest/x/polling', { schema: okResponseSchema, allowNoContent: true })).resolves.toBeNull();
  });

  it('still parses a 200 when "no content" is allowed', async () => {
    answerWith('/rest/x/polling', 200, '{"ok":true}');
    await expect(apiRequest('/rest/x/polling', { schema: okResponseSchema, allowNoContent: true })).resolves.toEqual({
      ok: true,
    });
  });

  it('treats a 204 as a broken answer where a body is required', async () => {
    answerWith('/rest/x', 204, null);
    await expect(apiRequest('/rest/x', { schema: okResponseSchema })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });

  it('reports a failed connection as status 0 NETWORK_ERROR', async () => {
    serveApi(http.get('/rest/x', () => HttpResponse.error()));
    await expect(apiRequest('/rest/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('passes a cancelled request on as the AbortError, not as a network error', async () => {
    serveApi(http.get('/rest/x', () => delay('infinite')));
    const controller = new AbortController();
    const request = apiRequest('/rest/x', { signal: controller.signal });
    controller.abort();
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    await expect(request).rejects.not.toBeInstanceOf(ApiError);
  });
});
