import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { productionLoggerOptions, redactUrl } from './app';
import { createTestApp } from './testing/test-app';

/** A pino destination that keeps every line, so tests read what production would write. */
function captureLog(): { stream: Writable; lines: string[]; text: () => string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return { stream, lines, text: () => lines.join('') };
}

/** Everything the production logger must keep out of the log, each a distinct string to search for. */
const SECRETS = {
  cookie: 'matchwerk.session_token=keks-geheim',
  authorization: 'Bearer bearer-geheim',
  setCookie: 'matchwerk.session_token=antwort-keks-geheim',
  setAuthToken: 'antwort-token-geheim',
  password: 'passwort-geheim',
  newPassword: 'neues-passwort-geheim',
  currentPassword: 'altes-passwort-geheim',
  token: 'einladungs-token-geheim',
};

/** The shapes secrets reach the log in: request/response headers and a body object one level down. */
function logEveryShape(logger: Pick<pino.BaseLogger, 'info'>): void {
  logger.info(
    {
      req: {
        method: 'POST',
        url: '/rest/x',
        headers: { cookie: SECRETS.cookie, authorization: SECRETS.authorization, 'user-agent': 'sichtbarer-agent' },
      },
      res: {
        statusCode: 200,
        headers: {
          'set-cookie': SECRETS.setCookie,
          'set-auth-token': SECRETS.setAuthToken,
          'content-type': 'application/json',
        },
      },
      body: {
        email: 'sichtbar@test.example',
        password: SECRETS.password,
        newPassword: SECRETS.newPassword,
        currentPassword: SECRETS.currentPassword,
        token: SECRETS.token,
      },
    },
    'protokollierte anfrage',
  );
}

/** Redaction masks the secrets only: the rest of the entry stays readable for operators. */
const VISIBLE = ['sichtbar@test.example', 'protokollierte anfrage'];

function expectRedacted(log: string, visible: string[]): void {
  for (const [name, secret] of Object.entries(SECRETS)) {
    expect(log, `${name} im Log`).not.toContain(secret);
  }
  expect(log).toContain('[entfernt]');
  for (const text of visible) expect(log).toContain(text);
}

describe('logging', () => {
  it('masks tokens in URLs', () => {
    expect(redactUrl('/rest/auth/verify-email?token=abc.def&x=1')).toBe('/rest/auth/verify-email?token=[entfernt]&x=1');
    expect(redactUrl('/rest/auth/reset?code=c0de&password=pw&keep=ja')).toBe(
      '/rest/auth/reset?code=[entfernt]&password=[entfernt]&keep=ja',
    );
  });

  it('the production logger writes no cookie, authorization header, password or token', () => {
    const capture = captureLog();
    logEveryShape(pino(productionLoggerOptions('info'), capture.stream));
    expectRedacted(capture.text(), [...VISIBLE, 'sichtbarer-agent', 'application/json']);
    const entry = JSON.parse(capture.lines[0]!) as {
      req: { headers: Record<string, string> };
      body: Record<string, string>;
    };
    expect(entry.req.headers.cookie).toBe('[entfernt]');
    expect(entry.req.headers.authorization).toBe('[entfernt]');
    expect(entry.body.password).toBe('[entfernt]');
  });

  it('the app logs requests with an id and keeps the production redaction (its request serializer does not replace it)', async () => {
    const capture = captureLog();
    const testApp = await createTestApp({ logger: { ...productionLoggerOptions('info'), stream: capture.stream } });
    try {
      await testApp.app.inject({
        method: 'GET',
        url: '/rest/auth/verify-email?token=geheimes-token',
        headers: { cookie: 'matchwerk.session_token=geheim', authorization: 'Bearer geheim' },
      });
      await testApp.app.inject({
        method: 'POST',
        url: '/rest/auth/sign-in/email',
        headers: { origin: 'http://localhost:3000' },
        payload: { email: 'a@b.de', password: 'geheimes-passwort' },
      });
      await testApp.app.inject({ method: 'GET', url: '/rest/invitations/geheime-einladung' });
      logEveryShape(testApp.app.log);
    } finally {
      await testApp.close();
    }
    const log = capture.text();
    // Inside the app the req/res serializers keep only method, URL, host and status of those objects.
    expectRedacted(log, VISIBLE);
    expect(log).toContain('"reqId"');
    expect(log).toContain('verify-email?token=[entfernt]');
    expect(log).toContain('/rest/invitations/[entfernt]');
    expect(log).not.toContain('geheim');
    // One line per request, with what an operator needs: method, URL, status and time.
    const requests = capture.lines
      .map(
        (line) =>
          JSON.parse(line) as {
            msg: string;
            req?: { method: string; url: string };
            res?: { statusCode: number };
            responseTime?: number;
          },
      )
      .filter((entry) => entry.req && entry.msg !== 'protokollierte anfrage');
    expect(requests.map((entry) => `${entry.req!.method} ${entry.req!.url.split('?')[0]}`)).toEqual([
      'GET /rest/auth/verify-email',
      'POST /rest/auth/sign-in/email',
      'GET /rest/invitations/[entfernt]',
    ]);
    for (const entry of requests) {
      expect(entry.msg).toBe('request completed');
      expect(entry.res?.statusCode).toBeGreaterThanOrEqual(200);
      expect(typeof entry.responseTime).toBe('number');
    }
  }, 120_000);
});
