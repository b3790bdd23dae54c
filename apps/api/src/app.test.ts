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
  });
});
