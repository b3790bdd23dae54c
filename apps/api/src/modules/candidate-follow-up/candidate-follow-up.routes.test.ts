/**
 * Issue 14 "Never miss a candidate" through app.inject on the real app (PGlite, and PostgreSQL
 * with TEST_DATABASE_URL): list filters, name search, sort and paging; internal notes and who
 * sees them; the decline message in the candidate API; response figures; answer deadlines.
 */
import {
  AUTO_DECLINE_MESSAGE,
  DECLINE_MESSAGE_MAX_LENGTH,
  DECLINE_TEMPLATES,
  MATCHING_NOTE_MAX_LENGTH,
  type MatchingState,
} from '@matchwerk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantProfiles, matchings } from '../../db/schema/marketplace';
import { bearer, createSessionToken, createTestUser } from '../../testing/actors';
import { insertVacancy } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

let testApp: TestApp;

interface Listed {
  vacancyId: string;
  applicantId: string;
  applicant: { names: string[]; familyNames: string[] };
  createdAt: string;
}
interface ListResponse {
  open: Listed[];
  accepted: Listed[];
  rejected: Listed[];
  counts: { open: number; accepted: number; rejected: number };
  next: { open: string | null; accepted: string | null; rejected: string | null };
}
interface Note {
  id: string;
  text: string;
  authorName: string | null;
  isOwn: boolean;
  createdAt: string;
  updatedAt: string;
}

interface Org {
  id: string;
  headers: Record<string, string>;
  colleague: Record<string, string>;
  vacancyIds: string[];
}
interface Applicant {
  id: string;
  headers: Record<string, string>;
}

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) => testApp.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function newOrganization(name: string, postings: number): Promise<Org> {
  const user = await createTestUser(testApp, {
    type: 'ORGANIZATION',
    name: `${name} Chefin`,
    organization: { name, region: 'SINDELFINGEN' },
  });
  const colleague = await createTestUser(testApp, {
    type: 'ORGANIZATION',
    name: `${name} Kollege`,
    organization: user.organizationId!,
  });
  const vacancyIds: string[] = [];
  for (let index = 0; index < postings; index++)
    vacancyIds.push(
      await insertVacancy(testApp.database.db, user.organizationId!, {
        title: `${name} Anzeige ${index}`,
        active: true,
      }),
    );
  return {
    id: user.organizationId!,
    headers: bearer(await createSessionToken(testApp, user.id)),
    colleague: bearer(await createSessionToken(testApp, colleague.id)),
    vacancyIds,
  };
}

async function newApplicant(names: string[], familyNames: string[]): Promise<Applicant> {
  const user = await createTestUser(testApp, { type: 'APPLICANT' });
  await testApp.database.db.insert(applicantProfiles).values({ userId: user.id, names, familyNames });
  return { id: user.id, headers: bearer(await createSessionToken(testApp, user.id)) };
}

async function match(vacancyId: string, applicantId: string, createdAt: Date, state: MatchingState = 'OPEN') {
  await testApp.database.db.insert(matchings).values({
    vacancyId,
    applicantId,
    state,
    createdAt,
    ...(state === 'OPEN' ? {} : { decidedAt: new Date(createdAt.getTime() + 5 * 3_600_000) }),
  });
}

async function list(org: Org, query: string): Promise<ListResponse> {
  const response = await inject('GET', `/rest/matching/organization?${query}`, org.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListResponse>();
}

const nameOf = (m: Listed) => `${m.applicant.names.join(' ')} ${m.applicant.familyNames.join(' ')}`;

let own: Org;
let other: Org;
let anna: Applicant;
let bernd: Applicant;
let carla: Applicant;
let annika: Applicant;
const DAY = 86_400_000;
const T0 = new Date('2026-09-01T08:00:00.000Z');

beforeAll(async () => {
  testApp = await createTestApp();
  own = await newOrganization('Eigene Werkstatt', 2);
  other = await newOrganization('Fremde Bäckerei', 1);
  anna = await newApplicant(['Anna'], ['Schmidt']);
  bernd = await newApplicant(['Bernd'], ['Müller']);
  carla = await newApplicant(['Carla', 'Maria'], ['Özdemir']);
  annika = await newApplicant(['Annika'], ['Weber']);
  const [first, second] = own.vacancyIds as [string, string];
  await match(first, anna.id, new Date(T0.getTime() + 1 * DAY));
  await match(first, bernd.id, new Date(T0.getTime() + 2 * DAY));
  await match(second, carla.id, new Date(T0.getTime() + 3 * DAY));
  await match(second, annika.id, new Date(T0.getTime() + 4 * DAY), 'ACCEPTED');
  await match(other.vacancyIds[0]!, anna.id, new Date(T0.getTime() + 5 * DAY));
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

describe('Anfragen list: filters, search, sort (issue 14)', () => {
  it('filters by posting and narrows the counts', async () => {
    const body = await list(own, `vacancyId=${own.vacancyIds[0]}`);
    expect(body.open.map(nameOf)).toEqual(['Bernd Müller', 'Anna Schmidt']);
    expect(body.counts).toEqual({ open: 2, accepted: 0, rejected: 0 });
    const all = await list(own, '');
    expect(all.counts).toEqual({ open: 3, accepted: 1, rejected: 0 });
  });

  it('searches first and family names, case-insensitively and in part; % and _ match themselves', async () => {
    expect((await list(own, 'search=ann')).open.map(nameOf)).toEqual(['Anna Schmidt']);
    expect((await list(own, 'search=ann')).accepted.map(nameOf)).toEqual(['Annika Weber']);
    expect((await list(own, 'search=%C3%96ZDEM')).open.map(nameOf)).toEqual(['Carla Maria Özdemir']);
    expect((await list(own, 'search=anna%20schm')).counts.open).toBe(1);
    expect((await list(own, 'search=%25')).counts).toEqual({ open: 0, accepted: 0, rejected: 0 });
    expect((await list(own, 'search=a_n')).counts.open).toBe(0);
    // Blank search = no search.
    expect((await list(own, 'search=%20%20')).counts.open).toBe(3);
  });

  it('sorts oldest first and pages with the cursor in that order', async () => {
    const newest = await list(own, 'state=OPEN');
    expect(newest.open.map(nameOf)).toEqual(['Carla Maria Özdemir', 'Bernd Müller', 'Anna Schmidt']);
    const first = await list(own, 'state=OPEN&sort=oldest&limit=2');
    expect(first.open.map(nameOf)).toEqual(['Anna Schmidt', 'Bernd Müller']);
    expect(first.next.open).not.toBeNull();
    const second = await list(own, `state=OPEN&sort=oldest&limit=2&cursor=${first.next.open}`);
    expect(second.open.map(nameOf)).toEqual(['Carla Maria Özdemir']);
    expect(second.next.open).toBeNull();
  });

  it('pages a filtered list', async () => {
    const first = await list(own, `state=OPEN&vacancyId=${own.vacancyIds[0]}&limit=1`);
    expect(first.open.map(nameOf)).toEqual(['Bernd Müller']);
    const second = await list(own, `state=OPEN&vacancyId=${own.vacancyIds[0]}&limit=1&cursor=${first.next.open}`);
    expect(second.open.map(nameOf)).toEqual(['Anna Schmidt']);
    expect(second.next.open).toBeNull();
  });

  it("never shows another organisation's matchings, not even by its posting id", async () => {
    const body = await list(own, `vacancyId=${other.vacancyIds[0]}`);
    expect(body.counts).toEqual({ open: 0, accepted: 0, rejected: 0 });
    expect((await list(other, 'search=anna')).open.map(nameOf)).toEqual(['Anna Schmidt']);
  });

  it('refuses bad filters with German messages', async () => {
    const long = await inject('GET', `/rest/matching/organization?search=${'x'.repeat(101)}`, own.headers);
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('Der Suchbegriff darf höchstens 100 Zeichen lang sein.');
    const sort = await inject('GET', '/rest/matching/organization?sort=alphabetisch', own.headers);
    expect(sort.statusCode).toBe(400);
    expect(sort.body).toContain('Bitte wählen Sie eine gültige Sortierung.');
    const posting = await inject('GET', '/rest/matching/organization?vacancyId=keine-id', own.headers);
    expect(posting.statusCode).toBe(400);
    expect(posting.body).toContain('Bitte wählen Sie eine gültige Stellenanzeige.');
  });
});

describe('internal notes (issue 14)', () => {
  const notesUrl = () => `/rest/matching/organization/notes?vacancyId=${own.vacancyIds[0]}&applicantId=${anna.id}`;
  const create = (
    headers: Record<string, string>,
    text: string,
    applicantId = anna.id,
    vacancyId = own.vacancyIds[0],
  ) => inject('POST', '/rest/matching/organization/notes', headers, { vacancyId, applicantId, text });

  it('stores a note with author and time; colleagues read it but may not change it', async () => {
    const created = await create(own.headers, '  Sehr motiviert, Probetag anbieten.  ');
    expect(created.statusCode, created.body).toBe(201);
    const note = created.json<Note>();
    expect(note).toMatchObject({
      text: 'Sehr motiviert, Probetag anbieten.',
      authorName: 'Eigene Werkstatt Chefin',
      isOwn: true,
    });
    const seen = (await inject('GET', notesUrl(), own.colleague)).json<{ notes: Note[] }>().notes;
    expect(seen.find((n) => n.id === note.id)).toMatchObject({ isOwn: false, authorName: 'Eigene Werkstatt Chefin' });
    const edit = await inject('PUT', `/rest/matching/organization/notes/${note.id}`, own.colleague, {
      text: 'Fremd geändert',
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.body).toContain('Sie können nur Ihre eigenen Notizen bearbeiten oder löschen.');
    expect((await inject('DELETE', `/rest/matching/organization/notes/${note.id}`, own.colleague)).statusCode).toBe(
      403,
    );
  });

  it('lets the author edit and delete their note', async () => {
    const note = (await create(own.headers, 'Erster Eindruck: gut.')).json<Note>();
    const edited = await inject('PUT', `/rest/matching/organization/notes/${note.id}`, own.headers, {
      text: 'Erster Eindruck: sehr gut.',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Note>().text).toBe('Erster Eindruck: sehr gut.');
    expect((await inject('DELETE', `/rest/matching/organization/notes/${note.id}`, own.headers)).statusCode).toBe(204);
    const left = (await inject('GET', notesUrl(), own.headers)).json<{ notes: Note[] }>().notes;
    expect(left.some((n) => n.id === note.id)).toBe(false);
  });

  it('refuses empty and over-long notes in German, never cutting them', async () => {
    const empty = await create(own.headers, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Bitte geben Sie eine Notiz ein.');
    const long = await create(own.headers, 'x'.repeat(MATCHING_NOTE_MAX_LENGTH + 1));
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(`Eine Notiz darf höchstens ${MATCHING_NOTE_MAX_LENGTH} Zeichen lang sein.`);
    const exact = await create(own.headers, 'y'.repeat(MATCHING_NOTE_MAX_LENGTH));
    expect(exact.json<Note>().text).toHaveLength(MATCHING_NOTE_MAX_LENGTH);
  });

  it('keeps other organisations out: their own matching of the same candidate has no notes of ours, ours answers 404', async () => {
    const secret = (await create(own.headers, 'Nur für uns')).json<Note>();
    expect((await inject('GET', notesUrl(), other.headers)).statusCode).toBe(404);
    expect((await create(other.headers, 'Eindringling')).statusCode).toBe(404);
    expect(
      (await inject('PUT', `/rest/matching/organization/notes/${secret.id}`, other.headers, { text: 'x' })).statusCode,
    ).toBe(404);
    expect((await inject('DELETE', `/rest/matching/organization/notes/${secret.id}`, other.headers)).statusCode).toBe(
      404,
    );
    const theirs = await inject(
      'GET',
      `/rest/matching/organization/notes?vacancyId=${other.vacancyIds[0]}&applicantId=${anna.id}`,
      other.headers,
    );
    expect(theirs.json<{ notes: Note[] }>().notes).toEqual([]);
  });

  it('never shows notes in the candidate API', async () => {
    await create(own.headers, 'GEHEIME-NOTIZ Gehaltsvorstellung zu hoch');
    const matchingsOfAnna = await inject('GET', '/rest/applicant/matchings', anna.headers);
    expect(matchingsOfAnna.statusCode).toBe(200);
    expect(matchingsOfAnna.body).not.toContain('GEHEIME-NOTIZ');
    const detail = await inject('GET', `/rest/applicant/vacancies/${own.vacancyIds[0]}`, anna.headers);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toContain('GEHEIME-NOTIZ');
    // Candidates cannot call the notes endpoints at all.
    const asApplicant = await inject('GET', notesUrl(), anna.headers);
    expect(asApplicant.statusCode).toBe(403);
    expect(asApplicant.body).not.toContain('GEHEIME-NOTIZ');
  });
});

describe('decline with a message (issue 14)', () => {
  const decide = (org: Org, applicantId: string, vacancyId: string, body: Record<string, unknown>) =>
    inject('POST', '/rest/matching/organization/set-result', org.headers, {
      vacancyId,
      applicantId,
      organizationId: org.id,
      ...body,
    });

  it('delivers the edited template text with the declined matching to the candidate', async () => {
    const text = `${DECLINE_TEMPLATES[0]!.text} Alles Gute, Ihr Team der Werkstatt`;
    const response = await decide(own, bernd.id, own.vacancyIds[0]!, { organizationResult: 'REJECTED', message: text });
    expect(response.statusCode, response.body).toBe(200);
    const seen = (await inject('GET', '/rest/applicant/matchings', bernd.headers)).json<{
      matchings: { vacancyId: string; state: string; declineMessage: string | null; declinedAutomatically: boolean }[];
    }>();
    expect(seen.matchings.find((m) => m.vacancyId === own.vacancyIds[0])).toMatchObject({
      state: 'REJECTED',
      declineMessage: text,
      declinedAutomatically: false,
    });
  });

  it('declines without a message, too (null for the candidate)', async () => {
    const response = await decide(own, carla.id, own.vacancyIds[1]!, {
      organizationResult: 'REJECTED',
      message: '   ',
    });
    expect(response.statusCode).toBe(200);
    const seen = (await inject('GET', '/rest/applicant/matchings', carla.headers)).json<{
      matchings: { declineMessage: string | null }[];
    }>();
    expect(seen.matchings[0]!.declineMessage).toBeNull();
  });

  it('refuses an over-long message and a message with an acceptance, leaving the matching open', async () => {
    const long = await decide(other, anna.id, other.vacancyIds[0]!, {
      organizationResult: 'REJECTED',
      message: 'z'.repeat(DECLINE_MESSAGE_MAX_LENGTH + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(`Die Nachricht darf höchstens ${DECLINE_MESSAGE_MAX_LENGTH} Zeichen lang sein.`);
    const accept = await decide(other, anna.id, other.vacancyIds[0]!, {
      organizationResult: 'ACCEPTED',
      message: 'Hallo',
    });
    expect(accept.statusCode).toBe(400);
    expect(accept.body).toContain('nur bei einer Absage');
    expect((await list(other, 'state=OPEN')).open).toHaveLength(1);
  });
});

describe('response figures (issue 14)', () => {
  it("answers the own organisation's response rate and median answer time", async () => {
    const stats = (await inject('GET', '/rest/matching/organization/response-stats', own.headers)).json<{
      total: number;
      answered: number;
      responseRate: number | null;
      medianAnswerHours: number | null;
    }>();
    // Created long before "now" in this test: outside the 90-day window unless the clock is that old.
    expect(stats.total).toBeGreaterThanOrEqual(0);
    expect(stats.responseRate === null || (stats.responseRate >= 0 && stats.responseRate <= 1)).toBe(true);
  });

  it('tells candidates how fast a company answers once it has answered enough', async () => {
    const fast = await newOrganization('Schnelle GmbH', 1);
    const now = Date.now();
    for (let index = 0; index < 3; index++) {
      const candidate = await newApplicant([`Kandidat${index}`], ['Test']);
      await testApp.database.db.insert(matchings).values({
        vacancyId: fast.vacancyIds[0]!,
        applicantId: candidate.id,
        state: 'ACCEPTED',
        createdAt: new Date(now - 10 * DAY),
        decidedAt: new Date(now - 10 * DAY + 30 * 3_600_000),
      });
    }
    const viewer = await newApplicant(['Vera'], ['Leser']);
    const detail = (await inject('GET', `/rest/applicant/vacancies/${fast.vacancyIds[0]}`, viewer.headers)).json<{
      organizationResponseTime: unknown;
    }>();
    expect(detail.organizationResponseTime).toEqual({
      typicalAnswerDays: 2,
      text: 'antwortet meist innerhalb von 2 Tagen',
    });
    const stats = (await inject('GET', '/rest/matching/organization/response-stats', fast.headers)).json<{
      total: number;
      answered: number;
      responseRate: number;
      medianAnswerHours: number;
    }>();
    expect(stats).toMatchObject({ total: 3, answered: 3, responseRate: 1, medianAnswerHours: 30 });
    // Too few answers (none yet): nothing promised.
    const quiet = await newOrganization('Stille KG', 1);
    await match(quiet.vacancyIds[0]!, viewer.id, new Date(now - DAY));
    const slow = (await inject('GET', `/rest/applicant/vacancies/${quiet.vacancyIds[0]}`, viewer.headers)).json<{
      organizationResponseTime: unknown;
    }>();
    expect(slow.organizationResponseTime).toBeNull();
  });
});

describe('answer deadlines per region (administrators, issue 14)', () => {
  let admin: Record<string, string>;
  beforeAll(async () => {
    const user = await createTestUser(testApp, { type: 'ADMIN' });
    admin = bearer(await createSessionToken(testApp, user.id));
  });

  it('lists every region with the default until set, then the set value', async () => {
    const before = (await inject('GET', '/rest/admin/response-deadlines', admin)).json<{
      defaultDays: number;
      deadlines: { region: string; declineAfterDays: number; isDefault: boolean }[];
    }>();
    expect(before.defaultDays).toBe(14);
    expect(before.deadlines.find((d) => d.region === 'WORMS')).toEqual({
      region: 'WORMS',
      declineAfterDays: 14,
      isDefault: true,
    });
    const put = await inject('PUT', '/rest/admin/response-deadlines/WORMS', admin, { declineAfterDays: 21 });
    expect(put.statusCode).toBe(200);
    expect(put.json<typeof before>().deadlines.find((d) => d.region === 'WORMS')).toEqual({
      region: 'WORMS',
      declineAfterDays: 21,
      isDefault: false,
    });
  });

  it('refuses days outside 7…90, fractions and unknown regions in German', async () => {
    for (const days of [6, 91, 10.5, '14']) {
      const response = await inject('PUT', '/rest/admin/response-deadlines/WORMS', admin, { declineAfterDays: days });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('Bitte geben Sie eine ganze Zahl von 7 bis 90 Tagen ein.');
    }
    const region = await inject('PUT', '/rest/admin/response-deadlines/ATLANTIS', admin, { declineAfterDays: 14 });
    expect(region.statusCode).toBe(400);
    expect(region.body).toContain('Bitte wählen Sie eine gültige Region.');
  });

  it('is for administrators only', async () => {
    expect((await inject('GET', '/rest/admin/response-deadlines', own.headers)).statusCode).toBe(403);
    expect(
      (await inject('PUT', '/rest/admin/response-deadlines/WORMS', own.headers, { declineAfterDays: 30 })).statusCode,
    ).toBe(403);
  });
});

it('keeps the automatic decline message kind and German', () => {
  expect(AUTO_DECLINE_MESSAGE).toMatch(/^Vielen Dank/);
});

describe('demo data (issue 14)', () => {
  it('shows firma@ a note and a computed response rate', async () => {
    const headers = bearer(await createSessionToken(testApp, await testApp.userIdOf('firma@matchwerk.example')));
    const accepted = (await list({ id: '', headers, colleague: {}, vacancyIds: [] }, 'state=ACCEPTED&limit=1'))
      .accepted[0]!;
    const notes = (
      await inject(
        'GET',
        `/rest/matching/organization/notes?vacancyId=${accepted.vacancyId}&applicantId=${accepted.applicantId}`,
        headers,
      )
    ).json<{ notes: Note[] }>();
    expect(notes.notes.length).toBeGreaterThan(0);
    expect(notes.notes[0]!.isOwn).toBe(true);
    const stats = (await inject('GET', '/rest/matching/organization/response-stats', headers)).json<{
      responseRate: number | null;
      medianAnswerHours: number | null;
    }>();
    expect(stats.responseRate).not.toBeNull();
    expect(stats.medianAnswerHours).not.toBeNull();
  });
});
