// @database-sensitive: migration 0021's triggers and LISTEN/NOTIFY
/**
 * Migration 0021 (ADR 0065): every write to a table whose rows an organisation's screens show
 * notifies exactly the organisations concerned on "matchwerk_data" — the response cache relies on
 * it to retire kept answers. The hot writes (chat messages, read marks, posting views) notify only
 * when deleted; the API raises the version after their other writes. Runs on the demo data, on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL (there through the listener's own connection).
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATA_CHANGE_CHANNEL } from '../cache/data-change-feed';
import { openTestDatabase } from '../testing/test-app';
import type { DatabaseHandle } from './client';
import type { NotificationListener } from './notification-listener';

let handle: DatabaseHandle;
let dispose: () => Promise<void>;
let feed: NotificationListener;
const received: string[] = [];
let markers = 0;

beforeAll(async () => {
  ({ handle, dispose } = await openTestDatabase());
  feed = await handle.listen(DATA_CHANGE_CHANNEL, { onNotify: (payload) => received.push(payload) });
  await vi.waitFor(() => expect(feed.listening).toBe(true));
});
afterAll(async () => {
  await feed?.close();
  await handle?.close();
  await dispose?.();
});

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await handle.db.execute(query)) as { rows: T[] }).rows;
}

async function one<T>(query: SQL): Promise<T> {
  const [row] = await rows<T>(query);
  if (!row) throw new Error('the demo data lacks a row this test needs');
  return row;
}

/** The organisations notified by the statement, in one transaction (the organisation payloads only); a marker sent after it says all have arrived. */
async function notifiedBy(...statements: SQL[]): Promise<string[]> {
  received.length = 0;
  await handle.db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(statement);
  });
  const marker = `marker-${++markers}`;
  await handle.db.execute(sql`select pg_notify(${DATA_CHANGE_CHANNEL}, ${marker})`);
  await vi.waitFor(() => expect(received).toContain(marker));
  // The candidate feed's payloads ('p', 'a:<candidate>', migration 0030) have their own test (data-change-feed).
  return received.filter((payload) => payload !== marker && payload !== 'p' && !payload.startsWith('a:')).sort();
}

/** The organisations a candidate is in contact with (matching or chat). */
async function contactsOf(applicantId: string): Promise<string[]> {
  const found = await rows<{ id: string }>(sql`
    select v.organization_id as id from matchings m join vacancies v on v.id = m.vacancy_id where m.applicant_id = ${applicantId}
    union select organization_id from chats where applicant_id = ${applicantId}`);
  return found.map((row) => row.id).sort();
}

describe('change notifications per table', () => {
  it('organisations and their postings notify the organisation', async () => {
    const { id, organization_id } = await one<{ id: string; organization_id: string }>(
      sql`select id, organization_id from vacancies limit 1`,
    );
    expect(await notifiedBy(sql`update organizations set name = name where id = ${organization_id}`)).toEqual([
      organization_id,
    ]);
    expect(await notifiedBy(sql`update vacancies set title = title || ' (neu)' where id = ${id}`)).toEqual([
      organization_id,
    ]);
  });

  it('a statement over many rows notifies each organisation once', async () => {
    const organizations = await rows<{ id: string }>(
      sql`select distinct organization_id as id from vacancies order by 1 limit 2`,
    );
    expect(organizations).toHaveLength(2);
    const ids = organizations.map((row) => row.id);
    expect(
      await notifiedBy(
        sql`update vacancies set title = title where organization_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
        sql`update vacancies set title = title where organization_id = ${ids[0]}`,
      ),
    ).toEqual(ids.sort());
  });

  it('posting photos, views and matchings notify the posting’s organisation', async () => {
    const photo = await one<{ id: string; organization_id: string }>(sql`
      select p.id, v.organization_id from photos p join vacancies v on v.id = p.vacancy_id limit 1`);
    expect(await notifiedBy(sql`update photos set position = position where id = ${photo.id}`)).toEqual([
      photo.organization_id,
    ]);

    const matching = await one<{ id: string; vacancy_id: string; applicant_id: string; organization_id: string }>(sql`
      select m.id, m.vacancy_id, m.applicant_id, v.organization_id from matchings m join vacancies v on v.id = m.vacancy_id limit 1`);
    expect(await notifiedBy(sql`update matchings set state = state where id = ${matching.id}`)).toEqual([
      matching.organization_id,
    ]);
    // A view is raised by the API that records it (organization-response-cache.routes.test.ts);
    // its deletion (account, retention) is notified.
    expect(
      await notifiedBy(
        sql`insert into vacancy_views (vacancy_id, applicant_id, day) values (${matching.vacancy_id}, ${matching.applicant_id}, '2026-01-02')`,
      ),
    ).toEqual([]);
    expect(
      await notifiedBy(
        sql`insert into matching_notes (matching_id, text) values (${matching.id}, 'Rückruf vereinbart')`,
      ),
    ).toEqual([matching.organization_id]);
    expect(
      await notifiedBy(
        sql`delete from vacancy_views where vacancy_id = ${matching.vacancy_id} and applicant_id = ${matching.applicant_id} and day = '2026-01-02'`,
      ),
    ).toEqual([matching.organization_id]);
  });

  it('chat messages and read marks notify when deleted; sending and reading are raised by the API', async () => {
    const chat = await one<{ id: string; organization_id: string; applicant_id: string }>(
      sql`select c.id, c.organization_id, c.applicant_id from chats c where exists (select 1 from messages where chat_id = c.id) limit 1`,
    );
    // The hot writes: no notification (organization-response-cache.routes.test.ts covers the API's own raise).
    expect(
      await notifiedBy(
        sql`update chats set last_message_at = last_message_at where id = ${chat.id}`,
        sql`update messages set text = text where chat_id = ${chat.id}`,
        sql`insert into chat_reads (chat_id, user_id, read_seq) values (${chat.id}, ${chat.applicant_id}, 1)
            on conflict (chat_id, user_id) do update set read_seq = excluded.read_seq`,
      ),
    ).toEqual([]);
    expect(
      await notifiedBy(
        sql`delete from messages where id = (select id from messages where chat_id = ${chat.id} limit 1)`,
      ),
    ).toEqual([chat.organization_id]);
    expect(await notifiedBy(sql`delete from chat_reads where chat_id = ${chat.id}`)).toEqual([chat.organization_id]);
    expect(await notifiedBy(sql`delete from chats where id = ${chat.id}`)).toContain(chat.organization_id);
  });

  it('a candidate’s profile, photos, account and seen marks notify every organisation in contact with them', async () => {
    const { applicant_id } = await one<{ applicant_id: string }>(sql`
      select m.applicant_id from matchings m join applicant_profiles p on p.user_id = m.applicant_id
      group by m.applicant_id order by count(*) desc limit 1`);
    const contacts = await contactsOf(applicant_id);
    expect(contacts.length).toBeGreaterThan(0);
    expect(await notifiedBy(sql`update applicant_profiles set about = about where user_id = ${applicant_id}`)).toEqual(
      contacts,
    );
    expect(await notifiedBy(sql`update users set name = name where id = ${applicant_id}`)).toEqual(contacts);
    expect(
      await notifiedBy(
        sql`insert into user_seen_marks (user_id, matchings_seen_at) values (${applicant_id}, now())
            on conflict (user_id) do update set matchings_seen_at = excluded.matchings_seen_at`,
      ),
    ).toEqual(contacts);
    const photo = await rows<{ id: string }>(
      sql`select id from applicant_photos where applicant_id = ${applicant_id} limit 1`,
    );
    if (photo[0])
      expect(await notifiedBy(sql`update applicant_photos set position = position where id = ${photo[0].id}`)).toEqual(
        contacts,
      );
  });

  it('an organisation user notifies their organisation, also the one they leave', async () => {
    const user = await one<{ id: string; organization_id: string }>(
      sql`select id, organization_id from users where organization_id is not null limit 1`,
    );
    const other = await one<{ id: string }>(
      sql`select id from organizations where id <> ${user.organization_id} order by id limit 1`,
    );
    expect(await notifiedBy(sql`update users set name = name where id = ${user.id}`)).toEqual([user.organization_id]);
    expect(
      await notifiedBy(
        sql`update users set organization_id = ${other.id} where id = ${user.id}`,
        sql`update users set organization_id = ${user.organization_id} where id = ${user.id}`,
      ),
    ).toEqual([user.organization_id, other.id].sort());
  });

  it('a region’s answer deadline notifies every organisation of the region', async () => {
    const { region } = await one<{ region: string }>(sql`select region from organizations group by region limit 1`);
    const ofRegion = (await rows<{ id: string }>(sql`select id from organizations where region = ${region}`))
      .map((row) => row.id)
      .sort();
    expect(
      await notifiedBy(
        sql`insert into response_deadlines (region, decline_after_days) values (${region}, 21)
            on conflict (region) do update set decline_after_days = excluded.decline_after_days`,
      ),
    ).toEqual(ofRegion);
  });

  it('deleting a posting notifies its organisation; a TRUNCATE notifies "everything"', async () => {
    const { id, organization_id } = await one<{ id: string; organization_id: string }>(
      sql`select id, organization_id from vacancies order by created_at desc limit 1`,
    );
    expect(await notifiedBy(sql`delete from vacancies where id = ${id}`)).toContain(organization_id);
    expect(await notifiedBy(sql`truncate vacancy_views`)).toEqual(['*']);
  });

  it('a write to a table no screen of an organisation shows notifies nobody', async () => {
    expect(await notifiedBy(sql`update feedback set message = message`)).toEqual([]);
  });
});
