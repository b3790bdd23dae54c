// @database-sensitive: LISTEN/NOTIFY and reconnects
/**
 * The notification listener (ADR 0065): says when it listens, and on PostgreSQL comes back after
 * its connection was lost — with a new generation, since notifications sent meanwhile are lost.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../testing/test-app';
import type { DatabaseHandle } from './client';
import type { NotificationListener } from './notification-listener';

const CHANNEL = 'matchwerk_listener_test';
let handle: DatabaseHandle;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ handle, dispose } = await openTestDatabase());
});
afterAll(async () => {
  await handle?.close();
  await dispose?.();
});

function notify(payload: string) {
  return handle.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
}

describe('notification listener', () => {
  it('hands over what is notified while listening, and nothing after close', async () => {
    const received: string[] = [];
    const states: boolean[] = [];
    const listener = await handle.listen(CHANNEL, {
      onNotify: (payload) => received.push(payload),
      onState: (listening) => states.push(listening),
    });
    await vi.waitFor(() => expect(listener.listening).toBe(true));
    await notify('eins');
    await vi.waitFor(() => expect(received).toEqual(['eins']));
    const generation = listener.generation;
    await listener.close();
    expect(listener.listening).toBe(false);
    expect(listener.generation).toBeGreaterThan(generation);
    await notify('zwei');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual(['eins']);
    // An intended close is no loss: not reported as one.
    expect(states).toEqual([true]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL: goes down when its connection is lost and comes back with a new generation',
    async () => {
      const received: string[] = [];
      let listener: NotificationListener | undefined;
      try {
        listener = await handle.listen(CHANNEL, { onNotify: (payload) => received.push(payload) });
        await vi.waitFor(() => expect(listener?.listening).toBe(true));
        const generation = listener.generation;
        await handle.db.execute(sql`
          select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query like 'LISTEN%'`);
        await vi.waitFor(() => expect(listener?.generation).toBeGreaterThan(generation));
        await vi.waitFor(() => expect(listener?.listening).toBe(true), { timeout: 5000 });
        expect(listener.generation).toBeGreaterThanOrEqual(generation + 2);
        await notify('wieder da');
        await vi.waitFor(() => expect(received).toEqual(['wieder da']));
      } finally {
        await listener?.close();
      }
    },
  );
});
