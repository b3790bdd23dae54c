/**
 * The statistics summary tables (migration 0007, ADR 0026) are kept by triggers; after every kind
 * of change they must hold exactly what statistics_rebuild() computes from the raw rows. Starts
 * from the demo data (bulk inserts of a season of activity), then changes one thing at a time the
 * way the app, a partner or an administrator would, deletions by cascade included.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

let testApp: TestApp;

async function query<Row>(statement: SQL): Promise<Row[]> {
  // Both drivers answer raw SQL with `{ rows }`; the shared handle type cannot say so.
  const result: unknown = await testApp.database.db.execute(statement);
  return (result as { rows: Row[] }).rows;
}

/** The summary tables as comparable text, zero rows left out (a subtraction leaves them behind). */
async function summaries() {
  const [regionDays, occupationDays, answerDays, candidates, organizationDays, organizations] = await Promise.all([
    query<{
      row: string;
    }>(sql`select concat_ws('|', region, day, shard, views, interest_open, interest_accepted, interest_declined, decided_accepted, decided_declined, chats, messages) as row
      from statistics_region_days
      where views <> 0 or interest_open <> 0 or interest_accepted <> 0 or interest_declined <> 0 or decided_accepted <> 0 or decided_declined <> 0 or chats <> 0 or messages <> 0
      order by region, day, shard`),
    query<{ row: string }>(
      sql`select concat_ws('|', region, day, occupation, interest) as row from statistics_occupation_days where interest <> 0 order by region, day, occupation`,
    ),
    query<{ row: string }>(
      sql`select concat_ws('|', region, day, bucket, decisions, round(hours::numeric, 6)) as row from statistics_answer_days where decisions <> 0 order by region, day, bucket`,
    ),
    query<{ row: string }>(
      sql`select concat_ws('|', applicant_id, registered_at, region, school, date_of_birth, active_days) as row from statistics_candidates order by applicant_id`,
    ),
    query<{
      row: string;
    }>(sql`select concat_ws('|', organization_id, day, views, interest, interest_decided) as row from statistics_organization_days
      where views <> 0 or interest <> 0 or interest_decided <> 0 order by organization_id, day`),
    query<{
      row: string;
    }>(sql`select concat_ws('|', organization_id, last_decision_at, last_message_at) as row from statistics_organizations
      where last_decision_at is not null or last_message_at is not null order by organization_id`),
  ]);
  const text = (rows: { row: string }[]) => rows.map((row) => row.row);
  return {
    regionDays: text(regionDays),
    occupationDays: text(occupationDays),
    answerDays: text(answerDays),
    candidates: text(candidates),
    organizationDays: text(organizationDays),
    organizations: text(organizations),
  };
}

/** The triggers' result equals a rebuild from the raw rows (which then stays for the next step). */
async function expectSummariesMatchRebuild() {
  const kept = await summaries();
  await query(sql`select statistics_rebuild()`);
  const rebuilt = await summaries();
  expect(kept.regionDays).toEqual(rebuilt.regionDays);
  expect(kept.occupationDays).toEqual(rebuilt.occupationDays);
  expect(kept.answerDays).toEqual(rebuilt.answerDays);
  expect(kept.candidates).toEqual(rebuilt.candidates);
  expect(kept.organizationDays).toEqual(rebuilt.organizationDays);
  expect(kept.organizations).toEqual(rebuilt.organizations);
  return rebuilt;
}

async function one<Row>(statement: SQL): Promise<Row> {
  const [row] = await query<Row>(statement);
  if (!row) throw new Error('expected a row');
  return row;
}

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp?.close();
});

describe('statistics summary tables', () => {
  it('hold the demo season as bulk-inserted', async () => {
    const rebuilt = await expectSummariesMatchRebuild();
    // Not vacuous: the demo data has views, interest, decisions and active candidates.
    expect(rebuilt.regionDays.length).toBeGreaterThan(50);
    expect(rebuilt.occupationDays.length).toBeGreaterThan(10);
    expect(rebuilt.answerDays.length).toBeGreaterThan(10);
    expect(rebuilt.candidates.filter((row) => !row.endsWith('|{}')).length).toBeGreaterThan(50);
    expect(rebuilt.organizationDays.length).toBeGreaterThan(50);
    expect(rebuilt.organizations.length).toBeGreaterThan(5);
  });

  it('follow a candidate viewing, showing interest, a decision, a chat and messages', async () => {
    const posting = await one<{ id: string }>(
      sql`select v.id from vacancies v join organizations o on o.id = v.organization_id where o.active order by v.id limit 1`,
    );
    await query(
      sql`insert into auth_users (id, name, email, email_verified) values ('stat-candidate', 'S', 'stat-candidate@statistik.test', true)`,
    );
    await query(
      sql`insert into users (id, type, created_at, updated_at) values ('stat-candidate', 'APPLICANT', now(), now())`,
    );
    await query(
      sql`insert into applicant_profiles (user_id, region, school, date_of_birth) values ('stat-candidate', 'SINDELFINGEN', ' Goldberg-Gymnasium ', '2010-05-01')`,
    );
    await query(
      sql`insert into vacancy_views (vacancy_id, applicant_id, day) values (${posting.id}, 'stat-candidate', current_date)`,
    );
    await query(
      sql`insert into matchings (vacancy_id, applicant_id, created_at) values (${posting.id}, 'stat-candidate', now() - interval '26 hours')`,
    );
    await expectSummariesMatchRebuild();
    await query(sql`update matchings set state = 'ACCEPTED', decided_at = now() where applicant_id = 'stat-candidate'`);
    const organization = await one<{ organization_id: string }>(
      sql`select organization_id from vacancies where id = ${posting.id}`,
    );
    const chat = await one<{ id: string }>(
      sql`insert into chats (organization_id, applicant_id, created_at) values (${organization.organization_id}, 'stat-candidate', now()) returning id`,
    );
    await query(
      sql`insert into messages (chat_id, seq, sender, text) values (${chat.id}, 1, 'ORGANIZATION', 'Hallo'), (${chat.id}, 2, 'APPLICANT', 'Hallo zurück')`,
    );
    await expectSummariesMatchRebuild();
    await query(sql`update applicant_profiles set region = 'HORB', school = null where user_id = 'stat-candidate'`);
    await expectSummariesMatchRebuild();
  });

  it('follow a posting renamed and moved, and an organisation moved to another region', async () => {
    const posting = await one<{ id: string; organization_id: string }>(
      sql`select v.id, v.organization_id from vacancies v where exists (select 1 from matchings m where m.vacancy_id = v.id and m.state <> 'OPEN') order by v.id limit 1`,
    );
    await query(
      sql`update vacancies set training_occupation_name = 'Umbenannt/in', title = 'Neuer Titel' where id = ${posting.id}`,
    );
    await expectSummariesMatchRebuild();
    const other = await one<{ id: string }>(
      sql`select id from organizations where id <> ${posting.organization_id} and region <> (select region from organizations where id = ${posting.organization_id}) order by id limit 1`,
    );
    await query(sql`update vacancies set organization_id = ${other.id} where id = ${posting.id}`);
    await expectSummariesMatchRebuild();
    await query(sql`update organizations set region = 'HORB' where id = ${posting.organization_id}`);
    await query(sql`update organizations set region = 'LICHTENFELS' where id = ${other.id}`);
    await expectSummariesMatchRebuild();
  });

  it('follow deletions: a matching, a message, a chat, a posting, a candidate and an organisation', async () => {
    await query(
      sql`delete from matchings where id = (select id from matchings where state <> 'OPEN' order by id limit 1)`,
    );
    await query(
      sql`delete from messages where id = (select id from messages where sender = 'APPLICANT' order by id limit 1)`,
    );
    await expectSummariesMatchRebuild();
    await query(
      sql`delete from chats where id = (select c.id from chats c where exists (select 1 from messages m where m.chat_id = c.id) order by c.id limit 1)`,
    );
    await expectSummariesMatchRebuild();
    await query(
      sql`delete from vacancies where id = (select v.id from vacancies v where exists (select 1 from vacancy_views vv where vv.vacancy_id = v.id) and exists (select 1 from matchings m where m.vacancy_id = v.id) order by v.id limit 1)`,
    );
    await expectSummariesMatchRebuild();
    const candidate = await one<{ applicant_id: string }>(
      sql`select c.applicant_id from chats c where exists (select 1 from matchings m where m.applicant_id = c.applicant_id) order by c.applicant_id limit 1`,
    );
    await query(sql`delete from auth_users where id = ${candidate.applicant_id}`);
    await expectSummariesMatchRebuild();
    const before = await one<{ views: string }>(
      sql`select coalesce(sum(views), 0)::text as views from statistics_region_days`,
    );
    await query(
      sql`delete from organizations where id = (select v.organization_id from vacancies v join vacancy_views vv on vv.vacancy_id = v.id join chats c on c.organization_id = v.organization_id order by v.organization_id limit 1)`,
    );
    const rebuilt = await expectSummariesMatchRebuild();
    const after = await one<{ views: string }>(
      sql`select coalesce(sum(views), 0)::text as views from statistics_region_days`,
    );
    expect(Number(after.views)).toBeLessThan(Number(before.views));
    expect(rebuilt.regionDays.length).toBeGreaterThan(0);
  });
});
