/**
 * The read-only check of a password-reset link (PGlite; PostgreSQL with TEST_DATABASE_URL):
 * valid until the reset uses it or it expires, never consumed by asking, unknown tokens answer
 * like used ones, bad input gets the German 400, the check is limited per IP, and the token
 * never reaches the log.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, ERROR_MESSAGES, type ResetPasswordStatus } from '@matchwerk/shared';
import { redactUrl } from '../../app';
import { authVerifications } from '../../db/schema/index';
import { createTestUser } from '../../testing/actors';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/test-app';

const NEW_PASSWORD = 'Ein-frisches-Passwort-im-Gaeu-48';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

const statusUrl = (token: string) => `${API_PATHS.resetPasswordStatus}?token=${encodeURIComponent(token)}`;

function status(url: string, app: TestApp = testApp, remoteAddress?: string) {
  return app.app.inject({ method: 'GET', url, ...(remoteAddress ? { remoteAddress } : {}) });
}

async function validOf(token: string): Promise<boolean> {
  const response = await status(statusUrl(token));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ResetPasswordStatus>().valid;
}

/** A fresh user who asked for a reset link; returns the link's token. */
async function requestReset(): Promise<string> {
  const user = await createTestUser(testApp, { type: 'ORGANIZATION' });
  const requested = await testApp.app.inject({
    method: 'POST',
    url: API_PATHS.requestPasswordReset,
    headers: { origin: TEST_ORIGIN },
    payload: { email: user.email },
  });
  expect(requested.statusCode, requested.body).toBe(200);
  return testApp.tokenFrom(user.email, 'resetPassword');
}

function resetPassword(token: string) {
  return testApp.app.inject({
    method: 'POST',
    url: API_PATHS.resetPassword,
    headers: { origin: TEST_ORIGIN },
    payload: { token, newPassword: NEW_PASSWORD },
  });
}

describe('GET reset-password status', () => {
  it('a fresh link is valid, and asking does not use it up: the reset still works, after it the link is dead', async () => {
    const token = await requestReset();
    expect(await validOf(token)).toBe(true);
    expect(await validOf(token)).toBe(true);

    const reset = await resetPassword(token);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await validOf(token)).toBe(false);
    expect((await resetPassword(token)).statusCode).toBe(400);
  });

  it('an expired link is not valid', async () => {
    const token = await requestReset();
    await testApp.database.db
      .update(authVerifications)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(authVerifications.identifier, `reset-password:${token}`));
    expect(await validOf(token)).toBe(false);
    // The reset agrees.
    expect((await resetPassword(token)).statusCode).toBe(400);
  });

  it('an unknown token answers like a used one, also for a token of another kind of link', async () => {
    expect(await validOf('gibt-es-nicht')).toBe(false);
    expect(await validOf('reset-password:gibt-es-nicht')).toBe(false);
  });

  it('a missing, empty or over-long token gets the German 400', async () => {
    for (const url of [
      API_PATHS.resetPasswordStatus,
      `${API_PATHS.resetPasswordStatus}?token=`,
      statusUrl('x'.repeat(513)),
    ]) {
      const response = await status(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ code: string; message: string }>(), url).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: ERROR_MESSAGES.VALIDATION_FAILED,
      });
    }
  });

  it('is limited per IP with the German 429', async () => {
    const limited = await createTestApp({ rateLimits: { maxPerIp: 2 } });
    try {
      const url = statusUrl('gibt-es-nicht');
      expect((await status(url, limited, '10.9.0.1')).statusCode).toBe(200);
      expect((await status(url, limited, '10.9.0.1')).statusCode).toBe(200);
      const refused = await status(url, limited, '10.9.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: ERROR_MESSAGES.RATE_LIMITED });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address has its own counter.
      expect((await status(url, limited, '10.9.0.2')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('the token is masked in logged URLs', () => {
    expect(redactUrl(statusUrl('geheim-123'))).toBe(`${API_PATHS.resetPasswordStatus}?token=[entfernt]`);
  });
});
