// @database-sensitive: pg-boss's own schema and SQL
/** pg-boss 10 on the embedded PGlite through the executeSql adapter (and on PostgreSQL with TEST_DATABASE_URL). */
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { createDatabaseFromTemplate, databaseUrlFor, dropDatabase, withAdminClient } from '../testing/template';
import { createBoss } from './boss';
import { createQueuedNotificationEvents, QUEUES } from './notification-jobs';

interface Target {
  name: string;
  open(): Promise<{ handle: DatabaseHandle; url?: string; dispose(): Promise<void> }>;
}

const targets: Target[] = [
  {
    name: 'PGlite',
    async open() {
      const handle = await openDatabase({ kind: 'pglite' });
      return { handle, dispose: () => handle.close() };
    },
  },
];
const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  targets.push({
    name: 'PostgreSQL',
    async open() {
      await withAdminClient(serverUrl, (client) => client.query('select 1'));
      const name = await createDatabaseFromTemplate(serverUrl, 'template1');
      const url = databaseUrlFor(serverUrl, name);
      const handle = await openDatabase({ kind: 'pg', url });
      return {
        handle,
        url,
        async dispose() {
          await handle.close();
          await dropDatabase(serverUrl, name);
        },
      };
    },
  });
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.each(targets)('pg-boss on $name', (target) => {
  it('installs its schema, takes jobs and hands them to a worker; a burst for one organisation is one job', async () => {
    const opened = await target.open();
    const { handle, url } = opened;
    cleanups.push(() => opened.dispose());
    const boss = createBoss({ database: handle, databaseUrl: url });
    await boss.start();
    cleanups.push(() => boss.stop({ graceful: false, wait: true }));

    await boss.createQueue(QUEUES.immediate, { name: QUEUES.immediate, policy: 'short' });
    const events = createQueuedNotificationEvents(boss);
    await events.matchingCreated('org-1', new Date());
    await events.applicantMessage('org-1', new Date());
    await events.applicantMessage('org-2', new Date());
    // Delayed jobs: fetch ignoring startAfter to see what is queued.
    const queued = await boss.fetch<{ organizationId: string }>(QUEUES.immediate, {
      batchSize: 10,
      ignoreStartAfter: true,
    });
    expect(queued.map((job) => job.data.organizationId).sort()).toEqual(['org-1', 'org-2']);
    await boss.complete(
      QUEUES.immediate,
      queued.map((job) => job.id),
    );

    await boss.createQueue('test-echo', { name: 'test-echo' });
    const done = new Promise<string>((resolve) => {
      void boss.work<{ text: string }>('test-echo', { pollingIntervalSeconds: 0.5 }, (jobs) => {
        resolve(jobs[0]!.data.text);
        return Promise.resolve();
      });
    });
    await boss.send('test-echo', { text: 'Hallo' });
    expect(await done).toBe('Hallo');
  });
});
