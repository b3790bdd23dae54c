import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { presentedSessionCredential, readSessionToken, verifiedSessionToken } from './session-token';

const secret = 'test-secret-test-secret-test-secret';
const cookieName = 'matchwerk.session_token';
const sign = (token: string) => `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

describe('readSessionToken', () => {
  it('reads a signed, URL-encoded cookie', () => {
    expect(
      readSessionToken({ cookie: `a=b; ${cookieName}=${encodeURIComponent(sign('tok123'))}` }, { secret, cookieName }),
    ).toBe('tok123');
  });
  it('refuses a cookie with a wrong signature', () => {
    expect(
      readSessionToken(
        { cookie: `${cookieName}=${encodeURIComponent(sign('tok123')).replace('tok123', 'tok999')}` },
        { secret, cookieName },
      ),
    ).toBeNull();
    expect(readSessionToken({ cookie: `${cookieName}=tok123` }, { secret, cookieName })).toBeNull();
  });
  it('takes a raw or signed Bearer token, and Bearer before the cookie', () => {
    expect(readSessionToken({ authorization: 'Bearer raw-token' }, { secret, cookieName })).toBe('raw-token');
    expect(
      readSessionToken(
        { authorization: `bearer ${sign('signed')}`, cookie: `${cookieName}=${encodeURIComponent(sign('other'))}` },
        { secret, cookieName },
      ),
    ).toBe('signed');
    expect(readSessionToken({ authorization: `Bearer ${sign('signed')}x` }, { secret, cookieName })).toBeNull();
  });
});

describe('presentedSessionCredential / verifiedSessionToken', () => {
  it('keeps what was presented (kind and value, unverified) apart from what it proves', () => {
    const cookie = `${cookieName}=${encodeURIComponent(sign('tok123'))}`;
    expect(presentedSessionCredential({ cookie }, cookieName)).toBe(`c:${sign('tok123')}`);
    expect(presentedSessionCredential({ authorization: 'Bearer raw-token', cookie }, cookieName)).toBe('b:raw-token');
    expect(presentedSessionCredential({ cookie: 'other=1' }, cookieName)).toBeNull();
    expect(verifiedSessionToken(`c:${sign('tok123')}`, secret)).toBe('tok123');
    expect(verifiedSessionToken('b:raw-token', secret)).toBe('raw-token');
    // A raw token is accepted as Bearer only, never as the cookie (which is always signed).
    expect(verifiedSessionToken('c:raw-token', secret)).toBeNull();
    expect(verifiedSessionToken(`b:${sign('tok123')}x`, secret)).toBeNull();
  });
});
