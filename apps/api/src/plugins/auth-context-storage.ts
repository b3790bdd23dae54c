/**
 * better-auth keeps its request context in three AsyncLocalStorage instances (the endpoint, the
 * request state, the database adapter). On Node before 24, AsyncLocalStorage is built on
 * async_hooks: once one instance has run, every promise and tick of the whole process pays for
 * propagating stores, also the requests that never touch better-auth. That was about a quarter of
 * what `/rest/health` and a cached read cost (ADR 0071). Here each instance is switched off
 * whenever none of its runs is in flight, and switched on again by its next run.
 *
 * Within a run nothing changes: Node's `run` enables the storage itself, and a store is only
 * dropped once no run of that instance is pending, when no code of better-auth is awaiting it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';

/**
 * True where AsyncLocalStorage propagates through async_hooks (Node 20 and 22). Node 24 builds it
 * on AsyncContextFrame, which costs nothing between runs; its `disable` would only clear the
 * caller's frame, so there is nothing to gain and the storages are left as they are. The
 * async_hooks implementation is the one with an `_enable` method (lib/internal/async_local_storage).
 */
export const STORAGE_USES_ASYNC_HOOKS =
  typeof (AsyncLocalStorage.prototype as { _enable?: unknown })._enable === 'function';

type Callback = (...args: unknown[]) => unknown;

const sleeping = new WeakSet<AsyncLocalStorage<unknown>>();

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/**
 * From now on `storage` is disabled whenever its last pending run settles. A run returning a
 * promise counts as pending until the promise settles; the caller gets a promise that settles the
 * same way, after the count has dropped.
 */
export function sleepBetweenRuns(storage: AsyncLocalStorage<unknown>): void {
  if (sleeping.has(storage)) return;
  sleeping.add(storage);
  const run: (store: unknown, callback: Callback, ...args: unknown[]) => unknown = storage.run.bind(storage);
  let pending = 0;
  const settle = () => {
    pending -= 1;
    if (pending === 0) storage.disable();
  };
  const countedRun = (store: unknown, callback: Callback, ...args: unknown[]): unknown => {
    pending += 1;
    let result: unknown;
    try {
      result = run(store, callback, ...args);
    } catch (error) {
      settle();
      throw error;
    }
    if (!isThenable(result)) {
      settle();
      return result;
    }
    return Promise.resolve(result).finally(settle);
  };
  storage.run = countedRun;
  storage.disable();
}

/** Lets better-auth's three storages sleep between its runs (a no-op where they cost nothing). */
export async function letAuthContextSleep(): Promise<void> {
  if (!STORAGE_USES_ASYNC_HOOKS) return;
  const storages = await Promise.all([
    getCurrentAuthContextAsyncLocalStorage(),
    getRequestStateAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
  ]);
  for (const storage of storages) sleepBetweenRuns(storage as AsyncLocalStorage<unknown>);
}

/** Whether `storage` is under `sleepBetweenRuns` (for the tests that hold better-auth to it). */
export function sleepsBetweenRuns(storage: AsyncLocalStorage<unknown>): boolean {
  return sleeping.has(storage);
}
