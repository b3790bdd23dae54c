/**
 * Sign-up limits per address range (issue 49 item 13, ADR 0110). One address created 29 candidate
 * accounts in a burst before the per-IP limit (30 a minute) answered 429, and a new address in the
 * same network would have started again. Counted per range instead: IPv4 /24, IPv6 /56 (the
 * block a German provider gives one connection: a household's or a school's; its 256 /64 networks
 * would each be a fresh start otherwise). A school class signing up on one shared address passes:
 * 20 accounts per 10 minutes (a class types at human speed; the 21st within the window is told
 * when to try again) and 200 per day (several classes). Both configurable (README).
 */
import { isIPv4, isIPv6 } from 'node:net';
import { AppError } from '../../errors/app-error';
import type { RateLimitStore } from '../../plugins/rate-limit-store';

export interface SignupRangeLimits {
  /** Accounts per range within `signupRangeWindowSeconds`. */
  signupsPerRange: number;
  signupRangeWindowSeconds: number;
  /** Accounts per range and day. */
  signupsPerRangePerDay: number;
}

const DAY_SECONDS = 24 * 60 * 60;

/** The 16-bit groups of an IPv6 address (already validated by isIPv6), an embedded IPv4 tail included. */
function ipv6Groups(ip: string): number[] {
  const address = ip.split('%')[0] ?? '';
  const parse = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [left = '', right] = address.split('::');
  const head = parse(left);
  const tail = right === undefined ? [] : parse(right);
  return [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/**
 * The range an address counts in: "a.b.c.0/24" for IPv4 (IPv4-mapped IPv6 included),
 * "xxxx:xxxx:xxxx:xx00::/56" for IPv6; anything else stands for itself.
 */
export function addressRangeOf(ip: string): string {
  if (isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return addressRangeOf(`${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`);
  }
  const hex = (group: number | undefined) => (group ?? 0).toString(16);
  return `${hex(groups[0])}:${hex(groups[1])}:${hex(groups[2])}:${hex((groups[3] ?? 0) & 0xff00)}::/56`;
}

/**
 * Counts one new account from this address's range; a 429 with Retry-After (and `message`, in
 * the reader's form of address) once the range used up its burst or its day.
 */
export async function limitSignupsFromRange(
  store: RateLimitStore,
  limits: SignupRangeLimits,
  ip: string,
  message?: (minutes: number) => string,
): Promise<void> {
  const range = addressRangeOf(ip);
  for (const rule of [
    { window: limits.signupRangeWindowSeconds, max: limits.signupsPerRange },
    { window: DAY_SECONDS, max: limits.signupsPerRangePerDay },
  ]) {
    const decision = await store.consume(`range:signup:${rule.window}:${range}`, rule);
    if (!decision.allowed) {
      const retryAfter = decision.retryAfter ?? rule.window;
      throw new AppError('RATE_LIMITED', {
        message: message?.(Math.max(1, Math.ceil(retryAfter / 60))),
        headers: { 'retry-after': String(retryAfter) },
      });
    }
  }
}
