// @database-sensitive: the database handle itself
import { afterAll, describe, expect, inject, it } from 'vitest';
import { databaseUrlFor, dropDatabase, randomDatabaseName, withAdminClient } from '../testing/template';
import { openDatabase } from './client';

const pgTemplate = inject('pgTemplate');

// Only PostgreSQL has several processes; the embedded database has one.
describe.runIf(pgTemplate)('migrations on PostgreSQL (TEST_DATABASE_URL)', () => {
  const serverUrl = pgTemplate?.url ?? '';
  const name = randomDatabaseName('mw_migrate');
  afterAll(() => dropDatabase(serverUrl, name));

  it('two processes starting together apply each migration once, the second waits for the first', async () => {
    await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
    const url = databaseUrlFor(serverUrl, name);
    const processes = [await openDatabase({ kind: 'pg', url }), await openDatabase({ kind: 'pg', url })];
    try {
      await Promise.all(processes.map((database) => database.migrate()));
      const applied = await withAdminClient(url, (client) =>
        client.query<{ count: number }>('SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations'),
      );
      const journal = await import('./migrations/meta/_journal.json', { with: { type: 'json' } });
      expect(applied.rows[0]!.count).toBe(journal.default.entries.length);
    } finally {
      await Promise.all(processes.map((database) => database.close()));
    }
  });
});
