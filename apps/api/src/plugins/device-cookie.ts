/**
 * OWASP "device cookies": a browser that once signed in to an account (or opened a mailed
 * unlock link for it) carries a signed cookie for that account. Sign-in failures from other
 * browsers then cannot slow that browser down. One cookie per account, named by an HMAC of the
 * address so the cookie does not show the address.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';

export const DEVICE_COOKIE_PREFIX = 'matchwerk.device.';
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

export interface DeviceCookieOptions {
  secret: string;
  secure: boolean;
  now?: () => number;
}

export interface TrustedDevice {
  /** Stable id of this cookie (for its own failure counter). */
  id: string;
}

export interface DeviceCookies {
  /** The valid device cookie for this account in the Cookie header, or null. */
  read(cookieHeader: string | undefined, email: string): TrustedDevice | null;
  /** A Set-Cookie value with a fresh device cookie for this account. */
  issue(email: string): string;
}

export function createDeviceCookies(options: DeviceCookieOptions): DeviceCookies {
  const now = options.now ?? Date.now;
  const mac = (data: string) => createHmac('sha256', options.secret).update(data).digest('base64url');
  const accountTag = (email: string) => mac(`device-account:${email}`).slice(0, 16);
  const signature = (tag: string, issuedAt: string, nonce: string) => mac(`device:${tag}:${issuedAt}:${nonce}`);

  return {
    read(cookieHeader, email) {
      const tag = accountTag(email);
      const value = cookieHeader ? parseCookie(cookieHeader)[DEVICE_COOKIE_PREFIX + tag] : undefined;
      const [issuedAt, nonce, given] = value?.split('.') ?? [];
      if (!issuedAt || !nonce || !given) return null;
      const expected = Buffer.from(signature(tag, issuedAt, nonce));
      const actual = Buffer.from(given);
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
      const age = now() / 1000 - Number(issuedAt);
      if (!Number.isFinite(age) || age < 0 || age > DEVICE_COOKIE_MAX_AGE_SECONDS) return null;
      return { id: `${tag}:${nonce}` };
    },
    issue(email) {
      const tag = accountTag(email);
      const issuedAt = String(Math.floor(now() / 1000));
      const nonce = randomBytes(16).toString('base64url');
      return stringifySetCookie({
        name: DEVICE_COOKIE_PREFIX + tag,
        value: `${issuedAt}.${nonce}.${signature(tag, issuedAt, nonce)}`,
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
        path: '/rest',
        httpOnly: true,
        sameSite: 'strict',
        secure: options.secure,
      });
    },
  };
}
