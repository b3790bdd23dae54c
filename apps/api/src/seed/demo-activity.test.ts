// @database-sensitive: the demo data npm start writes
/** The season of demo activity as the first seed leaves it (the test template is seeded like a fresh demo). */
import { and, count, eq, inArray, isNotNull, like, lt, sql } from 'drizzle-orm';
import { POSTING_TYPES } from '@matchwerk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authUsers,
  chats,
  matchings,
  messages,
  organizations,
  users,
  vacancies,
  vacancyViews,
} from '../db/schema/index';
import { applicantProfiles } from '../db/schema/marketplace';
import { ACTOR_EMAILS } from '../testing/actors';
import { createTestApp, type TestApp } from '../testing/test-app';
import {
  ACTIVITY_EMAIL_DOMAIN,
  CANDIDATE_PLAN,
  demoSeasons,
  generateDemoCandidates,
  SMALL_SCHOOL,
} from './demo-activity';
import { DEMO_VACANCIES } from './demo-vacancies';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

const activityCandidate = like(authUsers.email, `%@${ACTIVITY_EMAIL_DOMAIN}`);

async function organizationOf(email: string): Promise<string> {
  const [row] = await testApp.database.db
    .select({ organizationId: users.organizationId })
    .from(users)
    .where(eq(users.id, await testApp.userIdOf(email)));
  return row!.organizationId!;
}

describe('demo activity: generated candidates', () => {
  const now = new Date('2026-11-23T10:00:00Z');

  it('is deterministic: the same candidates for the same start', () => {
    const first = generateDemoCandidates(now);
    const second = generateDemoCandidates(now);
    expect(second).toEqual(first);
    expect(new Set(first.map((candidate) => candidate.email)).size).toBe(first.length);
  });

  it('~400 candidates, ≥ 150 in SINDELFINGEN and ≥ 60 in LICHTENFELS, ages 14–24 mostly 15–18, some without school or date of birth', () => {
    const candidates = generateDemoCandidates(now);
    expect(candidates).toHaveLength(CANDIDATE_PLAN.reduce((sum, [, amount]) => sum + amount, 0));
    expect(candidates.length).toBeGreaterThanOrEqual(380);
    expect(candidates.filter((candidate) => candidate.region === 'SINDELFINGEN').length).toBeGreaterThanOrEqual(150);
    expect(candidates.filter((candidate) => candidate.region === 'LICHTENFELS').length).toBeGreaterThanOrEqual(60);
    const ages = candidates.flatMap((candidate) =>
      candidate.dateOfBirth
        ? [Math.floor((now.getTime() - new Date(candidate.dateOfBirth).getTime()) / (365.25 * 24 * 3600 * 1000))]
        : [],
    );
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(14);
    expect(Math.max(...ages)).toBeLessThanOrEqual(24);
    expect(ages.filter((age) => age >= 15 && age <= 18).length / ages.length).toBeGreaterThanOrEqual(0.7);
    expect(candidates.filter((candidate) => !candidate.dateOfBirth).length).toBeGreaterThanOrEqual(10);
    expect(candidates.filter((candidate) => !candidate.school).length).toBeGreaterThanOrEqual(20);
    // Registered over both seasons, never in the future.
    const seasons = demoSeasons(now);
    const registered = candidates.map((candidate) => candidate.registeredAt.getTime());
    expect(registered.every((at) => at >= seasons.previous.start && at <= now.getTime())).toBe(true);
    expect(registered.filter((at) => at < seasons.current.start).length).toBeGreaterThanOrEqual(80);
    // Every posting type is wanted by ≥ 5 SINDELFINGEN candidates (the student statistics' interests chart).
    for (const type of POSTING_TYPES)
      expect(
        candidates.filter((candidate) => candidate.region === 'SINDELFINGEN' && candidate.interests.includes(type))
          .length,
      ).toBeGreaterThanOrEqual(5);
    expect(JSON.stringify(candidates)).not.toMatch(/korb|zweifelhaft|listentest|balken|stelle/i);
  });
});

describe('demo activity in the seeded database', () => {
  it('every SINDELFINGEN school group the student statistics show has ≥ 5 candidates, except the one intentionally small school', async () => {
    const rows = await testApp.database.db
      .select({ school: applicantProfiles.school, total: count() })
      .from(applicantProfiles)
      .where(and(eq(applicantProfiles.region, 'SINDELFINGEN'), isNotNull(applicantProfiles.school)))
      .groupBy(applicantProfiles.school);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    const small = rows.filter((row) => Number(row.total) < 5).map((row) => row.school);
    expect(small).toEqual([SMALL_SCHOOL]);
    const [region] = await testApp.database.db
      .select({ total: count() })
      .from(applicantProfiles)
      .where(eq(applicantProfiles.region, 'SINDELFINGEN'));
    expect(Number(region!.total)).toBeGreaterThanOrEqual(150);
  });

  it('has at least 100 matchings in each state, decisions after the interest, chats with history for accepted ones', async () => {
    const db = testApp.database.db;
    const rows = await db
      .select({
        state: matchings.state,
        createdAt: matchings.createdAt,
        decidedAt: matchings.decidedAt,
        applicantId: matchings.applicantId,
        organizationId: vacancies.organizationId,
      })
      .from(matchings)
      .innerJoin(vacancies, eq(vacancies.id, matchings.vacancyId))
      .innerJoin(authUsers, eq(authUsers.id, matchings.applicantId))
      .where(activityCandidate);
    for (const state of ['OPEN', 'ACCEPTED', 'REJECTED'] as const)
      expect(rows.filter((row) => row.state === state).length).toBeGreaterThanOrEqual(100);
    const now = Date.now();
    for (const row of rows) {
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(now);
      if (row.state === 'OPEN') expect(row.decidedAt).toBeNull();
      else expect(row.decidedAt!.getTime()).toBeGreaterThan(row.createdAt.getTime());
    }
    // "Whom to call": open for more than a week at several organisations.
    const overdue = new Set(
      rows
        .filter((row) => row.state === 'OPEN' && row.createdAt.getTime() < now - 7 * 24 * 3600 * 1000)
        .map((row) => row.organizationId),
    );
    expect(overdue.size).toBeGreaterThanOrEqual(5);

    const chatRows = await db
      .select({
        id: chats.id,
        organizationId: chats.organizationId,
        applicantId: chats.applicantId,
        lastMessageSeq: chats.lastMessageSeq,
      })
      .from(chats)
      .innerJoin(authUsers, eq(authUsers.id, chats.applicantId))
      .where(activityCandidate);
    const chatKeys = new Set(chatRows.map((chat) => `${chat.organizationId}|${chat.applicantId}`));
    for (const row of rows.filter((matching) => matching.state === 'ACCEPTED'))
      expect(chatKeys.has(`${row.organizationId}|${row.applicantId}`)).toBe(true);
    const history = await db
      .select({ chatId: messages.chatId, seq: messages.seq, sender: messages.sender })
      .from(messages)
      .where(
        inArray(
          messages.chatId,
          chatRows.map((chat) => chat.id),
        ),
      )
      .orderBy(messages.chatId, messages.seq);
    for (const chat of chatRows) {
      const lines = history.filter((line) => line.chatId === chat.id);
      expect(lines.map((line) => line.seq)).toEqual(lines.map((_, index) => index + 1));
      expect(lines[0]?.sender).toBe('SYSTEM');
      expect(lines.length).toBeGreaterThanOrEqual(2);
      expect(chat.lastMessageSeq).toBe(lines.length);
    }
  });

  it('spreads over two seasons with a campaign peak (September/October) and a smaller previous season', async () => {
    const seasons = demoSeasons(new Date());
    const created = await testApp.database.db
      .select({ at: matchings.createdAt })
      .from(matchings)
      .innerJoin(authUsers, eq(authUsers.id, matchings.applicantId))
      .where(activityCandidate);
    const berlinMonth = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', month: '2-digit' });
    const total = (season: 'current' | 'previous', months?: string[]) =>
      created.filter(
        ({ at }) =>
          (at.getTime() >= seasons.current.start ? 'current' : 'previous') === season &&
          (!months || months.includes(berlinMonth.format(at))),
      ).length;
    expect(total('previous')).toBeGreaterThanOrEqual(50);
    expect(total('previous')).toBeLessThan(total('current'));
    expect(total('previous', ['09', '10'])).toBeGreaterThan(total('previous', ['03', '04']));
    expect(total('current', ['09', '10'])).toBeGreaterThan(total('current', ['08']) * 2);
    const [views] = await testApp.database.db
      .select({ total: count() })
      .from(vacancyViews)
      .innerJoin(authUsers, eq(authUsers.id, vacancyViews.applicantId))
      .where(activityCandidate);
    expect(Number(views!.total)).toBeGreaterThanOrEqual(1000);
  });

  it('adds nothing on the two main demo organisations, and no postings in LICHTENFELS or HORB', async () => {
    const db = testApp.database.db;
    for (const [email, key] of [
      [ACTOR_EMAILS.organisationOwn, 'sindelfingen'],
      [ACTOR_EMAILS.organisationOther, 'lichtenfels'],
    ] as const) {
      const organizationId = await organizationOf(email);
      const postings = await db
        .select({ id: vacancies.id })
        .from(vacancies)
        .where(eq(vacancies.organizationId, organizationId));
      expect(postings).toHaveLength(DEMO_VACANCIES[key]!.length);
      const ids = postings.map((posting) => posting.id);
      const onTheirs = (table: typeof matchings | typeof vacancyViews) =>
        db
          .select({ total: count() })
          .from(table)
          .innerJoin(authUsers, eq(authUsers.id, table.applicantId))
          .where(and(inArray(table.vacancyId, ids), activityCandidate));
      expect(Number((await onTheirs(matchings))[0]!.total)).toBe(0);
      expect(Number((await onTheirs(vacancyViews))[0]!.total)).toBe(0);
      const [theirChats] = await db
        .select({ total: count() })
        .from(chats)
        .innerJoin(authUsers, eq(authUsers.id, chats.applicantId))
        .where(and(eq(chats.organizationId, organizationId), activityCandidate));
      expect(Number(theirChats!.total)).toBe(0);
    }
    const northern = await db
      .select({ total: count() })
      .from(vacancies)
      .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
      .where(inArray(organizations.region, ['LICHTENFELS', 'HORB']));
    expect(Number(northern[0]!.total)).toBe(
      DEMO_VACANCIES.lichtenfels!.length + DEMO_VACANCIES.lichtenfelsNeu!.length + DEMO_VACANCIES.horb!.length,
    );
    // Candidates are APPLICANT users (not in the administration's user list), with profiles.
    const [types] = await db
      .select({ total: count(), applicants: sql<number>`count(*) filter (where ${users.type} = 'APPLICANT')::int` })
      .from(users)
      .innerJoin(authUsers, eq(authUsers.id, users.id))
      .where(activityCandidate);
    expect(Number(types!.total)).toBe(types!.applicants);
    expect(Number(types!.total)).toBeGreaterThanOrEqual(380);
    // Postings (new and existing) were online before anyone showed interest in them.
    const [early] = await db
      .select({ total: count() })
      .from(matchings)
      .innerJoin(vacancies, eq(vacancies.id, matchings.vacancyId))
      .innerJoin(authUsers, eq(authUsers.id, matchings.applicantId))
      .where(and(lt(matchings.createdAt, vacancies.createdAt), activityCandidate));
    expect(Number(early!.total)).toBe(0);
  });
});
