import { REQUEST_MESSAGES } from '@matchwerk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../db/schema/index';
import { AppError } from '../errors/app-error';
import { createTestApp, type TestApp } from '../testing/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    beforeReady: (app) => {
      app.get('/rest/test/boom', { schema: { hide: true } }, () => {
        throw new Error('secret database password in connection string postgres://u:hunter2@db');
      });
      app.get('/rest/test/conflict', { schema: { hide: true } }, () => {
        throw new AppError('CONFLICT');
      });
      // A write that validation let through but a CHECK constraint refuses (ADR 0048).
      app.get('/rest/test/check-violation', { schema: { hide: true } }, async () => {
        await testApp.database.db.insert(organizations).values({ name: 'Unbekannt GmbH', region: sql`'ATLANTIS'` });
        return {};
      });
    },
  });
});
afterAll(async () => {
  await testApp?.close();
});

describe('error handler', () => {
  it('never leaks internals in a 500', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/rest/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'INTERNAL', message: 'Es ist ein interner Fehler aufgetreten.' });
    expect(response.body).not.toContain('hunter2');
  });

  it('maps AppError codes to status and German message', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/rest/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ code: string }>().code).toBe('CONFLICT');
  });

  it('answers a CHECK violation of the database with a German 400, not a 500', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/rest/test/check-violation' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message: REQUEST_MESSAGES.valueNotAllowed });
    expect(response.body).not.toContain('ATLANTIS');
  });

  it('answers unknown /rest routes with a German 404', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/rest/gibt-es-nicht' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Diese Schnittstelle gibt es nicht.' });
  });

  it('answers an unsupported content type with 415 in German', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/rest/users/recover-email',
      headers: { 'content-type': 'text/xml' },
      payload: '<x/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json<{ code: string }>().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a too large body with 413 in German', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/rest/users/recover-email',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ token: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json<{ code: string }>().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers __proto__ and malformed JSON with a German 400', async () => {
    for (const payload of ['{"__proto__":{"x":1},"token":"a"}', '{"token":']) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/rest/users/recover-email',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
    }
  });
});
