/**
 * Sign-in lockout counters in PostgreSQL (table sign_in_counters, migration 0031; issue 49 item 1,
 * ADR 0109): in Redis a restart or a flush reset them, and 23 wrong passwords got through instead
 * of 10. Sign-in is not a hot path (the password hash alone costs far more than one upsert), so
 * the truth can sit in the database; the other limits keep their Redis/memory counters.
 *
 * rate-limiter-flexible's own Drizzle store does the work (atomic upsert, the same semantics as
 * its Redis store), on PGlite and node-postgres alike. Its cleanup timer is off: the daily
 * retention run deletes what expired (`deleteExpiredSignInCounters`), and a timer would outlive
 * a closed app in the tests.
 */
import { lte } from 'drizzle-orm';
import { RateLimiterDrizzle, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Database } from '../db/client';
import { signInCounters } from '../db/schema/account-security';
import type { LimiterOptions } from './rate-limit-store';

/** Limiters over sign_in_counters; the same options give the same instance. */
export function createDurableLimiters(db: Database): (options: LimiterOptions) => RateLimiterAbstract {
  const limiters = new Map<string, RateLimiterAbstract>();
  return (options) => {
    const id = `${options.name}|${options.points}|${options.duration}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterDrizzle({
        storeClient: db,
        schema: signInCounters,
        keyPrefix: options.name,
        points: options.points,
        duration: options.duration,
        clearExpiredByTimeout: false,
      });
      limiters.set(id, limiter);
    }
    return limiter;
  };
}

/** Removes counters whose window has passed (the daily retention run). */
export async function deleteExpiredSignInCounters(db: Database, now: Date): Promise<number> {
  const rows = await db
    .delete(signInCounters)
    .where(lte(signInCounters.expire, now))
    .returning({ key: signInCounters.key });
  return rows.length;
}
