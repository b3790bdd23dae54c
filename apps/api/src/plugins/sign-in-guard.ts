/**
 * Sign-in protection that an attacker cannot turn against the account's owner (ADR 0013),
 * after rate-limiter-flexible's "login endpoint protection":
 * - consecutive failures of one (account, IP) pair block only that pair;
 * - failures from one IP on any accounts within a day block that IP (slow brute force);
 * - failures on one account from all IPs only slow down browsers without that account's
 *   device cookie (one attempt per `signInSlowdownSeconds`), never lock the owner out;
 * - a browser with a valid device cookie is limited only by its own failure counter.
 * A successful sign-in resets the pair's (and the device's) counter.
 * The failure counters are the lockouts: the server keeps them in PostgreSQL (`failureCounters`,
 * ADR 0109) so a Redis restart cannot reset them; the slowdown and mail caps stay in the store.
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitSettings } from './auth-config';
import type { TrustedDevice } from './device-cookie';
import {
  consumeOrRefuse,
  secondsUntil,
  type LimiterOptions,
  type RateLimitDecision,
  type RateLimitStore,
} from './rate-limit-store';

const DAY_SECONDS = 24 * 60 * 60;
const ALLOWED: RateLimitDecision = { allowed: true, retryAfter: null };

export interface SignInAttempt {
  /** Normalised (trimmed, lower-case) address. */
  email: string;
  ip: string;
  /** The account's valid device cookie in this request, if any. */
  device: TrustedDevice | null;
}

/** Mail kinds a client can trigger for an address (each limited on its own). */
export type AccountMailKind = 'reset' | 'unlock';

export interface SignInGuard {
  /** Whether this attempt may reach the password check. */
  check(attempt: SignInAttempt): Promise<RateLimitDecision>;
  /** A wrong password. */
  failed(attempt: SignInAttempt): Promise<void>;
  /** The right password (also when the address still needs confirming). */
  succeeded(attempt: SignInAttempt): Promise<void>;
  /** Forgets the (account, IP) pair's failures (an opened unlock link). */
  forgetPair(email: string, ip: string): Promise<void>;
  /**
   * Counts a mail request for an address. Untrusted browsers share one cap per address (no
   * mail flood); a browser with the device cookie has its own (account, IP) cap, so an attacker
   * using up the shared cap cannot keep the owner from resetting the password.
   */
  mailRequest(kind: AccountMailKind, attempt: SignInAttempt): Promise<RateLimitDecision>;
}

function refusedBy(limiter: RateLimiterAbstract, res: RateLimiterRes | null): RateLimitDecision | null {
  return res && res.consumedPoints >= limiter.points ? { allowed: false, retryAfter: secondsUntil(res) } : null;
}

/** Counts one failure; the failure that reaches the limit blocks the key for `blockSeconds`. */
async function countFailure(limiter: RateLimiterAbstract, key: string, blockSeconds?: number): Promise<void> {
  try {
    const res = await limiter.consume(key);
    if (blockSeconds && res.remainingPoints === 0) await limiter.block(key, blockSeconds);
  } catch (error) {
    // Already over the limit: nothing more to count.
    if (!(error instanceof RateLimiterRes)) throw error;
  }
}

/**
 * `failureCounters`: where the failure counters live (the server: PostgreSQL through
 * durable-rate-limiter.ts); by default the store's own limiters (unit tests).
 */
export function createSignInGuard(
  store: RateLimitStore,
  settings: RateLimitSettings,
  failureCounters: (options: LimiterOptions) => RateLimiterAbstract = (options) => store.limiter(options),
): SignInGuard {
  const pairFails = failureCounters({
    name: 'signin-fail-account-ip',
    points: settings.signInFailsPerAccountAndIp,
    duration: DAY_SECONDS,
  });
  const ipFails = failureCounters({
    name: 'signin-fail-ip-day',
    points: settings.signInFailsPerIpPerDay,
    duration: DAY_SECONDS,
  });
  const accountFails = failureCounters({
    name: 'signin-fail-account',
    points: settings.signInFailsPerAccount,
    duration: settings.signInAccountWindowSeconds,
  });
  const accountSlowdown = store.limiter({
    name: 'signin-slowdown-account',
    points: 1,
    duration: settings.signInSlowdownSeconds,
  });
  const deviceFails = failureCounters({
    name: 'signin-fail-device',
    points: settings.signInFailsPerDevice,
    duration: DAY_SECONDS,
  });
  const mailLimiter = (kind: AccountMailKind) =>
    store.limiter({ name: `mail-${kind}`, points: settings.maxPerAccount, duration: settings.accountWindowSeconds });
  const pairKey = (email: string, ip: string) => `${email}|${ip}`;

  return {
    async check({ email, ip, device }) {
      if (device) return refusedBy(deviceFails, await deviceFails.get(device.id)) ?? ALLOWED;
      const [byIp, byPair, byAccount] = await Promise.all([
        ipFails.get(ip),
        pairFails.get(pairKey(email, ip)),
        accountFails.get(email),
      ]);
      const refused = refusedBy(ipFails, byIp) ?? refusedBy(pairFails, byPair);
      if (refused) return refused;
      if (refusedBy(accountFails, byAccount)) return consumeOrRefuse(accountSlowdown, email);
      return ALLOWED;
    },
    async failed({ email, ip, device }) {
      if (device) return countFailure(deviceFails, device.id, settings.signInBlockSeconds);
      await Promise.all([
        countFailure(pairFails, pairKey(email, ip), settings.signInBlockSeconds),
        countFailure(ipFails, ip, DAY_SECONDS),
        countFailure(accountFails, email),
      ]);
    },
    async succeeded({ email, ip, device }) {
      await Promise.all([
        pairFails.delete(pairKey(email, ip)),
        device ? deviceFails.delete(device.id) : Promise.resolve(false),
      ]);
    },
    async forgetPair(email, ip) {
      await pairFails.delete(pairKey(email, ip));
    },
    mailRequest(kind, { email, ip, device }) {
      return consumeOrRefuse(mailLimiter(kind), device ? `trusted:${pairKey(email, ip)}` : email);
    },
  };
}
