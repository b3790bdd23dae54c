/**
 * One 15-year-old through the whole candidate side of the real app (issue 46, "Done when"), on
 * PGlite and (with TEST_DATABASE_URL) PostgreSQL: sign-up with a parent's address → the parent's
 * mail → interest held until the parent confirms on the public page → push subscription on the
 * phone (the test push service checks VAPID and decrypts) → feed by age → interest with a note →
 * the employer sees the age, never the birth date, and accepts → the push → chat both ways with
 * read receipts → a report in the partner's queue → the data export → sign-out ends the phone's
 * push. The steps run in order and build on each other; docs/candidate-api.md ("Walk-through")
 * is their transcript.
 */
import {
  CANDIDATE_AGE_MESSAGES,
  CONTACT_MESSAGES,
  INTEREST_DAILY_CAP_DEFAULT,
  SYSTEM_MESSAGE_TEXTS,
  type ApplicantChatResponse,
  type CandidateFeedResponse,
  type CandidateNotificationSettings,
  type ChatResponse,
  type OrganizationMatchingsResponse,
  type ParentalConsent,
  type ReportPage,
} from '@matchwerk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_AUTH_SECRET } from '../../config/env';
import { pushSubscriptions } from '../../db/schema/index';
import { actorHeaders, cookieHeader, signIn, type ActorName } from '../../testing/actors';
import { insertVacancy } from '../../testing/fixtures';
import {
  pushServiceAgent,
  startTestPushService,
  type TestPushService,
  type TestSubscription,
} from '../../testing/push-service';
import { createTestApp, TEST_ORIGIN, TEST_PUBLIC_URL, type TestApp } from '../../testing/test-app';
import { birthDateForAge, parentLinkToken } from '../../testing/young-candidate';
import { unzip } from '../../testing/zip';
import {
  createCandidateNotifier,
  createPushRepository,
  createPushSender,
  generateVapidKeys,
  type CandidateNotifier,
} from '../push';

type Json = Record<string, unknown>;

const vapid = generateVapidKeys('mailto:support@matchwerk.example');
/**
 * The notifier's clock: tomorrow 11:00 UTC (12:00 or 13:00 in Berlin), outside the quiet hours a
 * 15-year-old has by default (20:00–07:00), so a push goes out at once whenever the test runs.
 */
const MIDDAY = (() => {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 1);
  day.setUTCHours(11, 0, 0, 0);
  return day;
})();
/** A training occupation of this file only: the feed is asked for it, so other postings never interfere. */
const OCCUPATION = 'Zweiradmechatroniker/in (Reise einer 15-Jährigen)';

const jona = {
  email: `jona-${Date.now().toString(36)}@test.example`,
  parentEmail: `eltern-jona-${Date.now().toString(36)}@test.example`,
  password: 'Fahrrad-Sommer-2026!',
  names: ['Jona'],
  familyNames: ['Sommerfeld'],
  dateOfBirth: birthDateForAge(15),
};
const INTEREST_NOTE = 'Hallo! Ich repariere seit zwei Jahren Fahrräder in der Nachbarschaft.';
const QUESTION = 'Hallo, wann darf ich zum Probearbeiten kommen?';
const REPLY = 'Gern am Montag um 15 Uhr, bring gute Laune mit!';
const REPORT_TEXT = 'Er will meine Handynummer und sich allein mit mir treffen.';

let testApp: TestApp;
let pushService: TestPushService;
let notifier: CandidateNotifier;
const agent = pushServiceAgent();
/** Until when each dispatched push was held (null: at once), and whatever went wrong on the way. */
const held: (Date | null)[] = [];
const notifyFailures: unknown[] = [];

let headers: Record<ActorName, Record<string, string>>;
let organizationId: string;
let companyName: string;
/** An apprenticeship from 15 and a holiday job from 16, both of the demo employer (Sindelfingen). */
let suitableId: string;
let fromSixteenId: string;

// What the journey learns on its way.
let candidateId: string;
/** The candidate's phone: the session cookie of a real sign-in, as the candidate app at /app/ has it. */
let phone: Record<string, string>;
let parentToken: string;
let device: TestSubscription;

function inject(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, requestHeaders = {}, payload?: unknown) {
  return testApp.app.inject({
    method,
    url,
    headers: requestHeaders,
    ...(payload === undefined ? {} : { payload: payload as Json | string }),
  });
}

async function feedIds(): Promise<{ ids: string[]; feed: CandidateFeedResponse }> {
  const response = await inject('GET', `/rest/applicant/feed?occupation=${encodeURIComponent(OCCUPATION)}`, phone);
  expect(response.statusCode, response.body).toBe(200);
  const feed = response.json<CandidateFeedResponse>();
  return { ids: feed.items.map((item) => item.id), feed };
}

/** The pushes the phone got so far, decrypted. */
function pushesToPhone() {
  return pushService.received
    .filter((push) => push.subscriptionId === device.id)
    .map((push) => ({ ...push, json: JSON.parse(push.payload) as Json }));
}

beforeAll(async () => {
  pushService = await startTestPushService({ vapidPublicKey: vapid.publicKey });
  testApp = await createTestApp({
    vapid,
    // The operator's default cap (INTEREST_DAILY_CAP), not the test app's generous one.
    rateLimits: { interestsPerDay: INTEREST_DAILY_CAP_DEFAULT },
    // Notices go straight to the notifier (the server queues them on pg-boss; candidate-push-jobs.test.ts).
    candidateNotifications: {
      notify: async (notices) => {
        try {
          await notifier.dispatchMany(notices);
        } catch (error) {
          notifyFailures.push(error);
          throw error;
        }
      },
    },
  });
  notifier = createCandidateNotifier({
    repository: createPushRepository(testApp.database.db),
    send: createPushSender({ vapid, agent }),
    schedule: {
      async push(jobs, startAfter) {
        held.push(startAfter);
        const results = await notifier.deliverMany(jobs);
        notifyFailures.push(...results.filter((result) => result.status === 'rejected'));
      },
      mail: (userId) => {
        notifyFailures.push(new Error(`fallback mail for ${userId}, but the phone has push`));
        return Promise.resolve();
      },
    },
    mailer: testApp.mailer,
    secret: TEST_AUTH_SECRET,
    publicUrl: TEST_PUBLIC_URL,
    supportEmail: 'support@matchwerk.example',
    clock: () => MIDDAY,
  });
  headers = await actorHeaders(testApp);
  const employer = await inject('GET', '/rest/users/current-user', headers.organisationOwn);
  organizationId = employer.json<{ organizationId: string }>().organizationId;
  const db = testApp.database.db;
  suitableId = await insertVacancy(db, organizationId, {
    title: 'Ausbildung Zweiradmechatroniker/in',
    trainingOccupationName: OCCUPATION,
    type: 'APPRENTICESHIP',
    minAge: 15,
    active: true,
  });
  fromSixteenId = await insertVacancy(db, organizationId, {
    title: 'Ferienjob in der Fahrradwerkstatt',
    trainingOccupationName: OCCUPATION,
    type: 'HOLIDAY_JOB',
    minAge: 16,
    active: true,
  });
});

afterAll(async () => {
  agent.destroy();
  await pushService?.close();
  await testApp?.close();
});

describe('a 15-year-old from sign-up to sign-out', () => {
  it('1. signs up with a birth date and a parent’s address; the parent gets a plain mail with the public page’s link', async () => {
    const signup = await inject(
      'POST',
      '/rest/applicant/signup',
      { origin: TEST_ORIGIN },
      {
        email: jona.email,
        password: jona.password,
        names: jona.names,
        familyNames: jona.familyNames,
        region: 'SINDELFINGEN',
        dateOfBirth: jona.dateOfBirth,
        parentEmail: jona.parentEmail,
        termsAndConditionsChecked: true,
      },
    );
    expect(signup.statusCode, signup.body).toBe(200);
    expect(signup.json()).toEqual({ status: 'VERIFICATION_SENT' });
    candidateId = await testApp.userIdOf(jona.email);

    // The parent's mail: plain German, "Sie" to the parent (ADR 0097), the child's first name only.
    const mail = testApp.mailer.lastTo(jona.parentEmail);
    expect(mail?.subject).toBe('Matchwerk: Jona braucht Ihre Zustimmung');
    expect(mail?.text).toContain('Jona hat sich bei Matchwerk angemeldet');
    expect(mail?.text).toContain('Weil Ihr Kind jünger als 16 Jahre ist, braucht es Ihre Zustimmung');
    expect(mail?.text).toContain('das Alter (nicht das Geburtsdatum)');
    expect(mail?.text).toContain(`${TEST_PUBLIC_URL}/einwilligung?token=`);
    const [year, month, day] = jona.dateOfBirth.split('-');
    for (const secret of ['Sommerfeld', jona.email, jona.dateOfBirth, `${day}.${month}.${year}`])
      expect(mail?.text).not.toContain(secret);
    parentToken = parentLinkToken(testApp, jona.parentEmail);

    // Jona confirms the own address (the link in the candidate's mail) and signs in on the phone.
    const verified = await inject(
      'GET',
      `/rest/auth/verify-email?token=${encodeURIComponent(testApp.tokenFrom(jona.email, 'verifyEmail'))}`,
    );
    expect(verified.statusCode).toBe(200);
    const signedIn = await signIn(testApp, jona.email, jona.password);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    phone = { cookie: cookieHeader(signedIn), origin: TEST_ORIGIN };

    const consent = await inject('GET', '/rest/applicant/parental-consent', phone);
    expect(consent.statusCode).toBe(200);
    expect(consent.json<ParentalConsent>()).toMatchObject({
      status: 'PENDING',
      mayContact: false,
      parentEmail: jona.parentEmail,
      message: CANDIDATE_AGE_MESSAGES.consentMissing,
    });
  });

  it('2. before the parent answers: the feed works, interest is refused in German ("du")', async () => {
    const { ids, feed } = await feedIds();
    expect(ids).toEqual([suitableId]);
    expect(feed.interestsToday).toEqual({ used: 0, perDay: INTEREST_DAILY_CAP_DEFAULT });

    const interest = await inject('POST', '/rest/applicant/matchings', phone, { vacancyId: suitableId });
    expect(interest.statusCode).toBe(403);
    expect(interest.json()).toMatchObject({
      code: 'PARENTAL_CONSENT_REQUIRED',
      message: CANDIDATE_AGE_MESSAGES.consentMissing,
    });
  });

  it('3. the parent reads the public page and confirms; interest and chat are open', async () => {
    const page = await inject('GET', `/einwilligung?token=${encodeURIComponent(parentToken)}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Welche Daten verarbeiten wir?');
    expect(page.body).toContain('Ich stimme zu');

    const confirmed = await inject(
      'POST',
      `/einwilligung?token=${encodeURIComponent(parentToken)}`,
      { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN },
      'decision=confirm',
    );
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Vielen Dank für Ihre Zustimmung');
    expect(testApp.mailer.lastTo(jona.parentEmail)?.subject).toBe('Matchwerk: Ihre Zustimmung für Jona');

    const consent = await inject('GET', '/rest/applicant/parental-consent', phone);
    expect(consent.json<ParentalConsent>()).toMatchObject({ status: 'CONFIRMED', mayContact: true, message: null });
  });

  it('4. the phone subscribes to push; quiet hours are on for a 15-year-old', async () => {
    const config = await inject('GET', '/rest/applicant/push-config', phone);
    expect(config.json()).toEqual({ vapidPublicKey: vapid.publicKey });
    device = await pushService.subscribe();
    const subscribed = await inject('POST', '/rest/applicant/push-subscriptions', phone, {
      endpoint: device.endpoint,
      expirationTime: null,
      keys: device.keys,
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    expect(subscribed.json()).toMatchObject({ endpoint: device.endpoint, lastSuccessAt: null });

    const settings = await inject('GET', '/rest/applicant/notification-settings', phone);
    expect(settings.json<CandidateNotificationSettings>()).toMatchObject({
      quietHours: true,
      quietHoursWindow: { from: '20:00', to: '07:00', timeZone: 'Europe/Berlin' },
      pushDevices: 1,
    });
  });

  it('5. the feed holds the posting from 15, not the one from 16; interest with a note', async () => {
    expect((await feedIds()).ids).toEqual([suitableId]);
    const list = await inject('GET', '/rest/applicant/vacancies?pageSize=100', phone);
    const listed = list.json<{ items: { id: string; minAge: number }[] }>().items;
    expect(listed.map((item) => item.id)).toContain(suitableId);
    expect(listed.map((item) => item.id)).not.toContain(fromSixteenId);
    expect(listed.every((item) => item.minAge <= 15)).toBe(true);

    const tooYoung = await inject('POST', '/rest/applicant/matchings', phone, { vacancyId: fromSixteenId });
    expect(tooYoung.statusCode).toBe(403);
    expect(tooYoung.json()).toMatchObject({
      code: 'TOO_YOUNG_FOR_POSTING',
      message: CANDIDATE_AGE_MESSAGES.tooYoungForPosting(16),
    });

    const interest = await inject('POST', '/rest/applicant/matchings', phone, {
      vacancyId: suitableId,
      note: INTEREST_NOTE,
    });
    expect(interest.statusCode, interest.body).toBe(201);
    expect(interest.json()).toMatchObject({ vacancyId: suitableId, state: 'OPEN', note: INTEREST_NOTE });
    const after = await inject(
      'GET',
      `/rest/applicant/feed?occupation=${encodeURIComponent(OCCUPATION)}&includeActedOn=true`,
      phone,
    );
    const feed = after.json<CandidateFeedResponse>();
    expect(feed.items.map((item) => [item.id, item.myState])).toEqual([[suitableId, 'interested']]);
    expect(feed.interestsToday).toEqual({ used: 1, perDay: INTEREST_DAILY_CAP_DEFAULT });
    companyName = feed.items[0]!.organization.name;
  });

  it('6. the employer sees the age in years, never the birth date, and accepts; the push carries no personal data', async () => {
    const open = await inject(
      'GET',
      `/rest/matching/organization?state=OPEN&vacancyId=${suitableId}`,
      headers.organisationOwn,
    );
    expect(open.statusCode).toBe(200);
    const matching = open.json<OrganizationMatchingsResponse>().open.find((item) => item.applicantId === candidateId);
    expect(matching).toMatchObject({ state: 'OPEN', note: INTEREST_NOTE, applicant: { age: 15, names: ['Jona'] } });
    // Exactly these fields of a candidate reach an employer.
    expect(Object.keys(matching!.applicant).sort()).toEqual([
      'about',
      'age',
      'availableFrom',
      'familyNames',
      'id',
      'interests',
      'names',
      'photos',
      'photosCount',
      'region',
      'school',
      'strengths',
      'wantedFields',
      'wantedTypes',
    ]);
    for (const secret of ['dateOfBirth', jona.dateOfBirth, jona.parentEmail, jona.email, 'parentalConsent', 'zipCode'])
      expect(open.body).not.toContain(secret);

    const accepted = await inject('POST', '/rest/matching/organization/set-result', headers.organisationOwn, {
      vacancyId: suitableId,
      applicantId: candidateId,
      organizationResult: 'ACCEPTED',
      organizationId,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ state: 'ACCEPTED', applicant: { age: 15 } });
    expect(accepted.body).not.toContain(jona.dateOfBirth);

    await pushService.until(1, 10_000);
    const [push] = pushesToPhone();
    expect(push?.json).toEqual({
      v: 1,
      kind: 'MATCHING_ACCEPTED',
      company: companyName,
      url: `/app/#/nachrichten/${organizationId}`,
      tag: `matching-${organizationId}`,
    });
    expect(push?.payload).not.toMatch(/Jona|Sommerfeld|@|\d{4}-\d{2}-\d{2}/);
    expect(push).toMatchObject({ urgency: 'normal', ttl: 86_400, claims: { aud: pushService.origin } });
    expect(held).toEqual([null]);
    expect(notifyFailures).toEqual([]);
  });

  it('7. they chat both ways, each side seeing how far the other has read', async () => {
    const chatUrl = `/rest/applicant/chats/${organizationId}`;
    const opened = await inject('GET', chatUrl, phone);
    expect(opened.statusCode).toBe(200);
    expect(opened.json<ApplicantChatResponse>()).toMatchObject({
      messages: [{ sender: 'SYSTEM', text: SYSTEM_MESSAGE_TEXTS.chatOpened.APPLICANT }],
      readByOrganization: 0,
    });

    const sent = await inject('POST', `${chatUrl}/messages`, phone, {
      text: QUESTION,
      clientMessageId: crypto.randomUUID(),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const questionSeq = sent.json<{ seq: number }>().seq;

    const employerView = await inject('GET', `/rest/messages/organization/${candidateId}`, headers.organisationOwn);
    const employerChat = employerView.json<ChatResponse>();
    expect(employerChat.messages.at(-1)).toMatchObject({ sender: 'APPLICANT', text: QUESTION, seq: questionSeq });
    expect(employerChat.applicant.age).toBe(15);
    expect(employerView.body).not.toContain(jona.dateOfBirth);
    const employerRead = await inject(
      'POST',
      `/rest/messages/organization/${candidateId}/read`,
      headers.organisationOwn,
      { seq: questionSeq },
    );
    expect(employerRead.json()).toEqual({ readSeq: questionSeq });
    const receipt = (await inject('GET', chatUrl, phone)).json<ApplicantChatResponse>();
    expect(receipt.readByOrganization).toBe(questionSeq);
    expect(receipt.readByOrganizationAt).not.toBeNull();

    const answered = await inject('POST', `/rest/messages/${candidateId}`, headers.organisationOwn, {
      text: REPLY,
      clientMessageId: crypto.randomUUID(),
    });
    expect(answered.statusCode, answered.body).toBe(201);
    const replySeq = answered.json<{ seq: number }>().seq;
    await pushService.until(2, 10_000);
    const message = pushesToPhone()[1];
    expect(message?.json).toEqual({
      v: 1,
      kind: 'MESSAGE',
      company: companyName,
      url: `/app/#/nachrichten/${organizationId}`,
      tag: `chat-${organizationId}`,
    });
    // One RFC 8030 topic per chat: a newer message replaces a waiting one on the push service.
    expect(message?.urgency).toBe('high');
    expect(message?.topic).toMatch(/^chat-[\w-]{1,27}$/);
    expect(message?.payload).not.toContain('Montag');

    const candidateView = (await inject('GET', chatUrl, phone)).json<ApplicantChatResponse>();
    expect(candidateView.messages.at(-1)).toMatchObject({ sender: 'ORGANIZATION', text: REPLY, seq: replySeq });
    const candidateRead = await inject('POST', `${chatUrl}/read`, phone, { seq: replySeq });
    expect(candidateRead.json()).toEqual({ readSeq: replySeq });
    const seen = await inject('GET', `/rest/messages/organization/${candidateId}`, headers.organisationOwn);
    expect(seen.json<ChatResponse>().readByApplicant).toBe(replySeq);
    expect(held).toEqual([null, null]);
    expect(notifyFailures).toEqual([]);
  });

  it('8. Jona reports the chat; the report lands in the regional partner’s queue, never with the employer', async () => {
    const report = await inject('POST', '/rest/applicant/reports', phone, {
      subject: 'CHAT',
      targetId: organizationId,
      reason: 'PERSONAL_DATA',
      text: REPORT_TEXT,
    });
    expect(report.statusCode, report.body).toBe(201);
    expect(report.json()).toMatchObject({ status: 'OPEN', message: CONTACT_MESSAGES.reportReceived });
    const reportId = report.json<{ id: string }>().id;

    const queue = await inject('GET', '/rest/reports?status=OPEN&pageSize=100', headers.partnerInRegion);
    expect(queue.statusCode).toBe(200);
    expect(queue.json<ReportPage>().items.find((item) => item.id === reportId)).toMatchObject({
      subject: 'CHAT',
      reason: 'PERSONAL_DATA',
      text: REPORT_TEXT,
      status: 'OPEN',
      region: 'SINDELFINGEN',
      organization: { id: organizationId, name: companyName },
      reporter: { id: candidateId, name: 'Jona Sommerfeld' },
      contactEnded: false,
    });
    expect((await inject('GET', '/rest/reports', headers.organisationOwn)).statusCode).toBe(403);
  });

  it('9. the export ZIP holds Jona’s account, profile, interest, chat, consent, device and report', async () => {
    const response = await inject('GET', '/rest/applicant/export', phone);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const files = await unzip(response.rawPayload);
    expect([...files.keys()].sort()).toEqual(['LIESMICH.txt', 'meine-daten.json']);
    const text = files.get('meine-daten.json')!.toString('utf8');
    const data = JSON.parse(text) as {
      konto: Json;
      profil: Json;
      anfragen: Json[];
      chats: { company: string; messages: { from: string; text: string }[] }[];
      weitereDaten: Record<string, Json[]>;
    };
    expect(data.konto).toMatchObject({ id: candidateId, email: jona.email, name: 'Jona Sommerfeld' });
    expect(data.profil).toMatchObject({ dateOfBirth: jona.dateOfBirth, names: ['Jona'] });
    expect(data.anfragen).toEqual([
      expect.objectContaining({ company: companyName, state: 'ACCEPTED', note: INTEREST_NOTE }),
    ]);
    expect(data.chats).toEqual([expect.objectContaining({ company: companyName })]);
    // Every message of the chat, the system message in the candidate's words as the app shows it.
    expect(data.chats[0]!.messages.map((message) => [message.from, message.text])).toEqual([
      ['SYSTEM', SYSTEM_MESSAGE_TEXTS.chatOpened.APPLICANT],
      ['APPLICANT', QUESTION],
      ['ORGANIZATION', REPLY],
    ]);
    expect(data.weitereDaten.parental_consents).toEqual([
      expect.objectContaining({ status: 'CONFIRMED', parent_email: jona.parentEmail }),
    ]);
    expect(data.weitereDaten.push_subscriptions).toHaveLength(1);
    expect(data.weitereDaten.reports).toEqual([
      expect.objectContaining({ subject: 'CHAT', reason: 'PERSONAL_DATA', text: REPORT_TEXT }),
    ]);
    // The device's address and keys, password hashes and tokens stay out.
    expect(text).not.toContain(device.endpoint);
    expect(text).not.toContain(device.keys.auth);
    expect(text).not.toMatch(/"(password|token|token_hash|p256dh|auth|endpoint)"/);
  });

  it('10. signing out on the phone ends its session and removes its push subscription', async () => {
    const subscriptions = () =>
      testApp.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, candidateId));
    expect((await subscriptions()).map((row) => row.endpoint)).toEqual([device.endpoint]);
    const signedOut = await inject('POST', '/rest/auth/sign-out', phone, {});
    expect(signedOut.statusCode).toBe(200);
    expect(await subscriptions()).toEqual([]);
    expect((await inject('GET', '/rest/applicant/profile', phone)).statusCode).toBe(401);
  });
});
