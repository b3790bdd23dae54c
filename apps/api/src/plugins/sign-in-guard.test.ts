import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from './auth-config';
import { createMemoryRateLimitStore } from './rate-limit-store';
import { createSignInGuard, type SignInAttempt } from './sign-in-guard';

function guardWith(settings: Partial<RateLimitSettings>) {
  return createSignInGuard(createMemoryRateLimitStore(), { ...DEFAULT_RATE_LIMITS, ...settings });
}

const attempt = (ip: string, email = 'owner@test.example', deviceId?: string): SignInAttempt => ({
  email,
  ip,
  device: deviceId ? { id: deviceId } : null,
});

async function failTimes(guard: ReturnType<typeof guardWith>, times: number, make: (i: number) => SignInAttempt) {
  for (let i = 0; i < times; i++) {
    expect((await guard.check(make(i))).allowed).toBe(true);
    await guard.failed(make(i));
  }
}

describe('sign-in guard', () => {
  it('blocks only the (account, IP) pair after its consecutive failures', async () => {
    const guard = guardWith({ signInFailsPerAccountAndIp: 3, signInBlockSeconds: 900 });
    await failTimes(guard, 3, () => attempt('10.0.0.1'));
    const refused = await guard.check(attempt('10.0.0.1'));
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfter).toBeGreaterThan(800);
    expect((await guard.check(attempt('10.0.0.2'))).allowed).toBe(true);
    expect((await guard.check(attempt('10.0.0.1', 'someone-else@test.example'))).allowed).toBe(true);
  });

  it('a success resets the pair, so only consecutive failures count', async () => {
    const guard = guardWith({ signInFailsPerAccountAndIp: 3 });
    await failTimes(guard, 2, () => attempt('10.0.0.1'));
    await guard.succeeded(attempt('10.0.0.1'));
    await failTimes(guard, 2, () => attempt('10.0.0.1'));
    expect((await guard.check(attempt('10.0.0.1'))).allowed).toBe(true);
  });

  it('blocks an IP that fails on many accounts within a day', async () => {
    const guard = guardWith({ signInFailsPerIpPerDay: 4 });
    await failTimes(guard, 4, (i) => attempt('10.0.0.9', `user${i}@test.example`));
    expect((await guard.check(attempt('10.0.0.9', 'fresh@test.example'))).allowed).toBe(false);
    expect((await guard.check(attempt('10.0.0.8', 'fresh@test.example'))).allowed).toBe(true);
  });

  it('slows an attacked account down to one attempt per interval, except for a trusted device', async () => {
    const guard = guardWith({ signInFailsPerAccount: 5, signInSlowdownSeconds: 30 });
    await failTimes(guard, 5, (i) => attempt(`10.1.0.${i}`));
    expect((await guard.check(attempt('10.1.0.50'))).allowed).toBe(true);
    const slowed = await guard.check(attempt('10.1.0.51'));
    expect(slowed.allowed).toBe(false);
    expect(slowed.retryAfter).toBeGreaterThan(0);
    expect(slowed.retryAfter).toBeLessThanOrEqual(30);
    expect((await guard.check(attempt('10.1.0.51', 'owner@test.example', 'device-1'))).allowed).toBe(true);
  });

  it('limits a trusted device by its own failures only', async () => {
    const guard = guardWith({ signInFailsPerDevice: 2, signInFailsPerAccountAndIp: 2 });
    await failTimes(guard, 2, () => attempt('10.2.0.1'));
    expect((await guard.check(attempt('10.2.0.1'))).allowed).toBe(false);
    expect((await guard.check(attempt('10.2.0.1', 'owner@test.example', 'device-1'))).allowed).toBe(true);
    await failTimes(guard, 2, () => attempt('10.2.0.1', 'owner@test.example', 'device-1'));
    expect((await guard.check(attempt('10.2.0.1', 'owner@test.example', 'device-1'))).allowed).toBe(false);
    expect((await guard.check(attempt('10.2.0.1', 'owner@test.example', 'device-2'))).allowed).toBe(true);
  });

  it('caps mail requests per address for untrusted browsers, per (address, IP) for trusted ones', async () => {
    const guard = guardWith({ maxPerAccount: 2 });
    expect((await guard.mailRequest('reset', attempt('10.3.0.1'))).allowed).toBe(true);
    expect((await guard.mailRequest('reset', attempt('10.3.0.2'))).allowed).toBe(true);
    expect((await guard.mailRequest('reset', attempt('10.3.0.3'))).allowed).toBe(false);
    expect((await guard.mailRequest('unlock', attempt('10.3.0.3'))).allowed).toBe(true);
    expect((await guard.mailRequest('reset', attempt('10.3.0.3', 'owner@test.example', 'device-1'))).allowed).toBe(
      true,
    );
  });
});
