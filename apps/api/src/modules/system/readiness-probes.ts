/**
 * The probes GET /rest/ready reports (issue 49 item 2): how Redis, the image store and the mail
 * queue are doing. Each is quick (the readiness answer bounds it by a second) and never throws.
 */
import type { DependencyState } from '@matchwerk/shared';

/** Redis as the stores using it see it: degraded as soon as one of them falls back. */
export function redisProbe(stores: ReadonlyArray<{ health(): 'ok' | 'degraded' } | undefined>) {
  const present = stores.filter((store) => store !== undefined);
  return (): DependencyState =>
    present.length === 0 ? 'off' : present.some((store) => store.health() === 'degraded') ? 'degraded' : 'ok';
}

/** The S3 bucket answers a HEAD request (cached for two seconds: balancers poll often). */
export function objectStoreProbe(storage: { checkBucket(): Promise<void> }, now: () => number = Date.now) {
  let last: { at: number; state: DependencyState } | null = null;
  return async (): Promise<DependencyState> => {
    if (last && now() - last.at < 2000) return last.state;
    const state = await storage.checkBucket().then(
      (): DependencyState => 'ok',
      (): DependencyState => 'degraded',
    );
    last = { at: now(), state };
    return state;
  };
}
