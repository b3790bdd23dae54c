/**
 * Route tests of the rate limits and the sign-in protection (ADR 0013) on the real app:
 * PGlite, and PostgreSQL with TEST_DATABASE_URL; shared counters through Redis with TEST_REDIS_URL.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@matchwerk/shared';
import { buildApp, type BuiltApp } from '../app';
import { TEST_AUTH_SECRET } from '../config/env';
import { createDiskBlobStorage } from '../modules/images';
import { cookieHeader } from '../testing/actors';
import {
  createTestApp,
  TEST_ORIGIN,
  TEST_PASSWORD,
  TEST_PUBLIC_URL,
  TEST_RATE_LIMITS,
  type TestApp,
  type TestAppOptions,
} from '../testing/test-app';
import { createMemoryRateLimitStore, createRedisRateLimitStore, type RateLimitStore } from './rate-limit-store';

const OWNER = 'firma@matchwerk.example';
const WRONG = 'falsches-Passwort-123';

const opened: TestApp[] = [];
const stores: RateLimitStore[] = [];
const secondApps: BuiltApp[] = [];
afterEach(async () => {
  await Promise.all(secondApps.splice(0).map((built) => built.app.close()));
  await Promise.all(opened.splice(0).map((app) => app.close()));
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

async function app(options: TestAppOptions = {}): Promise<TestApp> {
  const created = await createTestApp(options);
  opened.push(created);
  return created;
}

interface Client {
  remoteAddress?: string;
  headers?: Record<string, string>;
}

const signInAs = (testApp: TestApp, email: string, password: string, client: Client = {}) =>
  testApp.app.inject({
    method: 'POST',
    url: '/rest/auth/sign-in/email',
    remoteAddress: client.remoteAddress,
    headers: { origin: TEST_ORIGIN, ...client.headers },
    payload: { email, password },
  });
const wrongSignIn = (testApp: TestApp, email: string, client: Client = {}) => signInAs(testApp, email, WRONG, client);

type Response = Awaited<ReturnType<typeof wrongSignIn>>;

function expectGerman429(response: Response, code: 'RATE_LIMITED' | 'SIGN_IN_THROTTLED' = 'RATE_LIMITED') {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ code, message: ERROR_MESSAGES[code] });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

/** The device cookie of a response, as a Cookie header. */
function deviceCookie(response: Response): string {
  const cookie = response.cookies.find((candidate) => candidate.name.startsWith('matchwerk.device.'));
  if (!cookie) throw new Error('no device cookie');
  return `${cookie.name}=${cookie.value}`;
}

describe('per-IP limits of the auth endpoints (AUTH_RATE_LIMIT_PER_IP)', () => {
  it('limits sign-in per IP; a spoofed X-Forwarded-For does not help when no proxy is trusted', async () => {
    const testApp = await app({ rateLimits: { maxPerIp: 3 } });
    for (let i = 0; i < 3; i++)
      expect((await wrongSignIn(testApp, `a${i}@test.example`, { remoteAddress: '10.0.0.1' })).statusCode).toBe(401);
    expectGerman429(await wrongSignIn(testApp, 'b@test.example', { remoteAddress: '10.0.0.1' }));
    expectGerman429(
      await wrongSignIn(testApp, 'c@test.example', {
        remoteAddress: '10.0.0.1',
        headers: {
          'x-forwarded-for': '203.0.113.9',
          'x-real-ip': '203.0.113.9',
          'x-matchwerk-client-ip': '203.0.113.9',
        },
      }),
    );
    // Another client is not affected.
    expect((await wrongSignIn(testApp, 'd@test.example', { remoteAddress: '10.0.0.2' })).statusCode).toBe(401);
  });

  it('honours X-Forwarded-For only from a trusted proxy', async () => {
    const testApp = await app({ rateLimits: { maxPerIp: 2 }, trustedProxies: ['10.9.9.9'] });
    const viaProxy = (client: string) =>
      wrongSignIn(testApp, 'x@test.example', { remoteAddress: '10.9.9.9', headers: { 'x-forwarded-for': client } });
    expect((await viaProxy('198.51.100.1')).statusCode).toBe(401);
    expect((await viaProxy('198.51.100.1')).statusCode).toBe(401);
    expect((await viaProxy('198.51.100.1')).statusCode).toBe(429);
    expect((await viaProxy('198.51.100.2')).statusCode).toBe(401);
  });

  it('limits verification attempts per IP', async () => {
    const testApp = await app({ rateLimits: { maxPerIp: 2 } });
    const verify = () =>
      testApp.app.inject({
        method: 'GET',
        url: '/rest/auth/verify-email?token=kaputt',
        remoteAddress: '10.5.0.1',
        headers: { origin: TEST_ORIGIN },
      });
    expect((await verify()).statusCode).toBe(401);
    expect((await verify()).statusCode).toBe(401);
    expect((await verify()).statusCode).toBe(429);
  });
});

describe('sign-in protection the attacker cannot turn against the owner', () => {
  it('10 wrong passwords from IP A block A for that account, even with the right password; IP B gets in', async () => {
    const testApp = await app({ rateLimits: { signInFailsPerAccountAndIp: 10 } });
    for (let i = 0; i < 10; i++)
      expect((await wrongSignIn(testApp, OWNER, { remoteAddress: '127.0.0.2' })).statusCode).toBe(401);
    expectGerman429(await signInAs(testApp, OWNER, TEST_PASSWORD, { remoteAddress: '127.0.0.2' }), 'SIGN_IN_THROTTLED');
    // The address is matched case-insensitively.
    expectGerman429(
      await signInAs(testApp, OWNER.toUpperCase(), TEST_PASSWORD, { remoteAddress: '127.0.0.2' }),
      'SIGN_IN_THROTTLED',
    );
    expect((await signInAs(testApp, OWNER, TEST_PASSWORD, { remoteAddress: '127.0.0.3' })).statusCode).toBe(200);
    // IP A may still sign in to other accounts.
    expect(
      (await signInAs(testApp, 'admin@matchwerk.example', TEST_PASSWORD, { remoteAddress: '127.0.0.2' })).statusCode,
    ).toBe(200);
  });

  it('a successful sign-in resets the (account, IP) counter', async () => {
    const testApp = await app({ rateLimits: { signInFailsPerAccountAndIp: 3 } });
    for (let i = 0; i < 2; i++)
      expect((await wrongSignIn(testApp, OWNER, { remoteAddress: '127.0.0.4' })).statusCode).toBe(401);
    expect((await signInAs(testApp, OWNER, TEST_PASSWORD, { remoteAddress: '127.0.0.4' })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++)
      expect((await wrongSignIn(testApp, OWNER, { remoteAddress: '127.0.0.4' })).statusCode).toBe(401);
    expect((await signInAs(testApp, OWNER, TEST_PASSWORD, { remoteAddress: '127.0.0.4' })).statusCode).toBe(200);
  });

  it('blocks an IP that fails on many accounts within a day (slow brute force)', async () => {
    const testApp = await app({ rateLimits: { signInFailsPerIpPerDay: 4 } });
    for (let i = 0; i < 4; i++)
      expect((await wrongSignIn(testApp, `opfer${i}@test.example`, { remoteAddress: '127.0.0.5' })).statusCode).toBe(
        401,
      );
    expectGerman429(await signInAs(testApp, OWNER, TEST_PASSWORD, { remoteAddress: '127.0.0.5' }), 'SIGN_IN_THROTTLED');
    expect((await signInAs(testApp, OWNER, TEST_PASSWORD, { remoteAddress: '127.0.0.6' })).statusCode).toBe(200);
  });

  it('many IPs failing on one account slow it down; the owner with a device cookie gets in at once', async () => {
    const testApp = await app({ rateLimits: { signInFailsPerAccount: 5, signInSlowdownSeconds: 30 } });
    // Earlier, the owner signed in on this browser and got a device cookie.
    const earlier = await signInAs(testApp, OWNER, TEST_PASSWORD, { remoteAddress: '127.0.1.1' });
    expect(earlier.statusCode).toBe(200);
    const device = deviceCookie(earlier);

    for (let i = 0; i < 5; i++)
      expect((await wrongSignIn(testApp, OWNER, { remoteAddress: `127.0.2.${i + 1}` })).statusCode).toBe(401);
    // Slowed down: one attempt per 30 s for browsers without the device cookie.
    expect((await wrongSignIn(testApp, OWNER, { remoteAddress: '127.0.2.50' })).statusCode).toBe(401);
    const slowed = await wrongSignIn(testApp, OWNER, { remoteAddress: '127.0.2.51' });
    expectGerman429(slowed, 'SIGN_IN_THROTTLED');
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(30);
    expectGerman429(await signInAs(testApp, OWNER, TEST_PASSWORD, { remoteAddress: '127.0.1.9' }), 'SIGN_IN_THROTTLED');

    const owner = await signInAs(testApp, OWNER, TEST_PASSWORD, {
      remoteAddress: '127.0.1.9',
      headers: { cookie: device },
    });
    expect(owner.statusCode).toBe(200);
    // Another account's device cookie does not help.
    const admin = await signInAs(testApp, 'admin@matchwerk.example', TEST_PASSWORD, { remoteAddress: '127.0.1.1' });
    expectGerman429(
      await signInAs(testApp, OWNER, TEST_PASSWORD, {
        remoteAddress: '127.0.1.9',
        headers: { cookie: deviceCookie(admin) },
      }),
      'SIGN_IN_THROTTLED',
    );
  });

  it('a device cookie is limited by its own failures', async () => {
    const testApp = await app({ rateLimits: { signInFailsPerDevice: 2 } });
    const device = deviceCookie(await signInAs(testApp, OWNER, TEST_PASSWORD, { remoteAddress: '127.0.3.1' }));
    for (let i = 0; i < 2; i++)
      expect(
        (await wrongSignIn(testApp, OWNER, { remoteAddress: '127.0.3.1', headers: { cookie: device } })).statusCode,
      ).toBe(401);
    expectGerman429(
      await signInAs(testApp, OWNER, TEST_PASSWORD, { remoteAddress: '127.0.3.1', headers: { cookie: device } }),
      'SIGN_IN_THROTTLED',
    );
    expect((await signInAs(testApp, OWNER, TEST_PASSWORD, { remoteAddress: '127.0.3.1' })).statusCode).toBe(200);
  });

  it('the owner without a device cookie gets in through the mailed one-time unlock link', async () => {
    const testApp = await app({ rateLimits: { signInFailsPerAccount: 3, signInFailsPerAccountAndIp: 3 } });
    const ownerIp = '127.0.4.1';
    // The attacker shares the owner's address (one office behind NAT) and tries from elsewhere, too.
    for (let i = 0; i < 3; i++)
      expect((await wrongSignIn(testApp, OWNER, { remoteAddress: ownerIp })).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) await wrongSignIn(testApp, OWNER, { remoteAddress: `127.0.5.${i + 1}` });
    expectGerman429(await signInAs(testApp, OWNER, TEST_PASSWORD, { remoteAddress: ownerIp }), 'SIGN_IN_THROTTLED');

    const request = (email: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/rest/users/sign-in-unlock',
        remoteAddress: ownerIp,
        headers: { origin: TEST_ORIGIN },
        payload: { email },
      });
    const known = await request(OWNER.toUpperCase());
    const unknown = await request('niemand@test.example');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(testApp.mailer.lastTo('niemand@test.example')).toBeUndefined();
    const mail = testApp.mailer.lastTo(OWNER);
    expect(mail?.subject).toBe('Anmeldung bei Matchwerk entsperren');
    const token = testApp.tokenFrom(OWNER, 'unlockSignIn');

    const confirm = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/rest/users/sign-in-unlock/confirm',
        remoteAddress: ownerIp,
        headers: { origin: TEST_ORIGIN },
        payload: { token },
      });
    const confirmed = await confirm();
    expect(confirmed.statusCode).toBe(200);
    const device = deviceCookie(confirmed);
    expect(
      (await signInAs(testApp, OWNER, TEST_PASSWORD, { remoteAddress: ownerIp, headers: { cookie: device } }))
        .statusCode,
    ).toBe(200);
    // One use only.
    const again = await confirm();
    expect(again.statusCode).toBe(400);
    expect(again.json<{ code: string }>().code).toBe('INVALID_TOKEN');
  });
});

describe('mail requests (password reset, unlock link, sign-up, resend)', () => {
  it('limits reset requests per address and per IP; the owner with a device cookie can still reset', async () => {
    const testApp = await app({ rateLimits: { maxPerAccount: 2, maxPerIp: 4 } });
    const reset = (email: string, ip: string, cookie?: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/rest/auth/request-password-reset',
        remoteAddress: ip,
        headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
        payload: { email },
      });
    const device = deviceCookie(
      await signInAs(testApp, 'admin@matchwerk.example', TEST_PASSWORD, { remoteAddress: '10.2.0.50' }),
    );
    expect((await reset('admin@matchwerk.example', '10.2.0.1')).statusCode).toBe(200);
    expect((await reset('admin@matchwerk.example', '10.2.0.2')).statusCode).toBe(200);
    expectGerman429(await reset('admin@matchwerk.example', '10.2.0.3'));
    expect((await reset('admin@matchwerk.example', '10.2.0.50', device)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await reset(`r${i}@test.example`, '10.2.0.9')).statusCode).toBe(200);
    expectGerman429(await reset('r9@test.example', '10.2.0.9'));
  });

  it('limits sign-up and resend per IP and per address with the German 429 body', async () => {
    const testApp = await app({ rateLimits: { maxPerIp: 2, maxPerAccount: 1 } });
    const resend = (email: string, ip: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/rest/organization/resend-signup-confirmation',
        remoteAddress: ip,
        payload: { email },
      });
    expect((await resend('u1@test.example', '10.3.0.1')).statusCode).toBe(200);
    expectGerman429(await resend('u1@test.example', '10.3.0.2'));
    expect((await resend('u2@test.example', '10.3.0.1')).statusCode).toBe(200);
    expectGerman429(await resend('u3@test.example', '10.3.0.1'));

    const signup = (email: string, ip: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/rest/organization/signup',
        remoteAddress: ip,
        payload: {
          companyName: 'Limit GmbH',
          userName: 'L',
          email,
          password: 'Ein-langes-Passwort-77',
          region: 'HORB',
          termsAndConditionsChecked: true,
        },
      });
    expect((await signup('s1@test.example', '10.4.0.1')).statusCode).toBe(200);
    expectGerman429(await signup('s1@test.example', '10.4.0.2'));
  });

  it('limits unlock-link requests per address', async () => {
    const testApp = await app({ rateLimits: { maxPerAccount: 1 } });
    const request = (ip: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/rest/users/sign-in-unlock',
        remoteAddress: ip,
        headers: { origin: TEST_ORIGIN },
        payload: { email: OWNER },
      });
    expect((await request('10.8.0.1')).statusCode).toBe(200);
    expectGerman429(await request('10.8.0.2'));
  });
});

describe('who shares counters', () => {
  it('app instances that share a store share counters (REDIS_URL in production)', async () => {
    const store = createMemoryRateLimitStore();
    stores.push(store);
    const first = await app({ rateLimits: { maxPerIp: 2 }, rateLimitStore: store });
    const second = await app({ rateLimits: { maxPerIp: 2 }, rateLimitStore: store });
    expect((await wrongSignIn(first, 'a@test.example', { remoteAddress: '10.6.0.1' })).statusCode).toBe(401);
    expect((await wrongSignIn(second, 'b@test.example', { remoteAddress: '10.6.0.1' })).statusCode).toBe(401);
    expect((await wrongSignIn(first, 'c@test.example', { remoteAddress: '10.6.0.1' })).statusCode).toBe(429);
    expect((await wrongSignIn(second, 'd@test.example', { remoteAddress: '10.6.0.1' })).statusCode).toBe(429);
  });

  it('apps with their own stores do not share counters', async () => {
    const first = await app({ rateLimits: { maxPerIp: 1, signInFailsPerAccountAndIp: 1 } });
    const second = await app({ rateLimits: { maxPerIp: 1, signInFailsPerAccountAndIp: 1 } });
    expect((await wrongSignIn(first, 'a@test.example', { remoteAddress: '10.7.0.1' })).statusCode).toBe(401);
    expect((await wrongSignIn(second, 'a@test.example', { remoteAddress: '10.7.0.1' })).statusCode).toBe(401);
  });

  /** A second process on the first one's database (as in production: one database, several API processes). */
  async function secondProcess(first: TestApp, options: Pick<TestAppOptions, 'rateLimits' | 'rateLimitStore'>) {
    const built = await buildApp({
      database: first.database,
      mailer: first.mailer,
      authSecret: TEST_AUTH_SECRET,
      publicUrl: TEST_PUBLIC_URL,
      supportEmail: 'support@matchwerk.example',
      demoMailbox: true,
      blobStorage: createDiskBlobStorage(first.uploadDir),
      rateLimits: { ...TEST_RATE_LIMITS, ...options.rateLimits },
      rateLimitStore: options.rateLimitStore,
    });
    await built.app.ready();
    secondApps.push(built);
    return { ...first, app: built.app } satisfies TestApp;
  }

  it('the lockout counters are in the database: a process with an empty store (Redis restarted) still refuses', async () => {
    const first = await app({ rateLimits: { signInFailsPerAccountAndIp: 3 } });
    for (let i = 0; i < 3; i++)
      expect((await wrongSignIn(first, OWNER, { remoteAddress: '127.0.7.1' })).statusCode).toBe(401);
    // A fresh store knows nothing: what a Redis restart or FLUSHALL leaves behind.
    const restarted = await secondProcess(first, { rateLimits: { signInFailsPerAccountAndIp: 3 } });
    expectGerman429(
      await signInAs(restarted, OWNER, TEST_PASSWORD, { remoteAddress: '127.0.7.1' }),
      'SIGN_IN_THROTTLED',
    );
    expect((await signInAs(restarted, OWNER, TEST_PASSWORD, { remoteAddress: '127.0.7.2' })).statusCode).toBe(200);
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  if (redisUrl) {
    it('two processes with Redis stores share the sign-in protection', async () => {
      const prefix = `matchwerk-test:${randomBytes(4).toString('hex')}:`;
      const storeA = createRedisRateLimitStore(redisUrl, prefix);
      const storeB = createRedisRateLimitStore(redisUrl, prefix);
      stores.push(storeA, storeB);
      const first = await app({ rateLimits: { signInFailsPerAccountAndIp: 3 }, rateLimitStore: storeA });
      const second = await secondProcess(first, {
        rateLimits: { signInFailsPerAccountAndIp: 3 },
        rateLimitStore: storeB,
      });
      expect((await wrongSignIn(first, OWNER, { remoteAddress: '127.0.6.1' })).statusCode).toBe(401);
      expect((await wrongSignIn(second, OWNER, { remoteAddress: '127.0.6.1' })).statusCode).toBe(401);
      expect((await wrongSignIn(first, OWNER, { remoteAddress: '127.0.6.1' })).statusCode).toBe(401);
      expectGerman429(
        await signInAs(second, OWNER, TEST_PASSWORD, { remoteAddress: '127.0.6.1' }),
        'SIGN_IN_THROTTLED',
      );
      expect((await signInAs(second, OWNER, TEST_PASSWORD, { remoteAddress: '127.0.6.2' })).statusCode).toBe(200);
    });

    it('Redis flushed between wrong passwords: 10 failures still block (issue 49: 23 got through)', async () => {
      const prefix = `matchwerk-test:${randomBytes(4).toString('hex')}:`;
      const store = createRedisRateLimitStore(redisUrl, prefix);
      stores.push(store);
      const testApp = await app({ rateLimits: { signInFailsPerAccountAndIp: 10 }, rateLimitStore: store });
      // Only this test's keys: the Redis is shared with other test runs.
      const redis = new Redis(redisUrl);
      const flush = async () => {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
      };
      try {
        for (let i = 0; i < 10; i++) {
          expect((await wrongSignIn(testApp, OWNER, { remoteAddress: '127.0.8.1' })).statusCode).toBe(401);
          await flush();
        }
        expectGerman429(await wrongSignIn(testApp, OWNER, { remoteAddress: '127.0.8.1' }), 'SIGN_IN_THROTTLED');
        await flush();
        expectGerman429(
          await signInAs(testApp, OWNER, TEST_PASSWORD, { remoteAddress: '127.0.8.1' }),
          'SIGN_IN_THROTTLED',
        );
      } finally {
        redis.disconnect();
      }
    });
  }
});

describe('cookies of a sign-in', () => {
  it('sets a device cookie only on success, scoped to /rest, HttpOnly and SameSite=Strict', async () => {
    const testApp = await app();
    const failed = await wrongSignIn(testApp, OWNER);
    expect(failed.cookies.some((cookie) => cookie.name.startsWith('matchwerk.device.'))).toBe(false);
    const ok = await signInAs(testApp, OWNER, TEST_PASSWORD);
    const device = ok.cookies.find((cookie) => cookie.name.startsWith('matchwerk.device.'));
    expect(device).toMatchObject({ path: '/rest', httpOnly: true, sameSite: 'Strict' });
    expect(cookieHeader(ok)).toContain('matchwerk.session_token=');
  });
});
