/**
 * What every bench builds its app with: mail and images in memory, demo mode, and rate limits no
 * load reaches, so what is measured is the work, not the refusals.
 */
import type { AppDeps } from '../src/app';
import { TEST_AUTH_SECRET } from '../src/config/env';
import type { DatabaseHandle } from '../src/db/client';
import { createMemoryMailer } from '../src/mail/mailer';
import { createMemoryBlobStorage } from '../src/modules/images/blob-storage';

/** The origin a bench's sign-in sends: the app's own public URL. */
export const BENCH_PUBLIC_URL = 'http://127.0.0.1';

export function benchAppDeps(database: DatabaseHandle): AppDeps {
  return {
    database,
    mailer: createMemoryMailer(),
    authSecret: TEST_AUTH_SECRET,
    publicUrl: BENCH_PUBLIC_URL,
    supportEmail: 'support@matchwerk.example',
    demoMailbox: true,
    blobStorage: createMemoryBlobStorage(),
    rateLimits: { maxPerIp: 1_000_000, defaultMaxPerIp: 1_000_000, chatMessagesPerMinute: 1_000_000 },
    // BENCH_RESPONSE_CACHE_MB=0 turns the kept answers off, to measure what a read costs without them (ADR 0107).
    ...(process.env.BENCH_RESPONSE_CACHE_MB === undefined
      ? {}
      : { responseCacheBytes: Number(process.env.BENCH_RESPONSE_CACHE_MB) * 1024 * 1024 }),
  };
}
