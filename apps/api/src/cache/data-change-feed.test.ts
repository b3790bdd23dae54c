// @database-sensitive: LISTEN/NOTIFY and migration 0021's triggers
/**
 * The change feed (ADR 0065, 0092) on a real database: notifications raise the notified
 * organisation's data version, "*" and a failed raise drop everything kept, and `settled()` —
 * which the response cache's event subscriber makes every write's answer wait for — resolves only
 * once every earlier commit's notifications have raised their versions.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { openTestDatabase } from '../testing/test-app';
import { DATA_CHANGE_CHANNEL, startDataChangeFeed, type DataChangeFeed } from './data-change-feed';
import {
  candidateDataKey,
  createMemoryDataVersionStore,
  organizationDataKey,
  POSTINGS_DATA_KEY,
  type DataVersionStore,
} from './data-versions';

let handle: DatabaseHandle;
let dispose: () => Promise<void>;
let feed: DataChangeFeed;
const store = createMemoryDataVersionStore();
/** Runs before each raise: a test holds raises back or makes them fail here. */
let beforeRaise: (key: string) => Promise<void> = () => Promise.resolve();
const raised: string[] = [];
const versions: DataVersionStore = {
  current: (key) => store.current(key),
  async bump(key) {
    await beforeRaise(key);
    raised.push(key);
    await store.bump(key);
  },
  close: () => store.close(),
};
let clears = 0;
const logged: string[] = [];
let organizationIds: [string, string];

beforeAll(async () => {
  ({ handle, dispose } = await openTestDatabase());
  feed = await startDataChangeFeed({
    database: handle,
    versions,
    onEverything: () => (clears += 1),
    log: pino({ level: 'warn' }, { write: (line: string) => logged.push(line) }),
  });
  await vi.waitFor(() => expect(feed.listener.listening).toBe(true));
  const rows = (await handle.db.execute(sql`select id from organizations order by id limit 2`)) as {
    rows: { id: string }[];
  };
  const [first, second] = rows.rows;
  if (!first || !second) throw new Error('the demo data lacks two organisations');
  organizationIds = [first.id, second.id];
});
afterAll(async () => {
  await feed?.listener.close();
  await handle?.close();
  await dispose?.();
});

beforeEach(async () => {
  beforeRaise = () => Promise.resolve();
  // Nothing of the case before may arrive during this one.
  await feed.settled();
  raised.length = 0;
  logged.length = 0;
  clears = 0;
});

const versionOf = async (organizationId: string) => versions.current(organizationDataKey(organizationId));

/** A write the triggers notify: the organisation's row, unchanged. */
const touch = (organizationId: string) =>
  handle.db.execute(sql`update organizations set name = name where id = ${organizationId}`);

describe('data change feed', () => {
  it('raises the notified organisation’s version, and no other', async () => {
    const [changed, other] = organizationIds;
    const [before, otherBefore] = [await versionOf(changed), await versionOf(other)];
    await touch(changed);
    await feed.settled();
    expect(await versionOf(changed)).toBeGreaterThan(before);
    expect(await versionOf(other)).toBe(otherBefore);
    expect(raised).toEqual([organizationDataKey(changed)]);
    expect(clears).toBe(0);
  });

  it('raises the postings’ version for a posting or a card’s organisation change, not for a sign-in (migration 0030)', async () => {
    const [organizationId] = organizationIds;
    await handle.db.execute(sql`update vacancies set title = title where organization_id = ${organizationId}`);
    await feed.settled();
    expect(raised).toContain(POSTINGS_DATA_KEY);
    raised.length = 0;
    await handle.db.execute(sql`update organizations set last_sign_in_at = now() where id = ${organizationId}`);
    await feed.settled();
    expect(raised).toEqual([organizationDataKey(organizationId)]);
    raised.length = 0;
    await handle.db.execute(sql`update organizations set name = name || ' ' where id = ${organizationId}`);
    await handle.db.execute(sql`update organizations set name = trim(name) where id = ${organizationId}`);
    await feed.settled();
    expect(raised).toContain(POSTINGS_DATA_KEY);
  });

  it('raises a candidate’s version for their dismissals, and only theirs (migration 0030)', async () => {
    const rows = (await handle.db.execute(
      sql`select u.id as user_id, (select v.id from vacancies v limit 1) as vacancy_id from users u where u.type = 'APPLICANT' order by u.id limit 1`,
    )) as { rows: { user_id: string; vacancy_id: string }[] };
    const [row] = rows.rows;
    if (!row) throw new Error('the demo data lacks a candidate');
    const remove = () =>
      handle.db.execute(
        sql`delete from applicant_dismissals where applicant_id = ${row.user_id} and vacancy_id = ${row.vacancy_id}`,
      );
    await remove();
    await feed.settled();
    raised.length = 0;
    await handle.db.execute(
      sql`insert into applicant_dismissals (applicant_id, vacancy_id) values (${row.user_id}, ${row.vacancy_id})`,
    );
    await remove();
    await feed.settled();
    expect(raised).toEqual([candidateDataKey(row.user_id), candidateDataKey(row.user_id)]);
    expect(clears).toBe(0);
  });

  it('drops everything on "*" and raises nothing', async () => {
    await handle.db.execute(sql`select pg_notify(${DATA_CHANGE_CHANNEL}, '*')`);
    await feed.settled();
    expect(clears).toBe(1);
    expect(raised).toEqual([]);
  });

  it('ignores the sync markers of other processes', async () => {
    await handle.db.execute(sql`select pg_notify(${DATA_CHANGE_CHANNEL}, 'sync:4711:1:elsewhere')`);
    await feed.settled();
    expect(raised).toEqual([]);
    expect(clears).toBe(0);
  });

  it('settles only after every earlier commit’s notification has raised its version', async () => {
    const [first, second] = organizationIds;
    const before = [await versionOf(first), await versionOf(second)];
    // Raises are held until released: settled() must wait for them, not just for its marker.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    beforeRaise = () => held;
    await touch(first);
    await touch(second);
    let settled = false;
    const settling = feed.settled().then(() => (settled = true));
    // Wait past the marker's arrival: both notifications are being raised, neither has finished.
    await handle.db.execute(sql`select 1`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    release();
    await settling;
    expect(await versionOf(first)).toBeGreaterThan(before[0]!);
    expect(await versionOf(second)).toBeGreaterThan(before[1]!);
  });

  it('raises a change no trigger notifies at once (the hot writes)', async () => {
    const [organizationId] = organizationIds;
    const before = await versionOf(organizationId);
    await feed.organizationChanged(organizationId);
    expect(await versionOf(organizationId)).toBeGreaterThan(before);
    expect(clears).toBe(0);
  });

  it('drops everything when a raise fails, notified or not', async () => {
    beforeRaise = () => Promise.reject(new Error('Redis weg'));
    await touch(organizationIds[0]);
    await feed.settled();
    expect(clears).toBe(1);
    await feed.organizationChanged(organizationIds[1]);
    expect(clears).toBe(2);
    expect(logged.join('\n')).toContain('data version not raised after a change');
  });
});

// Last: the listener stays closed.
describe('without the listener', () => {
  it('settles at once: nothing is served from memory meanwhile, so nobody needs to wait', async () => {
    await feed.listener.close();
    const send = vi.spyOn(handle.db, 'execute');
    try {
      await feed.settled();
      expect(send).not.toHaveBeenCalled();
    } finally {
      send.mockRestore();
    }
  });
});
