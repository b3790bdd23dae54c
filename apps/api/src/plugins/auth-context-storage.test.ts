import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';
import { describe, expect, it } from 'vitest';
import { ACTOR_EMAILS, cookieHeader, signIn } from '../testing/actors';
import { createTestApp, TEST_ORIGIN } from '../testing/test-app';
import {
  letAuthContextSleep,
  sleepBetweenRuns,
  sleepsBetweenRuns,
  STORAGE_USES_ASYNC_HOOKS,
} from './auth-context-storage';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * A resource made inside a run keeps that run's store while the storage is enabled. Once the
 * storage sleeps, nothing outside a run sees a store, not even from such a resource.
 */
function storeSeenLaterFrom(resource: AsyncResource, storage: AsyncLocalStorage<string>) {
  return resource.runInAsyncScope(() => storage.getStore());
}

describe('a storage that sleeps between runs', () => {
  it('keeps each pending run its own store and sleeps once the last one settles', async () => {
    const storage = new AsyncLocalStorage<string>();
    sleepBetweenRuns(storage);
    const slow = deferred();
    const seen: (string | undefined)[] = [];
    let leftBehind!: AsyncResource;
    const first = storage.run('erster', async () => {
      leftBehind = new AsyncResource('left-behind');
      await slow.promise;
      seen.push(storage.getStore());
      return 'eins';
    });
    const second = await storage.run('zweiter', async () => {
      await Promise.resolve();
      return storage.getStore();
    });
    // The second run settled while the first is pending: the first keeps its store.
    expect(second).toBe('zweiter');
    expect(storeSeenLaterFrom(leftBehind, storage)).toBe('erster');
    slow.resolve();
    expect(await first).toBe('eins');
    expect(seen).toEqual(['erster']);
    expect(storeSeenLaterFrom(leftBehind, storage)).toBe(STORAGE_USES_ASYNC_HOOKS ? undefined : 'erster');
  });

  it('counts a run that throws or rejects as settled and passes the error on', async () => {
    const storage = new AsyncLocalStorage<string>();
    sleepBetweenRuns(storage);
    expect(() =>
      storage.run('a', () => {
        throw new Error('sofort');
      }),
    ).toThrow('sofort');
    await expect(storage.run('b', async () => Promise.reject(new Error('später')))).rejects.toThrow('später');
    let leftBehind!: AsyncResource;
    storage.run('c', () => {
      leftBehind = new AsyncResource('left-behind');
    });
    expect(storeSeenLaterFrom(leftBehind, storage)).toBe(STORAGE_USES_ASYNC_HOOKS ? undefined : 'c');
  });

  it('passes extra arguments and plain return values through', () => {
    const storage = new AsyncLocalStorage<string>();
    sleepBetweenRuns(storage);
    const sum = storage.run('x', (a: number, b: number) => `${storage.getStore()}${a + b}`, 2, 3);
    expect(sum).toBe('x5');
  });
});

describe('better-auth’s context storages', () => {
  it('sleep between runs where AsyncLocalStorage is built on async_hooks', async () => {
    await letAuthContextSleep();
    const storages = await Promise.all([
      getCurrentAuthContextAsyncLocalStorage(),
      getRequestStateAsyncLocalStorage(),
      getCurrentDBAdapterAsyncLocalStorage(),
    ]);
    for (const storage of storages) {
      expect(sleepsBetweenRuns(storage as AsyncLocalStorage<unknown>)).toBe(STORAGE_USES_ASYNC_HOOKS);
    }
  });
});

describe('the app’s better-auth with sleeping storages', () => {
  it('signs in and out, and leaves no auth work running after a request (no background task handler)', async () => {
    const testApp = await createTestApp();
    try {
      // Without a handler, better-auth awaits its "background" work inside its runs (ADR 0071).
      expect(Object.keys(testApp.auth.options.advanced)).not.toContain('backgroundTasks');
      const signedIn = await signIn(testApp, ACTOR_EMAILS.organisationOwn);
      expect(signedIn.statusCode).toBe(200);
      const cookie = cookieHeader(signedIn);
      const session = await testApp.app.inject({ method: 'GET', url: '/rest/auth/get-session', headers: { cookie } });
      expect(session.json<{ user: { email: string } }>().user.email).toBe(ACTOR_EMAILS.organisationOwn);
      const signedOut = await testApp.app.inject({
        method: 'POST',
        url: '/rest/auth/sign-out',
        headers: { cookie, origin: TEST_ORIGIN },
      });
      expect(signedOut.statusCode).toBe(200);
      const after = await testApp.app.inject({ method: 'GET', url: '/rest/users/current-user', headers: { cookie } });
      expect(after.statusCode).toBe(401);
    } finally {
      await testApp.close();
    }
  });
});
