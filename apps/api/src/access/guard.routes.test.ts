/**
 * The guard end to end (session → actor → requireActor → error handler) on a probe route that
 * behaves like a future product endpoint of the "vacancies" area.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTOR_EMAILS, bearer, createSessionToken, LEGAL_UNSIGNED_EMAIL } from '../testing/actors';
import { createTestApp, type TestApp } from '../testing/test-app';
import { requireActor } from './actor';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    beforeReady: (app) => {
      app.get('/rest/test/product', { schema: { hide: true } }, async (request) => {
        const actor = requireActor(await request.getActor(), { legal: true, area: 'vacancies' });
        return { userId: actor.userId };
      });
    },
  });
});
afterAll(async () => {
  await testApp?.close();
});

async function call(email: string | null) {
  const headers = email ? bearer(await createSessionToken(testApp, await testApp.userIdOf(email))) : {};
  const response = await testApp.app.inject({ method: 'GET', url: '/rest/test/product', headers });
  return {
    status: response.statusCode,
    code: response.statusCode === 200 ? 'OK' : response.json<{ code: string }>().code,
  };
}

describe('product endpoint guard', () => {
  it('401 signed out, 403 applicant, 403 legal not signed, 403 outside the area, 200 otherwise', async () => {
    expect(await call(null)).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    expect(await call(ACTOR_EMAILS.applicant)).toEqual({ status: 403, code: 'APPLICANT_NOT_ALLOWED' });
    expect(await call(LEGAL_UNSIGNED_EMAIL)).toEqual({ status: 403, code: 'LEGAL_NOT_SIGNED' });
    expect(await call(ACTOR_EMAILS.statistics)).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(await call(ACTOR_EMAILS.organisationOwn)).toEqual({ status: 200, code: 'OK' });
    expect(await call(ACTOR_EMAILS.admin)).toEqual({ status: 200, code: 'OK' });
  });
});
