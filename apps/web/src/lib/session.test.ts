import { API_PATHS, EARLY_SESSION_GLOBAL } from '@matchwerk/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeUser } from '../testing/fake-user';
import { recordRequests, serveApi, sessionHandlers } from '../testing/api-server';
import type { EarlySession } from './early-session';
import { fetchCurrentUser, sessionProbeSchema } from './session';

describe('sessionProbeSchema (checked without zod)', () => {
  it('accepts a signed-out answer (null) and a session with an id', () => {
    expect(sessionProbeSchema.safeParse(null)).toEqual({ success: true, data: null });
    expect(sessionProbeSchema.safeParse({ session: { id: 's1', token: 'x' }, user: {} })).toEqual({
      success: true,
      data: { session: { id: 's1' } },
    });
  });

  it('refuses anything else', () => {
    for (const answer of [undefined, {}, { session: null }, { session: { id: 1 } }, 'session']) {
      expect(sessionProbeSchema.safeParse(answer).success).toBe(false);
    }
  });
});

describe('fetchCurrentUser with the answer index.html asked for early (ADR 0062)', () => {
  const leaveEarly = (early: EarlySession) => {
    (window as unknown as Record<string, unknown>)[EARLY_SESSION_GLOBAL] = Promise.resolve(early);
  };
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>)[EARLY_SESSION_GLOBAL];
  });

  it('takes a signed-in answer without asking again, and only once', async () => {
    const user = fakeUser({ name: 'Früh Geladen' });
    serveApi(...sessionHandlers(fakeUser({ name: 'Später Gefragt' })));
    const requests = recordRequests();
    leaveEarly(Response.json(user));
    expect(await fetchCurrentUser()).toMatchObject({ name: 'Früh Geladen' });
    expect(requests).toEqual([]);
    // A later query (e.g. after signing in again) asks the server.
    expect(await fetchCurrentUser()).toMatchObject({ name: 'Später Gefragt' });
    expect(requests.map((request) => request.path)).toEqual([API_PATHS.getSession, API_PATHS.currentUser]);
  });

  it('takes a signed-out answer without asking', async () => {
    const requests = recordRequests();
    leaveEarly(null);
    expect(await fetchCurrentUser()).toBeNull();
    expect(requests).toEqual([]);
  });

  it('treats an early 401 (session ended in between) as signed out', async () => {
    leaveEarly(Response.json({ code: 'UNAUTHORIZED', message: 'Bitte melden Sie sich an.' }, { status: 401 }));
    expect(await fetchCurrentUser()).toBeNull();
  });

  it('asks itself when the early answer is not known', async () => {
    serveApi(...sessionHandlers(fakeUser({ name: 'Selbst Gefragt' })));
    leaveEarly(undefined);
    expect(await fetchCurrentUser()).toMatchObject({ name: 'Selbst Gefragt' });
  });
});
