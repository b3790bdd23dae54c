import { afterEach, describe, expect, it, vi } from 'vitest';
import { okResponseSchema } from '@matchwerk/shared';
import { ApiError, apiErrorFromResponse, apiRequest, isPreconditionFailed } from './api-client';

function mockFetch(status: number, body: string) {
  const fetchMock = vi.fn().mockResolvedValue(new Response(body, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

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
    const fetchMock = mockFetch(200, '{"ok":true}');
    await expect(apiRequest('/rest/x', { body: { a: 1 }, schema: okResponseSchema })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/rest/x');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' });
  });

  it('sends {} as body of a POST without payload', async () => {
    const fetchMock = mockFetch(200, '');
    await apiRequest('/rest/auth/sign-out', { method: 'POST' });
    expect((fetchMock.mock.calls[0] as [string, RequestInit])[1].body).toBe('{}');
  });

  it('sends the version the change is based on as If-Match and reports a 412 as precondition failed', async () => {
    const fetchMock = mockFetch(
      412,
      '{"code":"PRECONDITION_FAILED","message":"Der Eintrag wurde inzwischen von jemand anderem geändert."}',
    );
    const error: unknown = await apiRequest('/rest/vacancy/1', { method: 'PUT', body: {}, ifMatch: 7 }).catch(
      (e: unknown) => e,
    );
    expect(((fetchMock.mock.calls[0] as [string, RequestInit])[1].headers as Record<string, string>)['If-Match']).toBe(
      '"7"',
    );
    expect(isPreconditionFailed(error)).toBe(true);
    expect(error).toMatchObject({ code: 'PRECONDITION_FAILED' });
    expect(isPreconditionFailed(new ApiError({ status: 409, code: 'CONFLICT', message: '', text: '' }))).toBe(false);
  });

  it('sends no If-Match without a version', async () => {
    const fetchMock = mockFetch(200, '');
    await apiRequest('/rest/x', { method: 'PUT', body: {} });
    expect((fetchMock.mock.calls[0] as [string, RequestInit])[1].headers).not.toHaveProperty('If-Match');
  });

  it('turns a non-OK answer into an ApiError carrying the response text', async () => {
    mockFetch(401, '{"code":"INVALID_EMAIL_OR_PASSWORD","message":"Invalid email or password"}');
    const error: unknown = await apiRequest('/rest/auth/sign-in/email', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' });
    expect((error as ApiError).text).toContain('Invalid email or password');
  });

  it('reports an answer that breaks the contract as INVALID_RESPONSE', async () => {
    mockFetch(200, '{"ok":false}');
    await expect(apiRequest('/rest/x', { schema: okResponseSchema })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });

  it('resolves a 204 to null when the call allows "no content"', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(null, { status: 204 })));
    await expect(apiRequest('/rest/x/polling', { schema: okResponseSchema, allowNoContent: true })).resolves.toBeNull();
  });

  it('still parses a 200 when "no content" is allowed', async () => {
    mockFetch(200, '{"ok":true}');
    await expect(apiRequest('/rest/x/polling', { schema: okResponseSchema, allowNoContent: true })).resolves.toEqual({
      ok: true,
    });
  });

  it('treats a 204 as a broken answer where a body is required', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(null, { status: 204 })));
    await expect(apiRequest('/rest/x', { schema: okResponseSchema })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });

  it('reports a failed connection as status 0 NETWORK_ERROR', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiRequest('/rest/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});
