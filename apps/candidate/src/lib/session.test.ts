import { API_PATHS, type CurrentUserConsent } from '@matchwerk/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentConsent, loadSession, refreshConsent, watchConsent } from './session';

const USER = { id: 'u14', email: 'bewerberin14@matchwerk.example', name: 'Lina' };
const PENDING: CurrentUserConsent = {
  status: 'PENDING',
  mayContact: false,
  blockedActions: ['INTEREST', 'CHAT'],
  message: 'Deine Eltern müssen noch zustimmen.',
};
const CONFIRMED: CurrentUserConsent = { status: 'CONFIRMED', mayContact: true, blockedActions: [], message: null };

/** A fake API: the session answer and a current-user answer whose consent the test changes. */
function fakeApi(consent: { current: CurrentUserConsent | undefined; fail?: boolean }) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string) => {
      calls.push(path);
      if (path === API_PATHS.getSession) return Promise.resolve(Response.json({ user: USER }));
      if (path !== API_PATHS.currentUser) return Promise.resolve(new Response(null, { status: 404 }));
      if (consent.fail) return Promise.reject(new TypeError('offline'));
      return Promise.resolve(Response.json({ id: USER.id, parentalConsent: consent.current }));
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the session with the parental consent', () => {
  it('loads the consent with the session, one request to the current user', async () => {
    const calls = fakeApi({ current: PENDING });
    await loadSession();
    expect(calls).toEqual([API_PATHS.getSession, API_PATHS.currentUser]);
    expect(currentConsent()).toEqual(PENDING);
  });

  it('refreshes it when the app comes back to the front, so a confirmation shows without signing in again', async () => {
    const consent = { current: PENDING as CurrentUserConsent | undefined };
    fakeApi(consent);
    await loadSession();
    const stop = watchConsent();
    consent.current = CONFIRMED;
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(currentConsent()).toEqual(CONFIRMED));
    stop();
  });

  it('keeps the last known consent when the refresh fails, and has none for users without one', async () => {
    const consent = { current: PENDING as CurrentUserConsent | undefined, fail: false };
    fakeApi(consent);
    await loadSession();
    consent.fail = true;
    await refreshConsent();
    expect(currentConsent()).toEqual(PENDING);
    consent.fail = false;
    consent.current = undefined;
    await refreshConsent();
    expect(currentConsent()).toBeNull();
  });
});
