/**
 * Inputs that used to crash the server (issue #9): each now gets a 4xx with a German message
 * and nothing internal. The schema fuzzer (testing/fuzz) looks for more of these.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AUTH_PROVIDER_MESSAGES,
  CANDIDATE_AGE_MESSAGES,
  DATE_RANGE_MESSAGE,
  ERROR_MESSAGES,
  FORBIDDEN_CHARACTERS_MESSAGE,
  REQUEST_MESSAGES,
  TOO_DEEP_MESSAGE,
} from '@matchwerk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorHeaders, bearer, createSessionToken, createTestUser, type ActorName } from '../testing/actors';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app';
import { makeImage } from '../testing/uploads';

let testApp: TestApp;
let as: Record<ActorName, Record<string, string>>;
beforeAll(async () => {
  testApp = await createTestApp();
  as = await actorHeaders(testApp);
});
afterAll(async () => {
  await testApp?.close();
});

interface ErrorJson {
  code: string;
  message: string;
  fieldErrors?: Record<string, string>;
}

// The demo applicant's birth date is fixed since sign-up (ADR 0096): the profile sends none unless a test sets one.
const profile = (overrides: Record<string, unknown> = {}) => ({
  names: ['Lena'],
  familyNames: ['Berger'],
  ...overrides,
});

function putProfile(payload: unknown, headers: Record<string, string> = as.applicant) {
  return testApp.app.inject({
    method: 'PUT',
    url: '/rest/applicant/profile',
    headers: { ...headers, origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

function expectNoInternals(body: string) {
  expect(body).not.toMatch(/FST_|postgres|pglite|drizzle|stack|invalid byte sequence|out of range|Error:/i);
}

describe('text with NUL, control characters or lone surrogates', () => {
  it('is refused in a JSON body with a German field message, before the database', async () => {
    const response = await putProfile(profile({ names: ['Le\u0000na'] }));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorJson>()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { 'names.0': FORBIDDEN_CHARACTERS_MESSAGE },
    });
  });

  it('is refused for a lone surrogate and a control character', async () => {
    for (const payload of [
      '{"names":["\\ud800"],"familyNames":["Berger"]}',
      JSON.stringify(profile({ school: 'Real\u0007schule' })),
    ]) {
      const response = await putProfile(payload);
      expect(response.statusCode).toBe(400);
      expect(Object.values(response.json<ErrorJson>().fieldErrors ?? {})).toEqual([FORBIDDEN_CHARACTERS_MESSAGE]);
    }
  });

  it('keeps line breaks and tabs', async () => {
    const response = await putProfile(profile({ about: 'Zeile 1\r\nZeile 2\tEnde' }));
    expect(response.statusCode).toBe(200);
  });

  it('is refused in query and path parameters', async () => {
    for (const url of ['/rest/vacancy?search=Firma%00GmbH', '/rest/vacancy/%00', '/rest/organization/abc%00def']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: as.admin });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<ErrorJson>().code).toBe('VALIDATION_FAILED');
    }
  });

  it('is refused on the auth routes too (better-auth never sees it)', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/rest/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'firma\u0000@matchwerk.example', password: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorJson>().fieldErrors).toEqual({ email: FORBIDDEN_CHARACTERS_MESSAGE });
  });
});

describe('dates', () => {
  it('refuses years before 1900, after 2100 and year 0000 with a German message', async () => {
    for (const dateOfBirth of ['0000-01-01', '1899-12-31', '2101-01-01']) {
      const response = await putProfile(profile({ dateOfBirth }));
      expect(response.statusCode, dateOfBirth).toBe(400);
      expect(response.json<ErrorJson>().fieldErrors).toEqual({ dateOfBirth: DATE_RANGE_MESSAGE });
    }
  });

  it('refuses five-digit years and impossible days', async () => {
    for (const dateOfBirth of ['99999-12-31', '2024-02-30']) {
      const response = await putProfile(profile({ dateOfBirth }));
      expect(response.statusCode, dateOfBirth).toBe(400);
      expect(response.json<ErrorJson>().fieldErrors?.dateOfBirth).toBe('Bitte geben Sie ein gültiges Datum ein.');
    }
  });

  it('accepts the edges of the range as dates; a birth date in the future is then refused by the age rule', async () => {
    // Fresh candidates without a birth date (accounts from before sign-up asked for it) may enter one once.
    const fresh = async () => {
      const user = await createTestUser(testApp, { type: 'APPLICANT' });
      return bearer(await createSessionToken(testApp, user.id));
    };
    expect((await putProfile(profile({ dateOfBirth: '1900-01-01' }), await fresh())).statusCode).toBe(200);
    const future = await putProfile(profile({ dateOfBirth: '2100-12-31' }), await fresh());
    expect(future.statusCode).toBe(400);
    expect(future.json<ErrorJson>().fieldErrors?.dateOfBirth).toBe(CANDIDATE_AGE_MESSAGES.tooYoung(14));
  });
});

describe('malformed requests', () => {
  it('answers deeply nested JSON with a German 400', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/rest/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorJson>().message).toBe(TOO_DEEP_MESSAGE);
  });

  it('answers schema errors in German (zod messages)', async () => {
    const response = await putProfile({ names: 'Lena', familyNames: null });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorJson>().fieldErrors).toEqual({
      names: 'Dieser Wert hat nicht das erwartete Format.',
      familyNames: 'Dieser Wert hat nicht das erwartete Format.',
    });
  });

  it('answers a broken percent-encoding in the URL without echoing it', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/rest/vacancy/%E0%A4%A?geheim=1',
      headers: as.admin,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorJson>()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Die aufgerufene Adresse ist ungültig.',
    });
    expect(response.body).not.toContain('geheim');
  });

  it('answers an over-long path parameter with 414 without echoing the URL', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/rest/vacancy/${'x'.repeat(300)}`,
      headers: as.admin,
    });
    expect(response.statusCode).toBe(414);
    expect(response.json<ErrorJson>()).toEqual({ code: 'URI_TOO_LONG', message: ERROR_MESSAGES.URI_TOO_LONG });
  });

  it('treats a Bearer token with NUL or junk as no token (401, no database error)', async () => {
    for (const authorization of ['Bearer %00', `Bearer ${'x'.repeat(4_000)}`, 'Bearer a\u00e4b']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/rest/users/current-user',
        headers: { authorization },
      });
      expect(response.statusCode, authorization).toBe(401);
    }
  });

  it('answers better-auth errors with a German message and keeps its code', async () => {
    const wrong = await testApp.app.inject({
      method: 'POST',
      url: '/rest/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'firma@matchwerk.example', password: 'falsch-falsch-falsch' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json<ErrorJson>()).toEqual({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: AUTH_PROVIDER_MESSAGES['invalid-credential'],
    });
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/rest/auth/list-sessions' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<ErrorJson>().message).toBe(ERROR_MESSAGES.UNAUTHENTICATED);
  });
});

describe('malformed multipart uploads', () => {
  const BOUNDARY = 'grenzeXYZ';
  async function upload(payload: Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`) {
    return testApp.app.inject({
      method: 'POST',
      url: '/rest/applicant/profile/photos',
      headers: { ...as.applicant, origin: TEST_ORIGIN, 'content-type': contentType },
      payload,
    });
  }
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bild.png"\r\nContent-Type: image/png\r\n\r\n`;

  it('answers a body cut off before its closing boundary with a German 400', async () => {
    const image = await makeImage('png', 32, 24);
    const response = await upload(Buffer.concat([Buffer.from(head), image]));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorJson>()).toEqual({
      code: 'VALIDATION_FAILED',
      message: REQUEST_MESSAGES.malformedUpload,
    });
  });

  it('answers a missing or wrong boundary and binary junk with a 4xx', async () => {
    const image = await makeImage('png', 32, 24);
    const whole = Buffer.concat([Buffer.from(head), image, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
    for (const [payload, type] of [
      [whole, 'multipart/form-data'],
      [whole, 'multipart/form-data; boundary=andere'],
      [Buffer.from([0xff, 0xfe, 0x00, 0x2d, 0x2d, 0x0d, 0x0a]), undefined],
    ] as const) {
      const response = await upload(payload, type);
      expect(response.statusCode, type).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, type).toBeLessThan(500);
      expectNoInternals(response.body);
    }
  });
});

describe('requests Node refuses before Fastify', () => {
  it('answers too large headers with a German 431', async () => {
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = testApp.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        { host: '127.0.0.1', port, path: '/rest/health', headers: { 'x-gross': 'a'.repeat(40_000) } },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ code: 'VALIDATION_FAILED', message: REQUEST_MESSAGES.headersTooLarge });
  });
});
