/**
 * Safeguarding (issue 46 items 6 and 7, ADR 0101) through app.inject on the real app (PGlite, and
 * PostgreSQL with TEST_DATABASE_URL): reports and their queue per role, the audit entry of a
 * status change, ending contact from both sides, withdrawing an accepted matching, read receipts,
 * system messages per reader and the matching card after the posting's deactivation.
 */
import { CONTACT_MESSAGES, REPORTS_PER_DAY, SYSTEM_MESSAGE_TEXTS } from '@matchwerk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, matchings, vacancies } from '../../db/schema/index';
import { actorHeaders, bearer, createSessionToken, createTestUser, type ActorName } from '../../testing/actors';
import { insertOrganization, insertVacancy } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

let testApp: TestApp;
let headers: Record<ActorName, Record<string, string>>;
let ownOrganizationId: string;
let otherOrganizationId: string;

interface TestApplicant {
  id: string;
  headers: Record<string, string>;
}

function inject(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  requestHeaders: Record<string, string> = {},
  payload?: unknown,
) {
  return testApp.app.inject({
    method,
    url,
    headers: requestHeaders,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function newApplicant(name = 'Mia Berger'): Promise<TestApplicant> {
  const user = await createTestUser(testApp, { type: 'APPLICANT', name });
  const applicantHeaders = bearer(await createSessionToken(testApp, user.id));
  const [first = 'Mia', family = 'Berger'] = name.split(' ');
  const profile = await inject('PUT', '/rest/applicant/profile', applicantHeaders, {
    names: [first],
    familyNames: [family],
    dateOfBirth: '2004-05-01',
    region: 'SINDELFINGEN',
  });
  expect(profile.statusCode).toBe(200);
  return { id: user.id, headers: applicantHeaders };
}

/** A matching of the candidate on the posting, written directly (the interest route has its own tests). */
async function matchingOn(applicant: TestApplicant, vacancyId: string, state: 'OPEN' | 'ACCEPTED' = 'OPEN') {
  await testApp.database.db.insert(matchings).values({ vacancyId, applicantId: applicant.id });
  if (state === 'ACCEPTED') {
    const accepted = await inject('POST', '/rest/matching/organization/set-result', headers.organisationOwn, {
      vacancyId,
      applicantId: applicant.id,
      organizationResult: 'ACCEPTED',
      organizationId: ownOrganizationId,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  }
}

const newVacancy = (organizationId = ownOrganizationId, title = 'Ausbildung Industriekaufmann/-frau') =>
  insertVacancy(testApp.database.db, organizationId, { title, active: true, city: 'Sindelfingen', zipCode: '71063' });

beforeAll(async () => {
  testApp = await createTestApp();
  headers = await actorHeaders(testApp);
  const own = await inject('GET', '/rest/users/current-user', headers.organisationOwn);
  const other = await inject('GET', '/rest/users/current-user', headers.organisationOther);
  ownOrganizationId = own.json<{ organizationId: string }>().organizationId;
  otherOrganizationId = other.json<{ organizationId: string }>().organizationId;
});

afterAll(async () => {
  await testApp.close();
});

describe('reports', () => {
  it('a candidate reports a posting, a company and a chat; bad input is a German 400, web users 403', async () => {
    const applicant = await newApplicant();
    const vacancyId = await newVacancy();
    const posting = await inject('POST', '/rest/applicant/reports', applicant.headers, {
      subject: 'VACANCY',
      targetId: vacancyId,
      reason: 'INAPPROPRIATE_CONTENT',
      text: 'Die Anzeige verlangt Fotos im Bikini.',
    });
    expect(posting.statusCode).toBe(201);
    expect(posting.json()).toMatchObject({ status: 'OPEN', message: CONTACT_MESSAGES.reportReceived });
    const company = await inject('POST', '/rest/applicant/reports', applicant.headers, {
      subject: 'ORGANIZATION',
      targetId: otherOrganizationId,
      reason: 'FAKE',
    });
    expect(company.statusCode).toBe(201);

    // A chat can only be reported when there is one.
    const noChat = await inject('POST', '/rest/applicant/reports', applicant.headers, {
      subject: 'CHAT',
      targetId: ownOrganizationId,
      reason: 'HARASSMENT',
    });
    expect(noChat.statusCode).toBe(404);
    await matchingOn(applicant, vacancyId, 'ACCEPTED');
    const chat = await inject('POST', '/rest/applicant/reports', applicant.headers, {
      subject: 'CHAT',
      targetId: ownOrganizationId,
      reason: 'PERSONAL_DATA',
      text: 'Will sich allein mit mir treffen.',
    });
    expect(chat.statusCode).toBe(201);

    const unknownField = await inject('POST', '/rest/applicant/reports', applicant.headers, {
      subject: 'VACANCY',
      targetId: vacancyId,
      reason: 'FAKE',
      extra: 1,
    });
    expect(unknownField.statusCode).toBe(400);
    const tooLong = await inject('POST', '/rest/applicant/reports', applicant.headers, {
      subject: 'VACANCY',
      targetId: vacancyId,
      reason: 'FAKE',
      text: 'x'.repeat(1001),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ fieldErrors: Record<string, string> }>().fieldErrors.text).toContain('höchstens 1000 Zeichen');
    const badReason = await inject('POST', '/rest/applicant/reports', applicant.headers, {
      subject: 'VACANCY',
      targetId: vacancyId,
      reason: 'BORING',
    });
    expect(badReason.statusCode).toBe(400);
    const unknownTarget = await inject('POST', '/rest/applicant/reports', applicant.headers, {
      subject: 'VACANCY',
      targetId: crypto.randomUUID(),
      reason: 'FAKE',
    });
    expect(unknownTarget.statusCode).toBe(404);
    for (const actor of ['organisationOwn', 'partnerInRegion', 'admin'] as const) {
      const refused = await inject('POST', '/rest/applicant/reports', headers[actor], {
        subject: 'ORGANIZATION',
        targetId: ownOrganizationId,
        reason: 'FAKE',
      });
      expect(refused.statusCode).toBe(403);
    }
    const anonymous = await inject('POST', '/rest/applicant/reports', {}, {
      subject: 'ORGANIZATION',
      targetId: ownOrganizationId,
      reason: 'FAKE',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it(`allows ${REPORTS_PER_DAY} reports a day, then a friendly 429 with Retry-After`, async () => {
    const applicant = await newApplicant('Ben Kurz');
    for (let index = 0; index < REPORTS_PER_DAY; index += 1) {
      const sent = await inject('POST', '/rest/applicant/reports', applicant.headers, {
        subject: 'ORGANIZATION',
        targetId: otherOrganizationId,
        reason: 'OTHER',
      });
      expect(sent.statusCode).toBe(201);
    }
    const refused = await inject('POST', '/rest/applicant/reports', applicant.headers, {
      subject: 'ORGANIZATION',
      targetId: otherOrganizationId,
      reason: 'OTHER',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json<{ message: string }>().message).toContain('116 111');
  });

  it('partners see their regions, administrators all; the status change is audited with its note', async () => {
    const applicant = await newApplicant('Lina Wolf');
    // Reports about a company of the partner's region (SINDELFINGEN) and of another (LICHTENFELS).
    const inRegion = await inject('POST', '/rest/applicant/reports', applicant.headers, {
      subject: 'ORGANIZATION',
      targetId: ownOrganizationId,
      reason: 'DISCRIMINATION',
      text: 'Nur Jungen erwünscht.',
    });
    const elsewhere = await inject('POST', '/rest/applicant/reports', applicant.headers, {
      subject: 'ORGANIZATION',
      targetId: otherOrganizationId,
      reason: 'FAKE',
    });
    const inRegionId = inRegion.json<{ id: string }>().id;
    const elsewhereId = elsewhere.json<{ id: string }>().id;

    const ids = async (actor: ActorName, query = '') => {
      const list = await inject('GET', `/rest/reports?pageSize=100${query}`, headers[actor]);
      expect(list.statusCode).toBe(200);
      return list.json<{ items: { id: string; region: string }[]; total: number }>();
    };
    const partner = await ids('partnerInRegion');
    expect(partner.items.map((item) => item.id)).toContain(inRegionId);
    expect(partner.items.map((item) => item.id)).not.toContain(elsewhereId);
    expect(partner.items.every((item) => item.region === 'SINDELFINGEN')).toBe(true);
    const outOfRegion = await ids('partnerOutOfRegion');
    expect(outOfRegion.items.map((item) => item.id)).not.toContain(inRegionId);
    const admin = await ids('admin');
    expect(admin.items.map((item) => item.id)).toEqual(expect.arrayContaining([inRegionId, elsewhereId]));

    const detail = await inject('GET', `/rest/reports/${inRegionId}`, headers.partnerInRegion);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      subject: 'ORGANIZATION',
      reason: 'DISCRIMINATION',
      text: 'Nur Jungen erwünscht.',
      status: 'OPEN',
      organization: { id: ownOrganizationId },
      reporter: { id: applicant.id, name: 'Lina Wolf' },
    });
    expect((await inject('GET', `/rest/reports/${inRegionId}`, headers.partnerOutOfRegion)).statusCode).toBe(404);
    expect((await inject('GET', `/rest/reports/${crypto.randomUUID()}`, headers.admin)).statusCode).toBe(404);
    for (const actor of ['organisationOwn', 'statistics'] as const) {
      expect((await inject('GET', '/rest/reports', headers[actor])).statusCode).toBe(403);
      expect((await inject('GET', `/rest/reports/${inRegionId}`, headers[actor])).statusCode).toBe(403);
    }
    expect((await inject('GET', '/rest/reports', headers.applicant)).statusCode).toBe(403);
    expect((await inject('GET', '/rest/reports?unknown=1', headers.admin)).statusCode).toBe(400);

    const working = await inject('PUT', `/rest/reports/${inRegionId}/status`, headers.partnerInRegion, {
      status: 'IN_PROGRESS',
      note: 'Unternehmen angerufen.',
    });
    expect(working.statusCode).toBe(200);
    expect(working.json()).toMatchObject({ status: 'IN_PROGRESS', statusNote: 'Unternehmen angerufen.' });
    const refused = await inject('PUT', `/rest/reports/${inRegionId}/status`, headers.partnerOutOfRegion, {
      status: 'DONE',
    });
    expect(refused.statusCode).toBe(404);
    const badStatus = await inject('PUT', `/rest/reports/${inRegionId}/status`, headers.admin, { status: 'LATER' });
    expect(badStatus.statusCode).toBe(400);

    const entries = await testApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'report'), eq(auditLog.targetId, inRegionId)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'report.status_changed',
      actorEmail: 'partner@matchwerk.example',
      organizationId: ownOrganizationId,
      regions: ['SINDELFINGEN'],
      before: { status: 'OPEN', note: null },
      after: { status: 'IN_PROGRESS', note: 'Unternehmen angerufen.' },
    });

    const inProgress = await ids('partnerInRegion', '&status=IN_PROGRESS');
    expect(inProgress.items.map((item) => item.id)).toEqual([inRegionId]);
    const paged = await inject('GET', '/rest/reports?pageSize=1&page=0', headers.admin);
    expect(paged.json<{ items: unknown[]; total: number }>().items).toHaveLength(1);
    expect(paged.json<{ total: number }>().total).toBeGreaterThanOrEqual(2);
  });
});

describe('ending contact', () => {
  it('closes the chat for both sides, withdraws open matchings, refuses interest; the employer sees it ended', async () => {
    const applicant = await newApplicant('Emma Roth');
    const chatVacancy = await newVacancy(ownOrganizationId, 'Ausbildung Bankkaufmann/-frau');
    const openVacancy = await newVacancy(ownOrganizationId, 'Praktikum Marketing');
    const laterVacancy = await newVacancy(ownOrganizationId, 'Ferienjob Lager');
    await matchingOn(applicant, chatVacancy, 'ACCEPTED');
    await matchingOn(applicant, openVacancy);

    const ended = await inject('POST', `/rest/applicant/chats/${ownOrganizationId}/end`, applicant.headers);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ organizationId: ownOrganizationId });
    // Again: the same answer, nothing written twice.
    const again = await inject('POST', `/rest/applicant/chats/${ownOrganizationId}/end`, applicant.headers);
    expect(again.json()).toEqual(ended.json());

    const employerChat = await inject('GET', `/rest/messages/organization/${applicant.id}`, headers.organisationOwn);
    expect(employerChat.statusCode).toBe(200);
    const employerView = employerChat.json<{ contactEndedAt: string | null; messages: { text: string }[] }>();
    expect(employerView.contactEndedAt).not.toBeNull();
    expect(employerView.messages.map((message) => message.text)).toEqual([
      SYSTEM_MESSAGE_TEXTS.chatOpened.ORGANIZATION,
      SYSTEM_MESSAGE_TEXTS.contactEnded.ORGANIZATION,
    ]);
    const candidateChat = await inject('GET', `/rest/applicant/chats/${ownOrganizationId}`, applicant.headers);
    const candidateView = candidateChat.json<{ contactEndedAt: string | null; messages: { text: string }[] }>();
    expect(candidateView.contactEndedAt).toBe(employerView.contactEndedAt);
    expect(candidateView.messages.map((message) => message.text)).toEqual([
      SYSTEM_MESSAGE_TEXTS.chatOpened.APPLICANT,
      SYSTEM_MESSAGE_TEXTS.contactEnded.APPLICANT,
    ]);

    const fromEmployer = await inject('POST', `/rest/messages/${applicant.id}`, headers.organisationOwn, {
      text: 'Hallo?',
      clientMessageId: crypto.randomUUID(),
    });
    expect(fromEmployer.statusCode).toBe(409);
    expect(fromEmployer.json<{ message: string }>().message).toBe(CONTACT_MESSAGES.chatClosed);
    const fromCandidate = await inject('POST', `/rest/applicant/chats/${ownOrganizationId}/messages`, applicant.headers, {
      text: 'Tschüss',
      clientMessageId: crypto.randomUUID(),
    });
    expect(fromCandidate.statusCode).toBe(409);

    const interest = await inject('POST', '/rest/applicant/matchings', applicant.headers, { vacancyId: laterVacancy });
    expect(interest.statusCode).toBe(409);
    expect(interest.json<{ message: string }>().message).toBe(CONTACT_MESSAGES.interestRefused);

    // The open matching was withdrawn; the accepted one stays, marked for the employer and in the chat list.
    const left = await testApp.database.db.select().from(matchings).where(eq(matchings.applicantId, applicant.id));
    expect(left.map((row) => row.vacancyId)).toEqual([chatVacancy]);
    const accepted = await inject('GET', '/rest/matching/organization?state=ACCEPTED&limit=50', headers.organisationOwn);
    const row = accepted
      .json<{ accepted: { applicantId: string; contactEnded: boolean }[] }>()
      .accepted.find((matching) => matching.applicantId === applicant.id);
    expect(row?.contactEnded).toBe(true);
    const chatList = await inject('GET', '/rest/messages', headers.organisationOwn);
    const summary = chatList
      .json<{ chats: { applicantId: string; contactEnded: boolean }[] }>()
      .chats.find((chat) => chat.applicantId === applicant.id);
    expect(summary?.contactEnded).toBe(true);
    const candidateList = await inject('GET', '/rest/applicant/chats', applicant.headers);
    expect(candidateList.json<{ chats: { contactEnded: boolean }[] }>().chats[0]?.contactEnded).toBe(true);

    // Ending contact with a company without a chat works too (a block); unknown companies are 404.
    expect((await inject('POST', `/rest/applicant/chats/${otherOrganizationId}/end`, applicant.headers)).statusCode).toBe(
      200,
    );
    expect(
      (await inject('POST', `/rest/applicant/chats/${crypto.randomUUID()}/end`, applicant.headers)).statusCode,
    ).toBe(404);
    expect((await inject('POST', `/rest/applicant/chats/kein-uuid/end`, applicant.headers)).statusCode).toBe(404);
    expect(
      (await inject('POST', `/rest/applicant/chats/${ownOrganizationId}/end`, headers.organisationOwn)).statusCode,
    ).toBe(403);
  });

  it("hides the company's postings from the candidate's posting list and feed", async () => {
    const applicant = await newApplicant('Noah Klein');
    const region = 'HORB';
    const organizationId = await insertOrganization(testApp.database.db, { name: 'Blockierte GmbH', region });
    const vacancyId = await insertVacancy(testApp.database.db, organizationId, {
      title: 'Ausbildung Koch/Köchin',
      active: true,
      city: 'Sindelfingen',
      zipCode: '71063',
      lat: 48.71,
      lng: 9.0,
    });
    const list = async () =>
      (
        await inject('GET', `/rest/applicant/vacancies?region=${region}&pageSize=100`, applicant.headers)
      ).json<{ items: { id: string }[] }>().items.map((item) => item.id);
    const feed = async () => {
      const answer = await inject('GET', '/rest/applicant/feed?zipCode=71063&sort=newest&limit=50', applicant.headers);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ items: { id: string }[] }>().items.map((item) => item.id);
    };
    expect(await list()).toContain(vacancyId);
    expect(await feed()).toContain(vacancyId);
    await inject('POST', `/rest/applicant/chats/${organizationId}/end`, applicant.headers);
    expect(await list()).not.toContain(vacancyId);
    expect(await feed()).not.toContain(vacancyId);
  });

  it('withdrawing an ACCEPTED matching ends the contact; a REJECTED one stays 409', async () => {
    const applicant = await newApplicant('Paul Lang');
    const acceptedVacancy = await newVacancy(ownOrganizationId, 'Ausbildung Elektroniker/in');
    await matchingOn(applicant, acceptedVacancy, 'ACCEPTED');
    const withdrawn = await inject('DELETE', `/rest/applicant/matchings/${acceptedVacancy}`, applicant.headers);
    expect(withdrawn.statusCode).toBe(204);
    const chat = await inject('GET', `/rest/messages/organization/${applicant.id}`, headers.organisationOwn);
    expect(chat.json<{ contactEndedAt: string | null }>().contactEndedAt).not.toBeNull();
    const send = await inject('POST', `/rest/messages/${applicant.id}`, headers.organisationOwn, {
      text: 'Schade!',
      clientMessageId: crypto.randomUUID(),
    });
    expect(send.statusCode).toBe(409);

    const other = await newApplicant('Ida Busch');
    const rejectedVacancy = await newVacancy(ownOrganizationId, 'Praktikum Buchhaltung');
    await testApp.database.db
      .insert(matchings)
      .values({ vacancyId: rejectedVacancy, applicantId: other.id, state: 'REJECTED', decidedAt: new Date() });
    const refused = await inject('DELETE', `/rest/applicant/matchings/${rejectedVacancy}`, other.headers);
    expect(refused.statusCode).toBe(409);
  });
});

describe('chat both ways', () => {
  it("shows the candidate how far the company has read, and the system message in the candidate's words", async () => {
    const applicant = await newApplicant('Lea Sommer');
    const vacancyId = await newVacancy(ownOrganizationId, 'Ausbildung Fachinformatiker/in');
    await matchingOn(applicant, vacancyId, 'ACCEPTED');
    const sent = await inject('POST', `/rest/applicant/chats/${ownOrganizationId}/messages`, applicant.headers, {
      text: 'Hallo, wann kann ich vorbeikommen?',
      clientMessageId: crypto.randomUUID(),
    });
    expect(sent.statusCode).toBe(201);
    const seq = sent.json<{ seq: number }>().seq;

    const before = await inject('GET', `/rest/applicant/chats/${ownOrganizationId}`, applicant.headers);
    expect(before.json()).toMatchObject({ readByOrganization: 0, readByOrganizationAt: null, contactEndedAt: null });
    expect(before.json<{ messages: { sender: string; text: string }[] }>().messages[0]).toMatchObject({
      sender: 'SYSTEM',
      text: SYSTEM_MESSAGE_TEXTS.chatOpened.APPLICANT,
    });
    const employer = await inject('GET', `/rest/messages/organization/${applicant.id}`, headers.organisationOwn);
    expect(employer.json<{ messages: { text: string }[] }>().messages[0]?.text).toBe(
      SYSTEM_MESSAGE_TEXTS.chatOpened.ORGANIZATION,
    );

    const read = await inject('POST', `/rest/messages/organization/${applicant.id}/read`, headers.organisationOwn, {
      seq,
    });
    expect(read.statusCode).toBe(200);
    const after = await inject('GET', `/rest/applicant/chats/${ownOrganizationId}`, applicant.headers);
    const receipt = after.json<{ readByOrganization: number; readByOrganizationAt: string | null }>();
    expect(receipt.readByOrganization).toBe(seq);
    expect(receipt.readByOrganizationAt).not.toBeNull();
    // The candidate's own read mark is no read receipt of the company.
    await inject('POST', `/rest/applicant/chats/${ownOrganizationId}/read`, applicant.headers, { seq: seq + 0 });
    const own = await inject('GET', `/rest/applicant/chats/${ownOrganizationId}`, applicant.headers);
    expect(own.json<{ readByOrganization: number }>().readByOrganization).toBe(seq);
  });

  it("keeps the matching card (image, type, place, start, active) after the posting's deactivation", async () => {
    const applicant = await newApplicant('Tim Acker');
    const vacancyId = await insertVacancy(testApp.database.db, ownOrganizationId, {
      title: 'Ausbildung Zimmerer/in',
      type: 'APPRENTICESHIP',
      active: true,
      city: 'Böblingen',
      zipCode: '71032',
      start: '2027-09-01',
    });
    await matchingOn(applicant, vacancyId, 'ACCEPTED');
    const card = async () => {
      const list = await inject('GET', '/rest/applicant/matchings', applicant.headers);
      expect(list.statusCode).toBe(200);
      return list.json<{ matchings: { posting: Record<string, unknown>; contactEnded: boolean }[] }>().matchings[0];
    };
    const expected = {
      id: vacancyId,
      title: 'Ausbildung Zimmerer/in',
      type: 'APPRENTICESHIP',
      city: 'Böblingen',
      zipCode: '71032',
      start: '2027-09-01',
      image: null,
    };
    expect(await card()).toMatchObject({ posting: { ...expected, active: true }, contactEnded: false });
    await testApp.database.db.update(vacancies).set({ active: false }).where(eq(vacancies.id, vacancyId));
    expect(await card()).toMatchObject({ posting: { ...expected, active: false } });
    const chat = await inject('GET', `/rest/applicant/chats/${ownOrganizationId}`, applicant.headers);
    expect(chat.json<{ postings: Record<string, unknown>[] }>().postings).toContainEqual({ ...expected, active: false });
  });
});
