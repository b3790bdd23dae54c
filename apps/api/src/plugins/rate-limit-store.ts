/**
 * Counters for rate limits, owned by one app instance (never module-level), built on
 * rate-limiter-flexible: in memory, or in Redis when REDIS_URL is set so several API processes
 * share them. better-auth uses the same store through `rateLimit.customStorage`.
 */
import { closeRedis, createResilientRedis, type RedisState } from './redis-resilience';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface RateLimitRule {
  /** Window in seconds. */
  window: number;
  max: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the window frees up (when not allowed). */
  retryAfter: number | null;
}

export interface LimiterOptions {
  /** Names the counters (key prefix); limiters of one name share them. */
  name: string;
  points: number;
  /** Seconds until a key's points reset (counted from its first point). */
  duration: number;
}

export interface RateLimitStore {
  /** A rate-limiter-flexible limiter over this store; the same options give the same instance. */
  limiter(options: LimiterOptions): RateLimiterAbstract;
  /** Counts one request against `key` and says whether it is within the rule (better-auth's customStorage shape). */
  consume(key: string, rule: RateLimitRule): Promise<RateLimitDecision>;
  close(): Promise<void>;
}

export function secondsUntil(res: { msBeforeNext: number }): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/**
 * rate-limiter-flexible rejects with a RateLimiterRes when the points are used up and with an
 * Error when the store fails; only the first is a decision.
 */
export async function consumeOrRefuse(limiter: RateLimiterAbstract, key: string): Promise<RateLimitDecision> {
  try {
    await limiter.consume(key);
    return { allowed: true, retryAfter: null };
  } catch (error) {
    if (error instanceof RateLimiterRes) return { allowed: false, retryAfter: secondsUntil(error) };
    throw error;
  }
}

function createStore(
  build: (options: LimiterOptions) => RateLimiterAbstract,
  close: () => Promise<void>,
): RateLimitStore {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiter = (options: LimiterOptions) => {
    const id = `${options.name}|${options.points}|${options.duration}`;
    let existing = limiters.get(id);
    if (!existing) {
      existing = build(options);
      limiters.set(id, existing);
    }
    return existing;
  };
  return {
    limiter,
    consume: (key, rule) =>
      consumeOrRefuse(
        limiter({ name: `rule:${rule.window}:${rule.max}`, points: rule.max, duration: rule.window }),
        key,
      ),
    close: async () => {
      limiters.clear();
      await close();
    },
  };
}

export function createMemoryRateLimitStore(): RateLimitStore {
  return createStore(
    ({ name, points, duration }) => new RateLimiterMemory({ keyPrefix: name, points, duration }),
    () => Promise.resolve(),
  );
}

export function createRedisRateLimitStore(
  url: string,
  prefix = 'matchwerk:rl:',
  onError?: (error: Error) => void,
): RateLimitStore & { health(): RedisState } {
  // Short timeouts and no offline queue (ADR 0105): while Redis is down a command fails at once and
  // the insurance limiter below counts in this process instead.
  const { client: redis, breaker } = createResilientRedis(url, { onError });
  const store = createStore(
    ({ name, points, duration }) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: prefix + name,
        points,
        duration,
        // While Redis is unreachable, this process keeps limiting on its own rather than failing requests.
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: prefix + name, points, duration }),
      }),
    async () => {
      await closeRedis(redis);
    },
  );
  return { ...store, health: () => breaker.state() };
}
