import { describe, expect, it } from 'vitest';
import { exposesSessionToken, redactSessionTokens } from './session-answers';

describe('session answers without tokens', () => {
  it('removes the token from every listed session and from get-session', () => {
    const list = JSON.stringify([
      { id: 'a', token: 'secret-a', userId: 'u' },
      { id: 'b', token: 'secret-b', userId: 'u' },
    ]);
    expect(JSON.parse(redactSessionTokens('/list-sessions', list))).toEqual([
      { id: 'a', userId: 'u' },
      { id: 'b', userId: 'u' },
    ]);
    const current = JSON.stringify({
      session: { id: 'a', token: 'secret-a' },
      user: { id: 'u', email: 'x@example.org' },
    });
    expect(JSON.parse(redactSessionTokens('/get-session', current))).toEqual({
      session: { id: 'a' },
      user: { id: 'u', email: 'x@example.org' },
    });
  });

  it('leaves other answers, signed-out answers and non-JSON alone', () => {
    const signIn = JSON.stringify({ token: 'for-the-app', user: { id: 'u' } });
    expect(redactSessionTokens('/sign-in/email', signIn)).toBe(signIn);
    expect(redactSessionTokens('/get-session', 'null')).toBe('null');
    expect(redactSessionTokens('/list-sessions', 'kaputt')).toBe('kaputt');
    expect(redactSessionTokens('/list-sessions', '')).toBe('');
  });

  it('lets only sign-in expose the token header', () => {
    expect(exposesSessionToken('/sign-in/email')).toBe(true);
    for (const path of ['/get-session', '/verify-email', '/reset-password', '/sign-out'])
      expect(exposesSessionToken(path)).toBe(false);
  });
});
