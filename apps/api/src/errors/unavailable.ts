/**
 * A dependency that does not answer is not an internal error (issue 49 item 3, ADR 0106): the
 * database (restart, failover, pool exhausted) → 503 DATABASE_UNAVAILABLE, the image store →
 * 503 IMAGE_STORAGE_UNAVAILABLE, each with a German message and `Retry-After`, so clients and
 * users know to try again instead of reading "interner Fehler".
 */
import type { BlobStorage } from '../modules/images/blob-storage';
import { AppError } from './app-error';

/** Seconds a client should wait before it tries again. */
export const DATABASE_RETRY_AFTER_SECONDS = 30;
export const IMAGE_STORAGE_RETRY_AFTER_SECONDS = 120;

/** Socket errors of a connection that cannot be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * PostgreSQL SQLSTATEs that mean "the server cannot serve now", not "your statement is wrong":
 * class 08 (connection exception), 57P01–57P03 (shutting down, cannot connect now), 53300 (too
 * many connections).
 */
function isUnavailableSqlState(code: string): boolean {
  return /^08[0-9A-Z]{3}$/.test(code) || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';
}

/** Messages of node-postgres (pg, pg-pool) for a lost or impossible connection. */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
  'Client was closed and is not queryable',
];

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = error;
  while (current && typeof current === 'object' && chain.length < 8) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/** Whether the error (or one of its causes) says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some((item) => {
    // Errors of the AWS SDK carry $metadata: those are the image store's.
    if (typeof item !== 'object' || item === null || '$metadata' in item) return false;
    const { code, message } = item as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableSqlState(code))) return true;
    return typeof message === 'string' && PG_CONNECTION_MESSAGES.some((text) => message.includes(text));
  });
}

export function databaseUnavailable(cause?: unknown): AppError {
  return new AppError('DATABASE_UNAVAILABLE', {
    headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
    cause,
  });
}

export function imageStorageUnavailable(cause?: unknown): AppError {
  return new AppError('IMAGE_STORAGE_UNAVAILABLE', {
    headers: { 'retry-after': String(IMAGE_STORAGE_RETRY_AFTER_SECONDS) },
    cause,
  });
}

/**
 * The image store with its failures as IMAGE_STORAGE_UNAVAILABLE: a file that is not there is
 * still `null` (storage answers that itself); anything the store throws means it could not answer.
 */
export function guardBlobStorage(storage: BlobStorage): BlobStorage {
  const guarded = async <T>(operation: () => Promise<T>): Promise<T> => {
    try {
      return await operation();
    } catch (error) {
      // A malformed key is a bug of ours, not an outage.
      if (error instanceof Error && error.message.startsWith('invalid storage key')) throw error;
      throw imageStorageUnavailable(error);
    }
  };
  return {
    put: (key, data, contentType) => guarded(() => storage.put(key, data, contentType)),
    get: (key) => guarded(() => storage.get(key)),
    delete: (keys) => guarded(() => storage.delete(keys)),
  };
}
