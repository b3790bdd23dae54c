import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@matchwerk/shared';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app';
import { createMemoryRateLimitStore } from './rate-limit-store';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

const wrongSignIn = (app: TestApp, email: string, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  app.app.inject({
    method: 'POST',
    url: '/rest/auth/sign-in/email',
    remoteAddress: extra.remoteAddress,
    headers: { origin: TEST_ORIGIN, ...extra.headers },
    payload: { email, password: 'falsches-Passwort-123' },
  });

function expectGerman429(response: Awaited<ReturnType<typeof wrongSignIn>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ code: 'RATE_LIMITED', message: ERROR_MESSAGES.RATE_LIMITED });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('rate limits', () => {
  it('limits sign-in per IP; a spoofed X-Forwarded-For does not help when no proxy is trusted', async () => {
    testApp = await createTestApp({ rateLimits: { maxPerIp: 3 } });
    for (let i = 0; i < 3; i++) expect((await wrongSignIn(testApp, `a${i}@test.example`, { remoteAddress: '10.0.0.1' })).statusCode).toBe(401);
    expectGerman429(await wrongSignIn(testApp, 'b@test.example', { remoteAddress: '10.0.0.1' }));
    expectGerman429(
      await wrongSignIn(testApp, 'c@test.example', {
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '203.0.113.9', 'x-matchwerk-client-ip': '203.0.113.9' },
      }),
    );
    // Another client is not affected.
    expect((await wrongSignIn(testApp, 'd@test.example', { remoteAddress: '10.0.0.2' })).statusCode).toBe(401);
  });

  it('honours X-Forwarded-For only from a trusted proxy', async () => {
    testApp = await createTestApp({ rateLimits: { maxPerIp: 2 }, trustedProxies: ['10.9.9.9'] });
    const viaProxy = (client: string) => wrongSignIn(testApp!, 'x@test.example', { remoteAddress: '10.9.9.9', headers: { 'x-forwarded-for': client } });
    expect((await viaProxy('198.51.100.1')).statusCode).toBe(401);
    expect((await viaProxy('198.51.100.1')).statusCode).toBe(401);
    expect((await viaProxy('198.51.100.1')).statusCode).toBe(429);
    expect((await viaProxy('198.51.100.2')).statusCode).toBe(401);
  });

  it('limits failed sign-ins per account across IPs', async () => {
    testApp = await createTestApp({ rateLimits: { maxPerAccount: 3 } });
    for (let i = 0; i < 3; i++) expect((await wrongSignIn(testApp, 'firma@matchwerk.example', { remoteAddress: `10.1.0.${i}` })).statusCode).toBe(401);
    expectGerman429(await wrongSignIn(testApp, 'firma@matchwerk.example', { remoteAddress: '10.1.0.99' }));
    // Even the right password waits now; other accounts are not affected.
    const right = await testApp.app.inject({
      method: 'POST',
      url: '/rest/auth/sign-in/email',
      remoteAddress: '10.1.0.100',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'FIRMA@matchwerk.example', password: 'Matchwerk-Demo-2026' },
    });
    expect(right.statusCode).toBe(429);
    expect((await wrongSignIn(testApp, 'admin@matchwerk.example', { remoteAddress: '10.1.0.101' })).statusCode).toBe(401);
  });

  it('limits reset requests per account and per IP', async () => {
    testApp = await createTestApp({ rateLimits: { maxPerAccount: 2, maxPerIp: 4 } });
    const reset = (email: string, ip: string) =>
      testApp!.app.inject({ method: 'POST', url: '/rest/auth/request-password-reset', remoteAddress: ip, headers: { origin: TEST_ORIGIN }, payload: { email } });
    expect((await reset('admin@matchwerk.example', '10.2.0.1')).statusCode).toBe(200);
    expect((await reset('admin@matchwerk.example', '10.2.0.2')).statusCode).toBe(200);
    expect((await reset('admin@matchwerk.example', '10.2.0.3')).statusCode).toBe(429);
    for (let i = 0; i < 4; i++) expect((await reset(`r${i}@test.example`, '10.2.0.9')).statusCode).toBe(200);
    expect((await reset('r9@test.example', '10.2.0.9')).statusCode).toBe(429);
  });

  it('limits sign-up and resend per IP and per address with the German 429 body', async () => {
    testApp = await createTestApp({ rateLimits: { maxPerIp: 2, maxPerAccount: 1 } });
    const resend = (email: string, ip: string) =>
      testApp!.app.inject({ method: 'POST', url: '/rest/organization/resend-signup-confirmation', remoteAddress: ip, payload: { email } });
    expect((await resend('u1@test.example', '10.3.0.1')).statusCode).toBe(200);
    expectGerman429(await resend('u1@test.example', '10.3.0.2'));
    expect((await resend('u2@test.example', '10.3.0.1')).statusCode).toBe(200);
    expectGerman429(await resend('u3@test.example', '10.3.0.1'));

    const signup = (email: string, ip: string) =>
      testApp!.app.inject({
        method: 'POST',
        url: '/rest/organization/signup',
        remoteAddress: ip,
        payload: { companyName: 'Limit GmbH', userName: 'L', email, password: 'Ein-langes-Passwort-77', region: 'HORB', termsAndConditionsChecked: true },
      });
    expect((await signup('s1@test.example', '10.4.0.1')).statusCode).toBe(200);
    expectGerman429(await signup('s1@test.example', '10.4.0.2'));
  });

  it('shares counters between app instances that share a store (REDIS_URL in production)', async () => {
    const store = createMemoryRateLimitStore();
    testApp = await createTestApp({ rateLimits: { maxPerIp: 2 }, rateLimitStore: store });
    const second = await createTestApp({ rateLimits: { maxPerIp: 2 }, rateLimitStore: store });
    try {
      expect((await wrongSignIn(testApp, 'a@test.example', { remoteAddress: '10.6.0.1' })).statusCode).toBe(401);
      expect((await wrongSignIn(second, 'b@test.example', { remoteAddress: '10.6.0.1' })).statusCode).toBe(401);
      expect((await wrongSignIn(testApp, 'c@test.example', { remoteAddress: '10.6.0.1' })).statusCode).toBe(429);
      expect((await wrongSignIn(second, 'd@test.example', { remoteAddress: '10.6.0.1' })).statusCode).toBe(429);
    } finally {
      await second.close();
      await store.close();
    }
  });

  it('does not share counters between apps with their own stores', async () => {
    testApp = await createTestApp({ rateLimits: { maxPerIp: 1 } });
    const second = await createTestApp({ rateLimits: { maxPerIp: 1 } });
    try {
      expect((await wrongSignIn(testApp, 'a@test.example', { remoteAddress: '10.7.0.1' })).statusCode).toBe(401);
      expect((await wrongSignIn(second, 'a@test.example', { remoteAddress: '10.7.0.1' })).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('limits verification attempts per IP', async () => {
    testApp = await createTestApp({ rateLimits: { maxPerIp: 2 } });
    const verify = () => testApp!.app.inject({ method: 'GET', url: '/rest/auth/verify-email?token=kaputt', remoteAddress: '10.5.0.1', headers: { origin: TEST_ORIGIN } });
    expect((await verify()).statusCode).toBe(401);
    expect((await verify()).statusCode).toBe(401);
    expect((await verify()).statusCode).toBe(429);
  });
});
