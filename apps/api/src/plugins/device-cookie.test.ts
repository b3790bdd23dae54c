import { parseSetCookie } from 'cookie';
import { describe, expect, it } from 'vitest';
import { createDeviceCookies, DEVICE_COOKIE_MAX_AGE_SECONDS } from './device-cookie';

const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;

describe('device cookies', () => {
  const cookies = createDeviceCookies({ secret: 'a'.repeat(32), secure: true });

  it('issues an HttpOnly, Strict, Secure cookie that is valid for its account only', () => {
    const setCookie = cookies.issue('firma@matchwerk.example');
    expect(parseSetCookie(setCookie)).toMatchObject({
      httpOnly: true,
      sameSite: 'strict',
      secure: true,
      path: '/rest',
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });
    expect(setCookie).not.toContain('firma');
    const device = cookies.read(`other=1; ${cookieOf(setCookie)}`, 'firma@matchwerk.example');
    expect(device?.id).toBeTruthy();
    expect(cookies.read(cookieOf(setCookie), 'admin@matchwerk.example')).toBeNull();
    expect(cookies.read(undefined, 'firma@matchwerk.example')).toBeNull();
  });

  it('gives each browser its own id', () => {
    const a = cookies.read(cookieOf(cookies.issue('x@test.example')), 'x@test.example');
    const b = cookies.read(cookieOf(cookies.issue('x@test.example')), 'x@test.example');
    expect(a?.id).not.toBe(b?.id);
  });

  it('refuses forged, foreign and expired cookies', () => {
    const [name, value] = cookieOf(cookies.issue('x@test.example')).split('=') as [string, string];
    const [issuedAt, nonce, signature] = value.split('.') as [string, string, string];
    expect(cookies.read(`${name}=${issuedAt}.${nonce}x.${signature}`, 'x@test.example')).toBeNull();
    expect(cookies.read(`${name}=${issuedAt}.${nonce}.${signature.slice(1)}A`, 'x@test.example')).toBeNull();
    const otherSecret = createDeviceCookies({ secret: 'b'.repeat(32), secure: true });
    expect(otherSecret.read(`${name}=${value}`, 'x@test.example')).toBeNull();
    const later = createDeviceCookies({
      secret: 'a'.repeat(32),
      secure: true,
      now: () => Date.now() + (DEVICE_COOKIE_MAX_AGE_SECONDS + 60) * 1000,
    });
    expect(later.read(`${name}=${value}`, 'x@test.example')).toBeNull();
  });
});
