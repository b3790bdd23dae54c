/**
 * The answer-deadline job (issue 14, ADR 0041) on the real database with a fake clock (no
 * waiting): one reminder per matching after 3 days, even with two processes at once; the
 * automatic decline after the region's deadline, never before a day after the reminder.
 */
import { AUTO_DECLINE_MESSAGE } from '@matchwerk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantProfiles, matchings } from '../../db/schema/marketplace';
import { createMemoryMailer } from '../../mail/mailer';
import { createTestUser } from '../../testing/actors';
import { insertVacancy } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createCandidateFollowUpRepository, type DeclinedMatching } from './candidate-follow-up.repository';
import { createAnswerDeadlineJob } from './candidate-follow-up.service';
import { createRecordingPublisher } from '../../events/domain-events';

let testApp: TestApp;
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The fake "now" of the first run; later runs move it forward. */
const START = new Date('2030-03-02T09:20:00.000Z');

function jobAt(now: Date, mailer = createMemoryMailer()) {
  const declinedEvents: DeclinedMatching[][] = [];
  return {
    mailer,
    declinedEvents,
    job: createAnswerDeadlineJob({
      repository: createCandidateFollowUpRepository(testApp.database.db),
      mailer,
      publicUrl: 'https://matchwerk.example',
      supportEmail: 'hilfe@matchwerk.example',
      clock: () => now,
      events: {
        publish: (event) => {
          if (event.type === 'matchings.declined') declinedEvents.push(event.matchings);
          return Promise.resolve();
        },
      },
    }),
  };
}

async function organization(name: string, region: 'WORMS' | 'SINDELFINGEN') {
  const boss = await createTestUser(testApp, {
    type: 'ORGANIZATION',
    name: 'Petra Personal',
    email: `${name.toLowerCase()}@firma.example`,
    organization: { name, region },
  });
  await createTestUser(testApp, {
    type: 'ORGANIZATION',
    name: 'Ohne Bestätigung',
    organization: boss.organizationId!,
    emailVerified: false,
  });
  const vacancyId = await insertVacancy(testApp.database.db, boss.organizationId!, {
    title: `${name} Ausbildung`,
    active: true,
  });
  return { id: boss.organizationId!, email: boss.email, vacancyId };
}

async function openMatching(vacancyId: string, createdAt: Date, name: string): Promise<string> {
  const applicant = await createTestUser(testApp, { type: 'APPLICANT' });
  await testApp.database.db
    .insert(applicantProfiles)
    .values({ userId: applicant.id, names: [name], familyNames: ['Test'] });
  const [row] = await testApp.database.db
    .insert(matchings)
    .values({ vacancyId, applicantId: applicant.id, state: 'OPEN', createdAt })
    .returning({ id: matchings.id });
  return row!.id;
}

async function matching(id: string) {
  const [row] = await testApp.database.db.select().from(matchings).where(eq(matchings.id, id));
  return row!;
}

let worms: Awaited<ReturnType<typeof organization>>;
let sindelfingen: Awaited<ReturnType<typeof organization>>;
let due: string;
let fresh: string;
let dueInSindelfingen: string;

beforeAll(async () => {
  testApp = await createTestApp();
  // This file's own copy of the demo database: without the demo's open matchings the counts are ours alone.
  await testApp.database.db.delete(matchings);
  worms = await organization('Wormser Werkstatt', 'WORMS');
  sindelfingen = await organization('Sindelfinger Bau', 'SINDELFINGEN');
  // Worms declines after 7 days, Sindelfingen keeps the default 14.
  await createCandidateFollowUpRepository(testApp.database.db).upsertDeadline(
    'WORMS',
    7,
    (await createTestUser(testApp, { type: 'ADMIN' })).id,
    START,
  );
  due = await openMatching(worms.vacancyId, new Date(START.getTime() - 3 * DAY - HOUR), 'Lena');
  fresh = await openMatching(worms.vacancyId, new Date(START.getTime() - 2 * DAY), 'Max');
  dueInSindelfingen = await openMatching(sindelfingen.vacancyId, new Date(START.getTime() - 4 * DAY), 'Sara');
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

describe('answer-deadline job', () => {
  it('reminds each organisation once of matchings open for 3 days, even when two processes run at once', async () => {
    const mailer = createMemoryMailer();
    const [first, second] = await Promise.all([jobAt(START, mailer).job.run(), jobAt(START, mailer).job.run()]);
    expect(first.reminded + second.reminded).toBe(2);
    const toWorms = mailer.sent.filter((mail) => mail.to === worms.email);
    expect(toWorms).toHaveLength(1);
    expect(toWorms[0]!.subject).toBe('Matchwerk: 1 Anfrage wartet auf Ihre Antwort');
    expect(toWorms[0]!.text).toContain('Lena Test – Wormser Werkstatt Ausbildung');
    // Decline date: created + 7 days (Worms) = 06.03.2030.
    expect(toWorms[0]!.text).toContain('automatische Absage am 06.03.2030');
    expect(toWorms[0]!.text).not.toContain('Max');
    expect(mailer.sent.filter((mail) => mail.to === sindelfingen.email)).toHaveLength(1);
    // Unverified colleagues get nothing.
    expect(mailer.sent).toHaveLength(2);
    expect((await matching(fresh)).reminderSentAt).toBeNull();
  });

  it('sends nothing again on the next runs', async () => {
    const { mailer, job } = jobAt(new Date(START.getTime() + HOUR));
    expect(await job.run()).toEqual({ declined: 0, reminded: 0, mails: 0 });
    expect(mailer.sent).toHaveLength(0);
  });

  it("declines after the region's deadline with the kind message, and leaves others open", async () => {
    const { job, declinedEvents } = jobAt(new Date(START.getTime() + 4 * DAY));
    const result = await job.run();
    expect(result.declined).toBe(1);
    const declined = await matching(due);
    // The unread counts of both sides hear of it.
    expect(declinedEvents).toEqual([[{ organizationId: worms.id, applicantId: declined.applicantId }]]);
    expect(declined).toMatchObject({
      state: 'REJECTED',
      declinedAutomatically: true,
      declineMessage: AUTO_DECLINE_MESSAGE,
      decidedBy: null,
    });
    // Sindelfingen: 8 days old, default 14 → still open; Max got his reminder in this run.
    expect((await matching(dueInSindelfingen)).state).toBe('OPEN');
    expect((await matching(fresh)).reminderSentAt).not.toBeNull();
  });

  it('never declines a matching whose reminder went out less than a day ago', async () => {
    const late = await openMatching(worms.vacancyId, new Date(START.getTime() - 30 * DAY), 'Spät');
    const now = new Date(START.getTime() + 5 * DAY);
    await jobAt(now).job.run();
    expect((await matching(late)).state).toBe('OPEN');
    await jobAt(new Date(now.getTime() + 25 * HOUR)).job.run();
    expect((await matching(late)).state).toBe('REJECTED');
  });

  it('gives the claim back when the mail fails, so the next run reminds again', async () => {
    const other = await organization('Fehler GmbH', 'SINDELFINGEN');
    const id = await openMatching(other.vacancyId, new Date(START.getTime() + 2 * DAY), 'Tom');
    const now = new Date(START.getTime() + 6 * DAY);
    const failing = createAnswerDeadlineJob({
      repository: createCandidateFollowUpRepository(testApp.database.db),
      mailer: { send: () => Promise.reject(new Error('SMTP down')) },
      publicUrl: 'https://matchwerk.example',
      supportEmail: 'hilfe@matchwerk.example',
      clock: () => now,
      events: createRecordingPublisher(),
      log: { error: () => undefined },
    });
    await failing.run();
    expect((await matching(id)).reminderSentAt).toBeNull();
    const { mailer, job } = jobAt(now);
    await job.run();
    expect(mailer.sent.filter((mail) => mail.to === other.email)).toHaveLength(1);
  });
});
