// @database-sensitive: query plans and indexes
/**
 * Every sent message updates its chat row (last_message_seq, last_message_at). While no index of
 * `chats` holds those columns, the update is heap-only (HOT) and writes no index entry (ADR 0086).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/test-app';
import type { DatabaseHandle } from '../client';

let database: DatabaseHandle;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ handle: database, dispose } = await openTestDatabase());
});

afterAll(async () => {
  await database.close();
  await dispose();
});

it('keeps the columns a sent message updates out of every index of chats', async () => {
  // Both drivers answer raw SQL with `{ rows }`; the shared handle type cannot say so.
  const result: unknown = await database.db.execute(sql`
    select i.relname as index, a.attname as column
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_attribute a on a.attrelid = x.indrelid and a.attnum = any(x.indkey)
    where x.indrelid = 'chats'::regclass`);

  const indexed = (result as { rows: { index: string; column: string }[] }).rows.map((row) => row.column);
  expect(indexed).toContain('organization_id');
  expect(indexed).toContain('applicant_id');
  expect(indexed).not.toContain('last_message_at');
  expect(indexed).not.toContain('last_message_seq');
});
