/**
 * Keyset cursors for lists sorted newest first by (created_at, id) (ADR 0029). The cursor is the
 * last row's key, base64url-encoded so clients treat it as opaque. The time is PostgreSQL's own
 * text with microseconds (see `cursorTimeSql`): a JavaScript Date keeps milliseconds only, and a
 * key rounded to milliseconds would skip or repeat rows created within the same millisecond.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export interface TimeKey {
  /** UTC with microseconds, e.g. 2026-11-25T15:42:07.123456Z */
  at: string;
  id: string;
}

const AT = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Before every row: the first page uses the same prepared statement as the others. */
export const FIRST_PAGE_KEY: TimeKey = { at: 'infinity', id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' };

/** A column's timestamp as the cursor's text (UTC, microseconds). */
export function cursorTimeSql(column: AnyPgColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export function encodeTimeCursor(key: TimeKey): string {
  return Buffer.from(`${key.at}|${key.id}`, 'utf8').toString('base64url');
}

/** The key in a cursor, or null when it is not one of ours. */
export function decodeTimeCursor(cursor: string): TimeKey | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !at || !id || !AT.test(at) || !UUID.test(id)) return null;
  // Calendar check: 2026-02-31 matches the pattern, but PostgreSQL would refuse it with a 500.
  const time = new Date(at);
  if (Number.isNaN(time.getTime()) || time.toISOString().slice(0, 23) !== at.slice(0, 23)) return null;
  return { at, id };
}
