// @database-sensitive: date ranges and aggregates in SQL
/**
 * Statistics against a hand-computed data set: the demo data is removed first, then a small
 * world is built (three regions, five organisations, 25 candidates, matchings, views, chats)
 * around March 2030 (comparison: February 2030) with a fixed `now` of 10 April 2030. Every
 * expected figure below is counted by hand from the rows in `seed()`; see docs/statistics.md.
 * 31 March 2030 is the day Berlin switches to summer time: the period ends at 22:00 UTC.
 */
import type { CandidateAgeBand, Region, StatisticsDashboard, StatisticsOrganizationsPage } from '@matchwerk/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicantProfiles,
  authUsers,
  chats,
  matchings,
  messages,
  organizations,
  users,
  vacancies,
  vacancyViews,
} from '../../db/schema/index';
import { actorHeaders, type ActorName } from '../../testing/actors';
import { createTestApp, type TestApp } from '../../testing/test-app';

const NOW = new Date('2030-04-10T10:00:00Z');
const MARCH = 'from=2030-03-01&to=2030-03-31';

let testApp: TestApp;
let headers: Record<ActorName, Record<string, string>>;

const at = (iso: string) => new Date(iso);

async function addUser(
  id: string,
  type: 'APPLICANT' | 'ORGANIZATION',
  createdAt: Date,
  extra: { organizationId?: string; lastSignInAt?: Date } = {},
) {
  const db = testApp.database.db;
  await db
    .insert(authUsers)
    .values({ id, name: id, email: `${id}@statistik.test`, emailVerified: true, createdAt, updatedAt: createdAt });
  await db.insert(users).values({
    id,
    type,
    createdAt,
    updatedAt: createdAt,
    organizationId: extra.organizationId ?? null,
    lastSignInAt: extra.lastSignInAt ?? null,
  });
}

interface CandidateSpec {
  id: string;
  region: Region | null;
  school: string | null;
  dateOfBirth: string | null;
  createdAt: string;
  /** No profile row at all (counted like a candidate without region). */
  noProfile?: boolean;
}

const OLD = '2029-06-01T10:00:00Z';
const letters = 'ABCDEFGHIJKLMN';

function candidateSpecs(): CandidateSpec[] {
  const specs: CandidateSpec[] = [];
  const goldbergCreated = [
    '2030-03-10T10:00:00Z',
    '2030-02-05T10:00:00Z',
    '2030-02-06T10:00:00Z',
    '2030-02-07T10:00:00Z',
    OLD,
    OLD,
  ];
  for (let index = 0; index < 6; index++) {
    specs.push({
      id: `g${index + 1}`,
      region: 'SINDELFINGEN',
      // g2 with blanks around the name: grouped after trimming.
      school: index === 1 ? ' Goldberg-Gymnasium ' : 'Goldberg-Gymnasium',
      dateOfBirth: index === 5 ? '2013-04-01' : '2014-04-01',
      createdAt: goldbergCreated[index]!,
    });
  }
  // Registered on 1 April (Berlin), 01:30: after the period, counted nowhere.
  specs.push({
    id: 'g7',
    region: 'SINDELFINGEN',
    school: 'Goldberg-Gymnasium',
    dateOfBirth: null,
    createdAt: '2030-03-31T23:30:00Z',
  });
  specs.push({ id: 'n1', region: 'SINDELFINGEN', school: null, dateOfBirth: null, createdAt: OLD });
  specs.push({ id: 'n2', region: 'SINDELFINGEN', school: '', dateOfBirth: null, createdAt: OLD });
  specs.push({ id: 'n3', region: 'LICHTENFELS', school: '   ', dateOfBirth: null, createdAt: OLD });
  specs.push({ id: 'n4', region: null, school: null, dateOfBirth: null, createdAt: '2030-02-20T10:00:00Z' });
  specs.push({
    id: 'n5',
    region: null,
    school: null,
    dateOfBirth: null,
    createdAt: '2030-02-21T10:00:00Z',
    noProfile: true,
  });
  for (let index = 1; index <= 14; index++) {
    const region: Region = index <= 6 ? 'SINDELFINGEN' : index <= 10 ? 'LICHTENFELS' : 'HORB';
    const dateOfBirth =
      index === 1 ? '2013-03-31' : index <= 8 ? '2010-01-01' : index <= 11 ? '2000-01-01' : '2016-06-01';
    // s1 at 23:30 UTC on 28 February = 1 March, 00:30 in Berlin: new in March, not in February.
    const createdAt = index === 1 ? '2030-02-28T23:30:00Z' : index === 7 ? '2030-03-20T10:00:00Z' : OLD;
    specs.push({ id: `s${index}`, region, school: `Schule ${letters[index - 1]}`, dateOfBirth, createdAt });
  }
  return specs;
}

const ids = { alpha: '', beta: '', gamma: '', delta: '', epsilon: '' };
const postings = { a1: '', a2: '', a3: '', b1: '', d1: '', e1: '' };

async function seed() {
  const db = testApp.database.db;
  // Only this file's world: no demo organisations, postings or candidates.
  await db.delete(organizations);
  await db.execute(sql`delete from auth_users where id in (select id from users where type = 'APPLICANT')`);

  const org = async (
    name: string,
    region: Region,
    state: { active: boolean; approvedAt: Date | null; member?: boolean },
    createdAt: string,
  ) => {
    const [row] = await db
      .insert(organizations)
      .values({
        name,
        region,
        active: state.active,
        approvedAt: state.approvedAt,
        member: state.member ?? false,
        createdAt: at(createdAt),
        updatedAt: at(createdAt),
      })
      .returning({ id: organizations.id });
    return row!.id;
  };
  ids.alpha = await org(
    'Alpha GmbH',
    'SINDELFINGEN',
    { active: true, approvedAt: at('2030-03-05T12:00:00Z'), member: true },
    '2030-03-05T10:00:00Z',
  );
  ids.beta = await org(
    'Beta KG',
    'SINDELFINGEN',
    { active: false, approvedAt: at('2030-02-11T10:00:00Z') },
    '2030-02-10T10:00:00Z',
  );
  ids.gamma = await org('Gamma AG', 'SINDELFINGEN', { active: false, approvedAt: null }, '2030-03-10T10:00:00Z');
  ids.delta = await org(
    'Delta OHG',
    'LICHTENFELS',
    { active: true, approvedAt: at('2029-01-02T10:00:00Z'), member: true },
    '2029-01-01T10:00:00Z',
  );
  // Created 1 April, 01:30 Berlin: not new in March.
  ids.epsilon = await org(
    'Epsilon e. K.',
    'HORB',
    { active: true, approvedAt: at('2030-04-01T10:00:00Z') },
    '2030-03-31T23:30:00Z',
  );

  const posting = async (
    organizationId: string,
    values: {
      title: string;
      type: 'APPRENTICESHIP' | 'INTERNSHIP' | 'DUAL_STUDY' | 'HOLIDAY_JOB';
      occupation: string | null;
      active: boolean;
      createdAt: string;
      updatedAt?: string;
    },
  ) => {
    const [row] = await db
      .insert(vacancies)
      .values({
        organizationId,
        title: values.title,
        type: values.type,
        trainingOccupationName: values.occupation,
        active: values.active,
        description: '<p>Text</p>',
        descriptionExcerpt: 'Text',
        contactName: 'Kontakt',
        city: 'Sindelfingen',
        zipCode: '71063',
        createdAt: at(values.createdAt),
        updatedAt: at(values.updatedAt ?? values.createdAt),
      })
      .returning({ id: vacancies.id });
    return row!.id;
  };
  postings.a1 = await posting(ids.alpha, {
    title: 'Ausbildung Mechatronik',
    type: 'APPRENTICESHIP',
    occupation: 'Mechatroniker/Mechatronikerin',
    active: true,
    createdAt: '2030-03-02T10:00:00Z',
  });
  postings.a2 = await posting(ids.alpha, {
    title: 'Praktikum Büro',
    type: 'INTERNSHIP',
    occupation: null,
    active: true,
    createdAt: '2030-02-15T10:00:00Z',
  });
  postings.a3 = await posting(ids.alpha, {
    title: 'Duales Studium',
    type: 'DUAL_STUDY',
    occupation: 'Informatik',
    active: false,
    createdAt: '2029-12-01T10:00:00Z',
  });
  postings.b1 = await posting(ids.beta, {
    title: 'Ausbildung Mechatronik Beta',
    type: 'APPRENTICESHIP',
    // Written before the list (issue #48): another spelling of the official name.
    occupation: ' MECHATRONIKER/MECHATRONIKERIN',
    active: true,
    createdAt: '2030-03-03T00:00:00Z',
  });
  // 23:30 UTC on 28 February = 1 March in Berlin: new in March.
  postings.d1 = await posting(ids.delta, {
    title: 'Ausbildung Koch',
    type: 'APPRENTICESHIP',
    // Free text, not on the official list: "Anderer Beruf".
    occupation: 'Koch (Restaurant)',
    active: true,
    createdAt: '2030-02-28T23:30:00Z',
  });
  // 22:30 UTC on 31 March = 1 April, 00:30 summer time in Berlin: not new in March.
  postings.e1 = await posting(ids.epsilon, {
    title: 'Ferienjob Lager',
    type: 'HOLIDAY_JOB',
    occupation: null,
    active: true,
    createdAt: '2030-03-31T22:30:00Z',
    updatedAt: '2030-04-01T10:00:00Z',
  });

  for (const spec of candidateSpecs()) {
    await addUser(spec.id, 'APPLICANT', at(spec.createdAt));
    if (!spec.noProfile)
      await db
        .insert(applicantProfiles)
        .values({ userId: spec.id, region: spec.region, school: spec.school, dateOfBirth: spec.dateOfBirth });
  }
  await addUser('alpha-user', 'ORGANIZATION', at(OLD), {
    organizationId: ids.alpha,
    lastSignInAt: at('2030-04-09T07:00:00Z'),
  });

  const matching = (
    vacancyId: string,
    applicantId: string,
    state: 'OPEN' | 'ACCEPTED' | 'REJECTED',
    createdAt: string,
    decidedAt?: string,
  ) => ({
    vacancyId,
    applicantId,
    state,
    createdAt: at(createdAt),
    decidedAt: decidedAt ? at(decidedAt) : null,
  });
  await db.insert(matchings).values([
    matching(postings.a1, 's1', 'ACCEPTED', '2030-03-02T08:00:00Z', '2030-03-03T08:00:00Z'),
    matching(postings.a1, 's2', 'REJECTED', '2030-03-05T08:00:00Z', '2030-03-05T20:00:00Z'),
    matching(postings.a1, 's3', 'OPEN', '2030-03-06T08:00:00Z'),
    matching(postings.a2, 's1', 'ACCEPTED', '2030-02-20T08:00:00Z', '2030-03-10T08:00:00Z'),
    matching(postings.a2, 's4', 'REJECTED', '2030-02-10T08:00:00Z', '2030-02-12T08:00:00Z'),
    // 21:30 UTC = 23:30 in Berlin on 31 March: in March; decided at 01:30 on 1 April: not.
    matching(postings.d1, 's7', 'ACCEPTED', '2030-03-31T21:30:00Z', '2030-03-31T23:30:00Z'),
    matching(postings.d1, 's8', 'OPEN', '2030-03-31T23:30:00Z'),
    matching(postings.b1, 's5', 'OPEN', '2030-03-15T10:00:00Z'),
    matching(postings.a1, 's5', 'OPEN', '2030-04-08T00:00:00Z'),
    matching(postings.b1, 's6', 'OPEN', '2030-03-20T08:00:00Z'),
    matching(postings.e1, 's13', 'OPEN', '2030-03-18T08:00:00Z'),
  ]);
  await db.insert(vacancyViews).values([
    { vacancyId: postings.a1, applicantId: 's1', day: '2030-03-01' },
    { vacancyId: postings.a1, applicantId: 's9', day: '2030-03-12' },
    { vacancyId: postings.d1, applicantId: 's10', day: '2030-03-31' },
    { vacancyId: postings.a2, applicantId: 's11', day: '2030-02-15' },
    { vacancyId: postings.a1, applicantId: 's12', day: '2030-04-01' },
    { vacancyId: postings.e1, applicantId: 's13', day: '2030-03-18' },
  ]);
  const [c1] = await db
    .insert(chats)
    .values({ organizationId: ids.alpha, applicantId: 's1', createdAt: at('2030-03-03T08:00:00Z') })
    .returning({ id: chats.id });
  const [c2] = await db
    .insert(chats)
    .values({ organizationId: ids.delta, applicantId: 's7', createdAt: at('2030-02-27T08:00:00Z') })
    .returning({ id: chats.id });
  await db.insert(messages).values([
    { chatId: c1!.id, seq: 1, sender: 'ORGANIZATION', text: 'Hallo', createdAt: at('2030-03-03T09:00:00Z') },
    { chatId: c1!.id, seq: 2, sender: 'APPLICANT', text: 'Hallo zurück', createdAt: at('2030-03-04T09:00:00Z') },
    { chatId: c2!.id, seq: 1, sender: 'APPLICANT', text: 'Frage', createdAt: at('2030-02-27T09:00:00Z') },
    { chatId: c2!.id, seq: 2, sender: 'SYSTEM', text: 'System', createdAt: at('2030-03-31T23:30:00Z') },
    // 22:30 UTC = 00:30 on 1 April in Berlin (summer time): not in March.
    { chatId: c2!.id, seq: 3, sender: 'APPLICANT', text: 'Spät', createdAt: at('2030-03-31T22:30:00Z') },
  ]);
}

beforeAll(async () => {
  testApp = await createTestApp({ clock: () => NOW });
  headers = await actorHeaders(testApp);
  await seed();
});

afterAll(async () => {
  await testApp?.close();
});

async function dashboard(actor: ActorName, query = MARCH) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/rest/statistics?${query}`,
    headers: headers[actor],
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StatisticsDashboard>();
}

async function table(actor: ActorName, query: string) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/rest/statistics/organizations?${MARCH}&${query}`,
    headers: headers[actor],
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StatisticsOrganizationsPage>();
}

const bands = (values: Record<CandidateAgeBand, number | 'LT5'>) =>
  Object.entries(values).map(([band, candidates]) => ({ band, candidates }));

describe('dashboard, all regions (admin)', () => {
  it('has every KPI with its comparison value', async () => {
    const body = await dashboard('admin');
    expect(body.period).toEqual({ from: '2030-03-01', to: '2030-03-31' });
    expect(body.previousPeriod).toEqual({ from: '2030-02-01', to: '2030-02-28' });
    expect(body.regions).toEqual([]);
    expect(body.selectableRegions).toContain('SINDELFINGEN');
    expect(body.kpis).toEqual({
      organizations: { active: 3, members: 2, waitingForApproval: 1, new: { current: 2, previous: 1 } },
      postings: {
        active: 4,
        activeByType: { APPRENTICESHIP: 2, INTERNSHIP: 1, DUAL_STUDY: 0, HOLIDAY_JOB: 1, VOLUNTARY_SERVICE: 0 },
        new: { current: 3, previous: 1 },
      },
      candidates: { registered: 25, new: { current: 'LT5', previous: 5 }, active: { current: 9, previous: 'LT5' } },
      views: { current: 4, previous: 1 },
      interest: { current: 7, previous: 2 },
      matchings: {
        open: { current: 4, previous: 0 },
        accepted: { current: 2, previous: 1 },
        declined: { current: 1, previous: 1 },
      },
      acceptanceRate: { current: 2 / 3, previous: 0 },
      medianAnswerHours: { current: 24, previous: 48 },
      chatsStarted: { current: 1, previous: 1 },
      messages: { current: 2, previous: 1 },
    });
  });

  it('has one point per ISO week overlapping the period, zeros included, clipped to the period', async () => {
    const body = await dashboard('admin');
    expect(body.weeklyTrend).toEqual([
      { weekStart: '2030-02-25', views: 1, interest: 1, decided: 1, accepted: 1 },
      { weekStart: '2030-03-04', views: 0, interest: 2, decided: 2, accepted: 1 },
      { weekStart: '2030-03-11', views: 1, interest: 1, decided: 0, accepted: 0 },
      { weekStart: '2030-03-18', views: 1, interest: 2, decided: 0, accepted: 0 },
      { weekStart: '2030-03-25', views: 1, interest: 1, decided: 0, accepted: 0 },
    ]);
  });

  it('lists every posting type, top occupations, schools and age bands with small groups as LT5', async () => {
    const body = await dashboard('admin');
    expect(body.postingsByType).toEqual([
      { type: 'APPRENTICESHIP', active: 2, new: 3 },
      { type: 'INTERNSHIP', active: 1, new: 0 },
      { type: 'DUAL_STUDY', active: 0, new: 0 },
      { type: 'HOLIDAY_JOB', active: 1, new: 0 },
      { type: 'VOLUNTARY_SERVICE', active: 0, new: 0 },
    ]);
    // Raw counts 5, 1, 1, ties by name. Grouped by the official occupation (issue #48): both
    // spellings of Mechatroniker count together, free text as "Anderer Beruf", a posting without
    // occupation as "Ohne Angabe" (not under its title "Ferienjob Lager").
    expect(body.topOccupations).toEqual([
      { occupation: 'Mechatroniker/Mechatronikerin', interest: 5 },
      { occupation: 'Anderer Beruf', interest: 'LT5' },
      { occupation: 'Ohne Angabe', interest: 'LT5' },
    ]);
    expect(body.candidatesBySchool).toEqual([
      { school: 'Goldberg-Gymnasium', candidates: 6 },
      { school: 'ohne Angabe', candidates: 5 },
      ...'ABCDEFGH'.split('').map((letter) => ({ school: `Schule ${letter}`, candidates: 'LT5' })),
      { school: 'weitere Schulen', candidates: 6 },
    ]);
    expect(body.candidatesByAgeBand).toEqual(
      bands({ UNDER_15: 'LT5', AGE_15_16: 6, AGE_17_18: 'LT5', AGE_19_21: 7, AGE_22_PLUS: 'LT5', UNKNOWN: 5 }),
    );
  });

  it('compares a week with the week before and reports an empty period as zeros and nulls', async () => {
    const body = await dashboard('admin', 'from=2030-03-04&to=2030-03-10');
    expect(body.previousPeriod).toEqual({ from: '2030-02-25', to: '2030-03-03' });
    expect(body.kpis.interest).toEqual({ current: 2, previous: 1 });
    expect(body.kpis.acceptanceRate).toEqual({ current: 0.5, previous: 1 });
    expect(body.kpis.medianAnswerHours).toEqual({ current: (12 + 432) / 2, previous: 24 });
    expect(body.weeklyTrend).toEqual([{ weekStart: '2030-03-04', views: 0, interest: 2, decided: 2, accepted: 1 }]);

    const empty = await dashboard('admin', 'from=2031-01-01&to=2031-01-31');
    expect(empty.kpis.acceptanceRate).toEqual({ current: null, previous: null });
    expect(empty.kpis.medianAnswerHours).toEqual({ current: null, previous: null });
    expect(empty.topOccupations).toEqual([]);
    expect(empty.weeklyTrend.every((point) => point.views === 0 && point.interest === 0)).toBe(true);
  });

  it('compares the month and the season so far with the same span before (issue #48)', async () => {
    // 1–14 March compares with 1–14 February, not with the 14 days before (15–28 February held
    // a view and a new posting, 1–14 February neither).
    const month = await dashboard('admin', 'from=2030-03-01&to=2030-03-14');
    expect(month.previousPeriod).toEqual({ from: '2030-02-01', to: '2030-02-14' });
    expect(month.kpis.views).toEqual({ current: 2, previous: 0 });
    expect(month.kpis.postings.new).toEqual({ current: 3, previous: 0 });
    expect(month.kpis.interest).toEqual({ current: 3, previous: 1 });
    // The season so far compares with the same days of the season before, not the whole season.
    const season = await dashboard('admin', 'from=2029-08-01&to=2030-03-14');
    expect(season.previousPeriod).toEqual({ from: '2028-08-01', to: '2029-03-14' });
    // The weekly points end with the week of the period's last day.
    expect(season.weeklyTrend.at(-1)?.weekStart).toBe('2030-03-11');
  });

  it('counts an event at 23:30 UTC on the last day for the next Berlin day', async () => {
    const april = await dashboard('admin', 'from=2030-04-01&to=2030-04-01');
    // Epsilon (created 23:30 UTC on 31 March) and the posting of 22:30 UTC are new on 1 April.
    expect(april.kpis.organizations.new.current).toBe(1);
    expect(april.kpis.postings.new.current).toBe(1);
    // The matching of 23:30 UTC, and the one decided then.
    expect(april.kpis.interest.current).toBe(1);
    // 1 April 2030 is a Monday: a week of its own.
    expect(april.weeklyTrend).toEqual([{ weekStart: '2030-04-01', views: 1, interest: 1, decided: 1, accepted: 1 }]);
    // Two messages after midnight Berlin time (22:30 and 23:30 UTC).
    expect(april.kpis.messages.current).toBe(2);
  });
});

describe('region scope per role', () => {
  it('gives a partner its own regions only', async () => {
    const body = await dashboard('partnerInRegion');
    expect(body.regions).toEqual(['SINDELFINGEN']);
    expect(body.selectableRegions).toEqual(['SINDELFINGEN']);
    expect(body.kpis.organizations).toEqual({
      active: 1,
      members: 1,
      waitingForApproval: 1,
      new: { current: 2, previous: 1 },
    });
    expect(body.kpis.postings.active).toBe(2);
    expect(body.kpis.postings.new).toEqual({ current: 2, previous: 1 });
    expect(body.kpis.candidates).toEqual({
      registered: 14,
      new: { current: 'LT5', previous: 'LT5' },
      active: { current: 5, previous: 'LT5' },
    });
    expect(body.kpis.views).toEqual({ current: 2, previous: 1 });
    expect(body.kpis.interest).toEqual({ current: 5, previous: 2 });
    expect(body.kpis.matchings).toEqual({
      open: { current: 3, previous: 0 },
      accepted: { current: 1, previous: 1 },
      declined: { current: 1, previous: 1 },
    });
    expect(body.kpis.chatsStarted).toEqual({ current: 1, previous: 0 });
    expect(body.kpis.messages).toEqual({ current: 2, previous: 0 });
    expect(body.topOccupations).toEqual([{ occupation: 'Mechatroniker/Mechatronikerin', interest: 5 }]);
    expect(body.candidatesBySchool).toEqual([
      { school: 'Goldberg-Gymnasium', candidates: 6 },
      { school: 'ohne Angabe', candidates: 'LT5' },
      ...'ABCDEF'.split('').map((letter) => ({ school: `Schule ${letter}`, candidates: 'LT5' })),
    ]);
    expect(body.candidatesByAgeBand).toEqual(
      bands({ UNDER_15: 0, AGE_15_16: 6, AGE_17_18: 'LT5', AGE_19_21: 5, AGE_22_PLUS: 0, UNKNOWN: 'LT5' }),
    );
  });

  it('refuses a partner a region that is not its own, with a German message', async () => {
    for (const url of [
      `/rest/statistics?${MARCH}&region=LICHTENFELS`,
      `/rest/statistics/organizations?${MARCH}&region=LICHTENFELS`,
      `/rest/statistics/organizations/export?${MARCH}&region=LICHTENFELS`,
    ]) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: headers.partnerInRegion });
      expect(response.statusCode).toBe(403);
      expect(response.json<{ message: string }>().message).toBe(
        'Für diese Region dürfen Sie keine Statistik sehen. Bitte wählen Sie eine Ihrer Regionen.',
      );
    }
  });

  it('lets a partner of several regions filter by one of them', async () => {
    const both = await dashboard('partnerOutOfRegion');
    expect(both.regions).toEqual(['LICHTENFELS', 'HORB']);
    expect(both.kpis.organizations.active).toBe(2);
    const horb = await dashboard('partnerOutOfRegion', `${MARCH}&region=HORB`);
    expect(horb.regions).toEqual(['HORB']);
    expect(horb.kpis.organizations).toEqual({
      active: 1,
      members: 0,
      waitingForApproval: 0,
      new: { current: 0, previous: 0 },
    });
    expect(horb.kpis.candidates.registered).toBe('LT5');
  });

  it('filters an admin by region', async () => {
    const body = await dashboard('admin', `${MARCH}&region=SINDELFINGEN`);
    expect(body.regions).toEqual(['SINDELFINGEN']);
    expect(body.kpis.organizations.active).toBe(1);
    expect(body.kpis.candidates.registered).toBe(14);
  });

  it('gives a statistics user without region every region and with one region only that', async () => {
    const all = await dashboard('statistics');
    expect(all.regions).toEqual([]);
    expect(all.kpis.candidates.registered).toBe(25);
    const statisticsId = await testApp.userIdOf('statistik@matchwerk.example');
    // Changed in the database directly, so announced like the user administration does.
    await testApp.database.db
      .update(users)
      .set({ regions: ['LICHTENFELS'] })
      .where(eq(users.id, statisticsId));
    await testApp.sessionRevocations.userChanged(statisticsId);
    try {
      const own = await dashboard('statistics');
      expect(own.regions).toEqual(['LICHTENFELS']);
      expect(own.selectableRegions).toEqual(['LICHTENFELS']);
      // n3 and s7–s10.
      expect(own.kpis.candidates.registered).toBe(5);
      expect(own.kpis.organizations.active).toBe(1);
      const refused = await testApp.app.inject({
        method: 'GET',
        url: `/rest/statistics?${MARCH}&region=SINDELFINGEN`,
        headers: headers.statistics,
      });
      expect(refused.statusCode).toBe(403);
    } finally {
      await testApp.database.db.update(users).set({ regions: [] }).where(eq(users.id, statisticsId));
      await testApp.sessionRevocations.userChanged(statisticsId);
    }
  });

  it('refuses organisation users (403) and anonymous callers (401), and checks the period (400, German)', async () => {
    expect(
      (await testApp.app.inject({ method: 'GET', url: `/rest/statistics?${MARCH}`, headers: headers.organisationOwn }))
        .statusCode,
    ).toBe(403);
    expect((await testApp.app.inject({ method: 'GET', url: `/rest/statistics?${MARCH}` })).statusCode).toBe(401);
    const reversed = await testApp.app.inject({
      method: 'GET',
      url: '/rest/statistics?from=2030-03-31&to=2030-03-01',
      headers: headers.admin,
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain('Das Ende des Zeitraums darf nicht vor seinem Beginn liegen.');
    const missing = await testApp.app.inject({
      method: 'GET',
      url: '/rest/statistics?from=2030-03-01',
      headers: headers.admin,
    });
    expect(missing.statusCode).toBe(400);
    const region = await testApp.app.inject({
      method: 'GET',
      url: `/rest/statistics?${MARCH}&region=ATLANTIS`,
      headers: headers.admin,
    });
    expect(region.statusCode).toBe(400);
    expect(region.body).toContain('Bitte wählen Sie eine gültige Region.');
  });
});

describe('per-organisation table', () => {
  const names = (page: StatisticsOrganizationsPage) => page.items.map((item) => item.name);

  it('has every organisation in scope with its figures', async () => {
    const page = await table('admin', 'sort=name');
    expect(page.total).toBe(5);
    expect(page.items).toEqual([
      {
        id: ids.alpha,
        name: 'Alpha GmbH',
        region: 'SINDELFINGEN',
        active: true,
        activePostings: 2,
        views: 2,
        interest: 3,
        openOverdue: 1,
        responseRate: 2 / 3,
        lastActivityAt: '2030-04-09T07:00:00.000Z',
      },
      {
        id: ids.beta,
        name: 'Beta KG',
        region: 'SINDELFINGEN',
        active: false,
        activePostings: 1,
        views: 0,
        interest: 2,
        openOverdue: 2,
        responseRate: 0,
        lastActivityAt: '2030-03-03T00:00:00.000Z',
      },
      {
        id: ids.delta,
        name: 'Delta OHG',
        region: 'LICHTENFELS',
        active: true,
        activePostings: 1,
        views: 1,
        interest: 1,
        openOverdue: 1,
        responseRate: 1,
        lastActivityAt: '2030-03-31T23:30:00.000Z',
      },
      {
        id: ids.epsilon,
        name: 'Epsilon e. K.',
        region: 'HORB',
        active: true,
        activePostings: 1,
        views: 1,
        interest: 1,
        openOverdue: 1,
        responseRate: 0,
        lastActivityAt: '2030-04-01T10:00:00.000Z',
      },
      {
        id: ids.gamma,
        name: 'Gamma AG',
        region: 'SINDELFINGEN',
        active: false,
        activePostings: 0,
        views: 0,
        interest: 0,
        openOverdue: 0,
        responseRate: null,
        lastActivityAt: null,
      },
    ]);
  });

  it('sorts on the server over all rows (ties by name, nulls last), pages and searches', async () => {
    expect(names(await table('admin', 'sort=openOverdue&order=desc'))).toEqual([
      'Beta KG',
      'Alpha GmbH',
      'Delta OHG',
      'Epsilon e. K.',
      'Gamma AG',
    ]);
    expect(names(await table('admin', 'sort=responseRate&order=asc'))).toEqual([
      'Beta KG',
      'Epsilon e. K.',
      'Alpha GmbH',
      'Delta OHG',
      'Gamma AG',
    ]);
    expect(names(await table('admin', 'sort=responseRate&order=desc'))).toEqual([
      'Delta OHG',
      'Alpha GmbH',
      'Beta KG',
      'Epsilon e. K.',
      'Gamma AG',
    ]);
    expect(names(await table('admin', 'sort=lastActivityAt&order=desc'))).toEqual([
      'Alpha GmbH',
      'Epsilon e. K.',
      'Delta OHG',
      'Beta KG',
      'Gamma AG',
    ]);
    expect(names(await table('admin', 'sort=name&order=desc'))).toEqual([
      'Gamma AG',
      'Epsilon e. K.',
      'Delta OHG',
      'Beta KG',
      'Alpha GmbH',
    ]);
    expect(names(await table('admin', 'sort=activePostings&order=desc'))).toEqual([
      'Alpha GmbH',
      'Beta KG',
      'Delta OHG',
      'Epsilon e. K.',
      'Gamma AG',
    ]);
    expect(names(await table('admin', 'sort=views&order=desc'))).toEqual([
      'Alpha GmbH',
      'Delta OHG',
      'Epsilon e. K.',
      'Beta KG',
      'Gamma AG',
    ]);
    expect(names(await table('admin', 'sort=interest&order=asc'))).toEqual([
      'Gamma AG',
      'Delta OHG',
      'Epsilon e. K.',
      'Beta KG',
      'Alpha GmbH',
    ]);
    const second = await table('admin', 'sort=name&page=1&pageSize=2');
    expect(names(second)).toEqual(['Delta OHG', 'Epsilon e. K.']);
    expect(second.total).toBe(5);
    const beyond = await table('admin', 'sort=name&page=9&pageSize=2');
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(5);
    expect(names(await table('admin', 'sort=name&search=ta'))).toEqual(['Beta KG', 'Delta OHG']);
  });

  it('shows a partner the organisations of its regions only', async () => {
    expect(names(await table('partnerInRegion', 'sort=name'))).toEqual(['Alpha GmbH', 'Beta KG', 'Gamma AG']);
    expect(names(await table('partnerOutOfRegion', 'sort=name&region=HORB'))).toEqual(['Epsilon e. K.']);
  });

  it('exports the whole table as CSV for German Excel', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/rest/statistics/organizations/export?${MARCH}&sort=name&region=SINDELFINGEN`,
      headers: headers.admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="matchwerk-statistik-unternehmen-sindelfingen-2030-03-01-bis-2030-03-31.csv"',
    );
    const lines = response.body.split('\r\n');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe(
      '\uFEFFUnternehmen;Region;Aktiv;Aktive Anzeigen;Aufrufe im Zeitraum;Interessen im Zeitraum;Offen seit über 7 Tagen;Antwortquote (%);Letzte Aktivität',
    );
    // 2 of 3 answered: 66,7 with a decimal comma; the sign-in at 07:00 UTC is 09:00 in Berlin.
    expect(lines[1]).toBe('Alpha GmbH;Sindelfingen/Böblingen/Calw;ja;2;2;3;1;66,7;09.04.2030, 09:00');
    expect(lines[2]).toBe('Beta KG;Sindelfingen/Böblingen/Calw;nein;1;0;2;2;0;03.03.2030, 01:00');
    expect(lines[3]).toBe('Gamma AG;Sindelfingen/Böblingen/Calw;nein;0;0;0;0;;');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');
  });
});
