/** What bench/load-generator.ts is asked to do and what it answers; shared with the benches that start it. */
export interface LoadJob {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  seconds: number;
  connections: number;
  /** Requests per second from all connections together (default: as fast as answered). */
  overallRate?: number;
  /** A file with one session token per line: each request carries the next one as Bearer (round-robin). */
  tokensFile?: string;
}

/**
 * In a body, replaced by a new random UUID in every request: a POST message with a fresh
 * clientMessageId each time stores a message instead of answering an idempotent retry.
 */
export const FRESH_UUID = '{{uuid}}';

export interface LoadResult {
  rps: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}
