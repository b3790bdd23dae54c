/**
 * Graceful shutdown keeps every job a finished request queued (issue 49 item 4): SIGTERM arrives
 * while a request is in flight; the request finishes, queues its job and answers 200; only then
 * does pg-boss stop; the job is in the queue for the next process's worker.
 * Real pg-boss on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/client';
import { createBoss, type Boss } from './jobs/boss';
import { createShutdown } from './server-shutdown';
import { startDraining } from './http/drain';
import { createTestApp, type TestApp } from './testing/test-app';

const QUEUE = 'shutdown-test';

let testApp: TestApp;
let boss: Boss;
let database: DatabaseHandle;
let databaseUrl: string | undefined;
let answered = 0;
let started = 0;

beforeAll(async () => {
  testApp = await createTestApp({
    appMailer: async ({ capture, database: handle, databaseUrl: url }) => {
      database = handle;
      databaseUrl = url;
      boss = createBoss({ database, databaseUrl });
      await boss.start();
      await boss.createQueue(QUEUE);
      return capture;
    },
    beforeReady: (app) => {
      // A write that takes a while and queues its follow-up job at the end, like a notification.
      app.post('/rest/test/slow-write', { schema: { hide: true } }, async () => {
        started++;
        await new Promise((resolve) => setTimeout(resolve, 400));
        const id = await boss.send(QUEUE, { note: 'queued by a request in flight' });
        answered++;
        return { id };
      });
    },
  });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

describe('graceful shutdown', () => {
  it('drains the request in flight before pg-boss stops; its job stays queued for the next process', async () => {
    const { port } = testApp.app.server.address() as AddressInfo;
    const inFlight = fetch(`http://127.0.0.1:${port}/rest/test/slow-write`, {
      method: 'POST',
      headers: { origin: 'http://localhost:3000' },
    });
    // SIGTERM comes while the request is being worked on.
    await expect.poll(() => started, { interval: 10 }).toBe(1);
    const exits: number[] = [];
    const order: string[] = [];
    const shutdown = createShutdown({
      app: {
        server: testApp.app.server,
        close: async () => {
          await testApp.app.close();
          order.push('http closed');
        },
      },
      drainMs: 0,
      startDraining,
      stopJobs: async () => {
        await boss.stop({ graceful: true, wait: true, timeout: 5000 });
        order.push('jobs stopped');
      },
      closers: [() => void order.push('clients closed')],
      log: { info: () => undefined, error: () => undefined },
      exit: (code) => void exits.push(code),
    });
    const stopping = shutdown('SIGTERM');

    const response = await inFlight;
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    await stopping;
    expect(order).toEqual(['http closed', 'jobs stopped', 'clients closed']);
    expect(exits).toEqual([0]);
    expect(answered).toBe(1);
    // The port is closed: new connections are refused (the balancer sends them elsewhere).
    expect(testApp.app.server.listening).toBe(false);

    // The job is in the queue, waiting for the next process's worker (pg-boss hands it out from here).
    // The handle's result type is driver-generic; both drivers answer with `rows`.
    const result = (await database.db.execute(
      sql`select state, data from pgboss.job where name = ${QUEUE} and id = ${id}::uuid`,
    )) as { rows: Array<{ state: string; data: unknown }> };
    expect(result.rows).toEqual([{ state: 'created', data: { note: 'queued by a request in flight' } }]);
  });
});
