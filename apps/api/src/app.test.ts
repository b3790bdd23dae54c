import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { redactUrl } from './app';
import { createTestApp } from './testing/test-app';

describe('logging', () => {
  it('masks tokens in URLs', () => {
    expect(redactUrl('/rest/auth/verify-email?token=abc.def&x=1')).toBe('/rest/auth/verify-email?token=[entfernt]&x=1');
  });

  it('logs requests with an id, without tokens, cookies or passwords', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const testApp = await createTestApp({ logger: { level: 'info', stream } });
    try {
      await testApp.app.inject({ method: 'GET', url: '/rest/auth/verify-email?token=geheimes-token', headers: { cookie: 'matchwerk.session_token=geheim' } });
      await testApp.app.inject({ method: 'POST', url: '/rest/auth/sign-in/email', headers: { origin: 'http://localhost:3000' }, payload: { email: 'a@b.de', password: 'geheimes-passwort' } });
    } finally {
      await testApp.close();
    }
    const log = lines.join('');
    expect(log).toContain('"reqId"');
    expect(log).toContain('verify-email?token=[entfernt]');
    expect(log).not.toContain('geheim');
    // One line per request, with what an operator needs: method, URL, status and time.
    const requests = lines.map((line) => JSON.parse(line) as { msg: string; req?: { method: string; url: string }; res?: { statusCode: number }; responseTime?: number }).filter((entry) => entry.req);
    expect(requests.map((entry) => `${entry.req!.method} ${entry.req!.url.split('?')[0]}`)).toEqual(['GET /rest/auth/verify-email', 'POST /rest/auth/sign-in/email']);
    for (const entry of requests) {
      expect(entry.msg).toBe('request completed');
      expect(entry.res?.statusCode).toBeGreaterThanOrEqual(200);
      expect(typeof entry.responseTime).toBe('number');
    }
  });
});
