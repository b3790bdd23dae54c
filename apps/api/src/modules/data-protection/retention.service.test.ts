// @database-sensitive: date arithmetic and cascades in SQL
/**
 * The retention run (issue #14) with a fake clock, on PGlite (and PostgreSQL with
 * TEST_DATABASE_URL). The clock stands in 2020, before every demo row, so only this file's rows
 * can be due. Boundaries: the 14-day notice (one day early: nothing; on the day: one mail, once),
 * deletion one day before and after the due time, a notice required before any deletion,
 * candidates one day before and after 24 months of inactivity (photo files removed), the
 * statistics summaries unchanged, one audit entry per run without personal data. Candidates:
 * told once 14 days ahead, deleted only 14 days after that mail, activity after the mail voids
 * it (the next spell gets a new one), a failed mail is tried again the next run.
 */
import { createRecordingPublisher } from '../../events/domain-events';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicantPhotos,
  applicantProfiles,
  auditLog,
  chats,
  matchings,
  messages,
  retentionSettings,
  users,
} from '../../db/schema/index';
import { createMemoryMailer } from '../../mail/mailer';
import { createTestUser } from '../../testing/actors';
import { insertVacancy } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createDiskBlobStorage, newStorageKey, createImagesService } from '../images';
import { createRetentionRepository } from './retention.repository';
import { createRetentionService, type RetentionService } from './retention.service';

let testApp: TestApp;
let service: RetentionService;
let now = new Date('2020-01-01T12:00:00Z');
const mailer = createMemoryMailer();
/** Addresses whose mail the transport refuses (with the address in the error, as SMTP servers do). */
const refusedAddresses = new Set<string>();
const infoLogs: object[] = [];
const errorLogs: object[] = [];

let organizationId: string;
let orgEmail: string;
/** Decided 2019-09-15 12:00 → due 2020-03-15 12:00 (6 months). */
let dueMidMarch: string;
/** Decided 2019-09-20 12:00 → due 2020-03-20 12:00. */
let dueLateMarch: string;
/** Decided 2019-01-01 → overdue long before the first run: needs its notice first. */
let overdue: string;
/** OPEN, posting without a season start: never closed. */
let neverClosed: string;
let chatId: string;
/** Last sign-in 2018-03-15 12:00 → inactive for 24 months on 2020-03-15 12:00. */
let inactiveCandidate: string;
let photoKey: string;

async function query<Row>(statement: SQL): Promise<Row[]> {
  // Both drivers answer raw SQL with `{ rows }`; the shared handle type cannot say so.
  const result: unknown = await testApp.database.db.execute(statement);
  return (result as { rows: Row[] }).rows;
}

/** A candidate who signed up at `createdAt` and last signed in at `lastSignInAt`; answers the id. */
async function inactiveCandidateSince(email: string, createdAt: string, lastSignInAt: string): Promise<string> {
  const candidate = await createTestUser(testApp, { type: 'APPLICANT', email });
  const old = new Date(createdAt);
  await testApp.database.db
    .update(users)
    .set({ createdAt: old, updatedAt: old, lastSignInAt: new Date(lastSignInAt) })
    .where(eq(users.id, candidate.id));
  return candidate.id;
}

/** Whether the account still exists. */
async function present(id: string): Promise<boolean> {
  return (await testApp.database.db.select().from(users).where(eq(users.id, id))).length === 1;
}

/** The statistics summaries the dashboard reads, as text (candidates by count: their keys change). */
async function summaries() {
  const text = async (statement: SQL) => (await query<{ row: string }>(statement)).map((row) => row.row);
  return {
    regionDays: await text(
      sql`select concat_ws('|', region, day, shard, views, interest_open, interest_accepted, interest_declined, decided_accepted, decided_declined, chats, messages) as row from statistics_region_days order by region, day, shard`,
    ),
    occupationDays: await text(
      sql`select concat_ws('|', region, day, occupation, interest) as row from statistics_occupation_days order by region, day, occupation`,
    ),
    answerDays: await text(
      sql`select concat_ws('|', region, day, bucket, decisions, round(hours::numeric, 6)) as row from statistics_answer_days order by region, day, bucket`,
    ),
    organizationDays: await text(
      sql`select concat_ws('|', organization_id, day, views, interest, interest_decided) as row from statistics_organization_days order by organization_id, day`,
    ),
    organizations: await text(
      sql`select concat_ws('|', organization_id, last_decision_at, last_message_at) as row from statistics_organizations order by organization_id`,
    ),
    candidates: await text(
      sql`select concat_ws('|', registered_at, region, school, date_of_birth, active_days) as row from statistics_candidates order by 1`,
    ),
  };
}

async function exists(table: typeof matchings | typeof chats, id: string): Promise<boolean> {
  return (await testApp.database.db.select({ id: table.id }).from(table).where(eq(table.id, id))).length === 1;
}

async function run(at: string) {
  now = new Date(at);
  mailer.sent.length = 0;
  return service.run();
}

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.db;
  const storage = createDiskBlobStorage(testApp.uploadDir);
  service = createRetentionService({
    repository: createRetentionRepository(db),
    mailer: {
      send: (message) =>
        refusedAddresses.has(message.to)
          ? Promise.reject(new Error(`550 mailbox unavailable <${message.to}>`))
          : mailer.send(message),
    },
    publicUrl: 'http://localhost:3000',
    supportEmail: 'support@matchwerk.example',
    clock: () => now,
    discardFiles: createImagesService({ storage }).discard,
    events: createRecordingPublisher(),
    log: {
      info: (details: object) => void infoLogs.push(details),
      error: (details: object) => void errorLogs.push(details),
    },
    // Small batches: the loops must carry on past a full batch.
    batchSize: 2,
  });

  const owner = await createTestUser(testApp, {
    type: 'ORGANIZATION',
    email: 'retention-owner@test.example',
    organization: { name: 'Aufbewahrung GmbH', region: 'SINDELFINGEN' },
  });
  organizationId = owner.organizationId!;
  orgEmail = owner.email;
  const posting = await insertVacancy(db, organizationId, { title: 'Ausbildung Kaufleute' });
  const openPosting = await insertVacancy(db, organizationId, { title: 'Ohne Beginn' });
  const applicants = await Promise.all(
    [1, 2, 3, 4].map((n) =>
      createTestUser(testApp, { type: 'APPLICANT', email: `retention-applicant-${n}@test.example` }),
    ),
  );
  const insertMatching = async (
    vacancyId: string,
    applicantId: string,
    values: Partial<typeof matchings.$inferInsert>,
  ) => {
    const [row] = await db
      .insert(matchings)
      .values({ vacancyId, applicantId, ...values })
      .returning({ id: matchings.id });
    return row!.id;
  };
  dueMidMarch = await insertMatching(posting, applicants[0]!.id, {
    state: 'ACCEPTED',
    createdAt: new Date('2019-09-01T12:00:00Z'),
    decidedAt: new Date('2019-09-15T12:00:00Z'),
  });
  dueLateMarch = await insertMatching(posting, applicants[1]!.id, {
    state: 'REJECTED',
    createdAt: new Date('2019-09-01T12:00:00Z'),
    decidedAt: new Date('2019-09-20T12:00:00Z'),
  });
  overdue = await insertMatching(posting, applicants[2]!.id, {
    state: 'REJECTED',
    createdAt: new Date('2018-12-01T12:00:00Z'),
    decidedAt: new Date('2019-01-01T12:00:00Z'),
  });
  neverClosed = await insertMatching(openPosting, applicants[3]!.id, {
    state: 'OPEN',
    createdAt: new Date('2017-01-01T12:00:00Z'),
  });
  const [chat] = await db
    .insert(chats)
    .values({
      organizationId,
      applicantId: applicants[0]!.id,
      createdAt: new Date('2019-09-15T12:00:00Z'),
      lastMessageAt: new Date('2019-09-15T12:00:00Z'),
      lastMessageSeq: 2,
    })
    .returning({ id: chats.id });
  chatId = chat!.id;
  await db.insert(messages).values([
    {
      chatId,
      seq: 1,
      sender: 'ORGANIZATION',
      senderUserId: owner.id,
      text: 'Willkommen!',
      createdAt: new Date('2019-09-15T11:00:00Z'),
    },
    { chatId, seq: 2, sender: 'APPLICANT', text: 'Danke!', createdAt: new Date('2019-09-15T12:00:00Z') },
  ]);

  const candidate = await createTestUser(testApp, { type: 'APPLICANT', email: 'retention-inactive@test.example' });
  inactiveCandidate = candidate.id;
  const old = new Date('2017-05-01T12:00:00Z');
  await db
    .update(users)
    .set({ createdAt: old, updatedAt: old, lastSignInAt: new Date('2018-03-15T12:00:00Z') })
    .where(eq(users.id, inactiveCandidate));
  await db
    .insert(applicantProfiles)
    .values({ userId: inactiveCandidate, names: ['Ina'], school: 'Realschule', createdAt: old, updatedAt: old });
  photoKey = newStorageKey('webp');
  await storage.put(photoKey, Buffer.from('photo'), 'image/webp');
  await db.insert(applicantPhotos).values({
    applicantId: inactiveCandidate,
    storageKey: photoKey,
    mimeType: 'image/webp',
    width: 1,
    height: 1,
    bytes: 5,
  });
});

afterAll(async () => {
  await testApp?.close();
});

describe('retention run', () => {
  it('15 days before the due time: no notice for it; the long-overdue matching is announced, not deleted', async () => {
    const result = await run('2020-02-29T12:00:00Z');
    expect(result.noticedMatchings).toBe(1); // only the long-overdue one
    expect(mailer.sent.filter((mail) => mail.to.includes(orgEmail))).toHaveLength(1);
    expect(mailer.sent[0]!.text).toContain('„Ausbildung Kaufleute“: 1 Matching');
    expect(mailer.sent[0]!.text).not.toContain('Chat mit');
    expect(result.deletedMatchings + result.deletedChats + result.deletedCandidates).toBe(0);
    // The candidate is inactive for 24 months on 2020-03-15: 15 days ahead, no mail yet.
    expect(result.noticedCandidates).toBe(0);
    expect(mailer.lastTo('retention-inactive@test.example')).toBeUndefined();
  });

  it('14 days before: one mail per organisation listing the matching and the chat', async () => {
    const result = await run('2020-03-01T12:00:00Z');
    expect(result).toMatchObject({
      noticedMatchings: 1,
      noticedChats: 1,
      noticedOrganizations: 1,
      deletedMatchings: 0,
    });
    const mails = mailer.sent.filter((mail) => mail.to.includes(orgEmail));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Matchwerk: Löschung abgeschlossener Matchings und Chats ab 15.03.2020');
    expect(mails[0]!.text).toContain('„Ausbildung Kaufleute“: 1 Matching');
    expect(mails[0]!.text).toContain('1 Chat mit allen Nachrichten');
    expect(mails[0]!.text).not.toContain('retention-applicant');
  });

  it('14 days before the candidate is inactive for 24 months: one German mail to the candidate, no organisation in it', () => {
    // The mails of the previous test's run (2020-03-01).
    const [mail] = mailer.sent.filter((sent) => sent.to === 'retention-inactive@test.example');
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('Matchwerk: Dein Konto wird am 15.03.2020 gelöscht');
    // In "du", with the way back into the candidate app (ADR 0102).
    expect(mail!.text).toContain('Hallo Ina,');
    expect(mail!.text).toContain('Konten, die 24 Monate lang nicht benutzt wurden');
    expect(mail!.text).toContain('Dein Konto wird deshalb am 15.03.2020 gelöscht');
    expect(mail!.text).toContain('melde dich einfach vor dem 15.03.2020 in der App an');
    expect(mail!.text).toContain('Wenn das Konto weg soll, musst du nichts tun.');
    expect(mail!.text).toMatch(/https?:\/\/[^\s]+\/app\/#\/anmelden/);
    expect(mail!.text).not.toContain('Aufbewahrung GmbH');
    expect(mail!.text).not.toContain('Ausbildung Kaufleute');
    expect(mail!.html).toContain('15.03.2020');
  });

  it('runs again the same day: no second mail, nothing new', async () => {
    const result = await run('2020-03-01T12:00:00Z');
    expect(mailer.sent).toHaveLength(0);
    expect(Object.values(result).every((value) => value === 0)).toBe(true);
  });

  it('one day before the due time: the announced matching and chat stay; the overdue one goes (its notice is 14 days old)', async () => {
    const result = await run('2020-03-14T12:00:00Z');
    expect(await exists(matchings, dueMidMarch)).toBe(true);
    expect(await exists(chats, chatId)).toBe(true);
    expect(await exists(matchings, overdue)).toBe(false);
    expect(result.deletedMatchings).toBe(1);
    // The late-March matching is announced now, in one mail.
    expect(result.noticedMatchings).toBe(1);
    expect(mailer.sent).toHaveLength(1);
  });

  it('one day after the due time: matching and chat (with messages) deleted; statistics unchanged; the candidate inactive for 24 months goes with the photo file', async () => {
    const before = await summaries();
    const registered = await query<{ count: number }>(sql`select count(*)::int as count from statistics_candidates`);
    const result = await run('2020-03-16T12:00:00Z');
    expect(await exists(matchings, dueMidMarch)).toBe(false);
    expect(await exists(chats, chatId)).toBe(false);
    expect(await testApp.database.db.select().from(messages).where(eq(messages.chatId, chatId))).toHaveLength(0);
    expect(await exists(matchings, dueLateMarch)).toBe(true);
    expect(await exists(matchings, neverClosed)).toBe(true);
    expect(result).toMatchObject({ deletedMatchings: 1, deletedChats: 1, deletedCandidates: 1, deletedPhotos: 1 });

    expect(await testApp.database.db.select().from(users).where(eq(users.id, inactiveCandidate))).toHaveLength(0);
    expect(await createDiskBlobStorage(testApp.uploadDir).get(photoKey)).toBeNull();

    const after = await summaries();
    expect(after).toEqual(before);
    expect(await query<{ count: number }>(sql`select count(*)::int as count from statistics_candidates`)).toEqual(
      registered,
    );
  });

  it('the late-March matching, announced late (2020-03-14): due on the 20th, yet kept until 14 days after its mail', async () => {
    await run('2020-03-21T12:00:00Z');
    expect(await exists(matchings, dueLateMarch)).toBe(true);
    await run('2020-03-27T12:00:00Z');
    expect(await exists(matchings, dueLateMarch)).toBe(true);
    const result = await run('2020-03-29T12:00:00Z');
    expect(await exists(matchings, dueLateMarch)).toBe(false);
    expect(result.deletedMatchings).toBe(1);
    expect(await exists(matchings, neverClosed)).toBe(true);
  });

  it('audits each run with counts only, and logs counts only', async () => {
    const entries = await testApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'retention.executed'), eq(auditLog.targetType, 'retention')));
    expect(entries.length).toBeGreaterThanOrEqual(3);
    for (const entry of entries) {
      expect(entry.actorId).toBeNull();
      expect(entry.organizationId).toBeNull();
      for (const value of Object.values(entry.after as Record<string, unknown>)) expect(typeof value).toBe('number');
    }
    const logged = JSON.stringify(infoLogs);
    expect(logged).not.toContain('@');
    expect(logged).not.toContain(organizationId);
  });
});

describe('a candidate one day short of 24 months inactive', () => {
  const email = 'retention-almost@test.example';
  let candidateId: string;

  it('stays, and is told (inactive for 24 months on 2020-03-22, within 14 days)', async () => {
    candidateId = await inactiveCandidateSince(email, '2017-05-01T12:00:00Z', '2018-03-22T12:00:00Z');
    const result = await run('2020-03-21T12:00:00Z');
    expect(await present(candidateId)).toBe(true);
    expect(result.noticedCandidates).toBe(1);
    expect(mailer.lastTo(email)?.subject).toBe('Matchwerk: Dein Konto wird am 04.04.2020 gelöscht');
  });

  it('one day after 24 months of inactivity: stays, the mail is only 2 days old', async () => {
    const result = await run('2020-03-23T12:00:00Z');
    expect(await present(candidateId)).toBe(true);
    expect(result.noticedCandidates).toBe(0);
    expect(mailer.sent).toHaveLength(0);
  });

  it('14 days after the mail: deleted', async () => {
    const result = await run('2020-04-04T12:00:00Z');
    expect(await present(candidateId)).toBe(false);
    expect(result.deletedCandidates).toBe(1);
  });
});

describe('candidate notices', () => {
  /** Inactive since 2020-01-01: overdue when this change first runs; needs the mail first. */
  let overdueId: string;
  /** Inactive since 2021-01-01; signs in after the mail. */
  let returningId: string;
  /** Inactive since 2021-01-01; the first mail is refused. */
  let refusedId: string;
  const refusedEmail = 'retention-refused@test.example';

  const inactiveCandidate = (email: string, lastSignInAt: string) =>
    inactiveCandidateSince(email, '2017-01-01T12:00:00Z', lastSignInAt);
  const mailsTo = (email: string) => mailer.sent.filter((mail) => mail.to === email);

  beforeAll(async () => {
    overdueId = await inactiveCandidate('retention-overdue@test.example', '2018-01-01T12:00:00Z');
    returningId = await inactiveCandidate('retention-returning@test.example', '2019-01-01T12:00:00Z');
    refusedId = await inactiveCandidate(refusedEmail, '2019-01-01T12:00:00Z');
  });

  it('first run: every inactive candidate is told, none deleted; a refused mail is not a notice', async () => {
    refusedAddresses.add(refusedEmail);
    errorLogs.length = 0;
    const result = await run('2021-06-01T12:00:00Z');
    expect(result).toMatchObject({ noticedCandidates: 2, failedCandidateMails: 1, deletedCandidates: 0 });
    expect(mailsTo('retention-overdue@test.example').map((mail) => mail.subject)).toEqual([
      'Matchwerk: Dein Konto wird am 15.06.2021 gelöscht',
    ]);
    expect(mailsTo('retention-returning@test.example')).toHaveLength(1);
    expect(await present(overdueId)).toBe(true);
    // Logged as a count: the transport's error quoted the address.
    expect(errorLogs).toEqual([{ failedCandidateMails: 1 }]);
    expect(JSON.stringify(errorLogs)).not.toContain('@');
  });

  it('the same day again: nobody is told twice; the refused candidate is tried again', async () => {
    const result = await run('2021-06-01T12:00:00Z');
    refusedAddresses.clear();
    expect(result).toMatchObject({ noticedCandidates: 0, failedCandidateMails: 1 });
    expect(mailer.sent).toHaveLength(0);
  });

  it('the next run: the refused candidate is told, nobody else', async () => {
    const result = await run('2021-06-02T12:00:00Z');
    expect(result).toMatchObject({ noticedCandidates: 1, failedCandidateMails: 0 });
    expect(mailer.sent.map((mail) => mail.to)).toEqual([refusedEmail]);
    expect(mailer.sent[0]!.subject).toBe('Matchwerk: Dein Konto wird am 16.06.2021 gelöscht');
  });

  it('13 days after the mail: nobody deleted', async () => {
    const result = await run('2021-06-14T12:00:00Z');
    expect(result.deletedCandidates).toBe(0);
    expect(await present(overdueId)).toBe(true);
  });

  it('14 days after the mail: deleted; a candidate who signed in after the mail stays', async () => {
    // Signs in after the mail: that voids it.
    await testApp.database.db
      .update(users)
      .set({ lastSignInAt: new Date('2021-06-05T12:00:00Z') })
      .where(eq(users.id, returningId));
    const result = await run('2021-06-15T12:00:00Z');
    expect(await present(overdueId)).toBe(false);
    expect(await present(returningId)).toBe(true);
    // Told on 2021-06-02: 14 days are over only then.
    expect(await present(refusedId)).toBe(true);
    expect(result).toMatchObject({ deletedCandidates: 1, noticedCandidates: 0 });
    expect(mailer.sent).toHaveLength(0);
  });

  it('the refused candidate goes 14 days after the mail that was sent', async () => {
    const result = await run('2021-06-16T12:00:00Z');
    expect(await present(refusedId)).toBe(false);
    expect(result.deletedCandidates).toBe(1);
  });

  it('the returning candidate, inactive for 24 months again: not deleted on the old mail, told anew, deleted 14 days later', async () => {
    // 24 months after the sign-in of 2021-06-05: the old mail (2021-06-01) does not count.
    const result = await run('2023-06-06T12:00:00Z');
    expect(await present(returningId)).toBe(true);
    expect(result).toMatchObject({ noticedCandidates: 1, deletedCandidates: 0 });
    expect(mailsTo('retention-returning@test.example').map((mail) => mail.subject)).toEqual([
      'Matchwerk: Dein Konto wird am 20.06.2023 gelöscht',
    ]);
    await run('2023-06-19T12:00:00Z');
    expect(await present(returningId)).toBe(true);
    const deleted = await run('2023-06-20T12:00:00Z');
    expect(await present(returningId)).toBe(false);
    expect(deleted.deletedCandidates).toBe(1);
  });

  it('audits the candidate counts', async () => {
    const entries = await testApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'retention.executed'), eq(auditLog.targetId, '2021-06-01')));
    expect(entries.map((entry) => (entry.after as Record<string, unknown>).noticedCandidates)).toEqual(
      expect.arrayContaining([2, 0]),
    );
  });
});

describe('an active day on the day of the mail', () => {
  const email = 'retention-active-day@test.example';
  let candidateId: string;

  beforeAll(async () => {
    // 6 months (the smallest period) keeps the clock before the demo rows.
    await testApp.database.db.update(retentionSettings).set({ candidateInactivityMonths: 6 });
    candidateId = await inactiveCandidateSince(email, '2022-06-01T12:00:00Z', '2023-01-01T12:00:00Z');
  });

  afterAll(async () => {
    await testApp.database.db.update(retentionSettings).set({ candidateInactivityMonths: 24 });
  });

  it('voids the mail: the day does not tell whether the activity came before or after it', async () => {
    await run('2023-06-20T12:00:00Z');
    expect(mailer.lastTo(email)?.subject).toBe('Matchwerk: Dein Konto wird am 04.07.2023 gelöscht');
    // A posting viewed on 2023-06-20 (Berlin), e.g. in the morning before the run.
    const updated = await query<{ applicant_id: string }>(
      sql`update statistics_candidates set active_days = active_days + datemultirange(daterange('2023-06-20', '2023-06-21'))
          where applicant_id = ${candidateId} returning applicant_id`,
    );
    expect(updated).toHaveLength(1);

    // 6 months after that day: inactive again, but the old mail does not count.
    const result = await run('2023-12-21T12:00:00Z');
    expect(await present(candidateId)).toBe(true);
    expect(result.noticedCandidates).toBe(1);
    expect(mailer.lastTo(email)?.subject).toBe('Matchwerk: Dein Konto wird am 04.01.2024 gelöscht');
    await run('2024-01-03T12:00:00Z');
    expect(await present(candidateId)).toBe(true);
    await run('2024-01-04T12:00:00Z');
    expect(await present(candidateId)).toBe(false);
  });
});
