/**
 * Data protection routes (issue #14): the retention settings (admins only, German validation,
 * audited) and the organisation's ZIP export, read back with yauzl: every file present, CSV for
 * Excel (BOM, `;`, German headers), JSON complete, nothing of another organisation, access and
 * rate limit.
 */
import type { RetentionSettings } from '@matchwerk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionActor } from '../../access/actor';
import { auditLog, chats, matchingNotes, matchings, messages, orders } from '../../db/schema/index';
import { createMemoryRateLimitStore } from '../../plugins/rate-limit-store';
import { actorHeaders, bearer, createSessionToken, createTestUser, type ActorName } from '../../testing/actors';
import { insertVacancy } from '../../testing/fixtures';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { unzip } from '../../testing/zip';
import { DEFAULT_EXPORT_SECTIONS } from './export-sections';
import { createExportService } from './export.service';

let testApp: TestApp;
let headers: Record<ActorName, Record<string, string>>;
let ownOrganizationId: string;
let otherOrganizationId: string;
const OTHER_MARKER = 'Geheimanzeige der Konkurrenz';

function send(actor: ActorName | Record<string, string>, method: 'GET' | 'PUT', url: string, payload?: unknown) {
  const auth = typeof actor === 'string' ? headers[actor] : actor;
  return testApp.app.inject({
    method,
    url,
    headers: { ...auth, origin: TEST_ORIGIN },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** The ZIP's entries as text. */
async function unzipText(buffer: Buffer): Promise<Map<string, string>> {
  const files = await unzip(buffer);
  return new Map([...files].map(([name, bytes]) => [name, bytes.toString('utf8')]));
}

beforeAll(async () => {
  testApp = await createTestApp();
  headers = await actorHeaders(testApp);
  const own = await testApp.app.inject({
    method: 'GET',
    url: '/rest/users/current-user',
    headers: headers.organisationOwn,
  });
  ownOrganizationId = own.json<{ organization: { id: string } }>().organization.id;
  const other = await testApp.app.inject({
    method: 'GET',
    url: '/rest/users/current-user',
    headers: headers.organisationOther,
  });
  otherOrganizationId = other.json<{ organization: { id: string } }>().organization.id;
  await insertVacancy(testApp.database.db, otherOrganizationId, { title: OTHER_MARKER });
});

afterAll(async () => {
  await testApp?.close();
});

describe('retention settings', () => {
  it('reads the defaults (6 and 24 months)', async () => {
    const response = await send('admin', 'GET', '/rest/admin/retention-settings');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<RetentionSettings>()).toMatchObject({
      matchingRetentionMonths: 6,
      candidateInactivityMonths: 24,
    });
  });

  it('refuses everyone but admins', async () => {
    for (const actor of ['organisationOwn', 'partnerInRegion', 'statistics'] as const) {
      expect((await send(actor, 'GET', '/rest/admin/retention-settings')).statusCode).toBe(403);
      expect(
        (
          await send(actor, 'PUT', '/rest/admin/retention-settings', {
            matchingRetentionMonths: 3,
            candidateInactivityMonths: 24,
          })
        ).statusCode,
      ).toBe(403);
    }
    expect((await send('anonymous', 'GET', '/rest/admin/retention-settings')).statusCode).toBe(401);
  });

  it('refuses values out of bounds with German field errors', async () => {
    const response = await send('admin', 'PUT', '/rest/admin/retention-settings', {
      matchingRetentionMonths: 0,
      candidateInactivityMonths: 61.5,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ fieldErrors: Record<string, string> }>();
    expect(body.fieldErrors.matchingRetentionMonths).toBe(
      'Aufbewahrung von Matchings und Chats: bitte eine ganze Zahl von 1 bis 36 Monaten angeben.',
    );
    expect(body.fieldErrors.candidateInactivityMonths).toBe(
      'Löschung inaktiver Bewerberkonten: bitte eine ganze Zahl von 6 bis 60 Monaten angeben.',
    );
    const unknown = await send('admin', 'PUT', '/rest/admin/retention-settings', {
      matchingRetentionMonths: 6,
      candidateInactivityMonths: 24,
      extra: 1,
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('saves new periods and records them in the audit log', async () => {
    const response = await send('admin', 'PUT', '/rest/admin/retention-settings', {
      matchingRetentionMonths: 12,
      candidateInactivityMonths: 36,
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<RetentionSettings>();
    expect(saved).toMatchObject({ matchingRetentionMonths: 12, candidateInactivityMonths: 36 });
    expect(saved.updatedAt).not.toBeNull();
    expect((await send('admin', 'GET', '/rest/admin/retention-settings')).json<RetentionSettings>()).toEqual(saved);
    const [entry] = await testApp.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'retention.settings_changed'));
    expect(entry).toMatchObject({
      targetType: 'retention',
      before: { matchingRetentionMonths: 6, candidateInactivityMonths: 24 },
      after: { matchingRetentionMonths: 12, candidateInactivityMonths: 36 },
    });
  });
});

describe('organisation export', () => {
  it('answers a ZIP with JSON and one CSV per table, only of the own organisation', async () => {
    // Something in every table: a matching with a chat message and an order.
    const db = testApp.database.db;
    const vacancyId = await insertVacancy(db, ownOrganizationId, { title: 'Export; "Anzeige" mit Umlauten äöü' });
    const applicant = await createTestUser(testApp, { type: 'APPLICANT' });
    const [matching] = await db
      .insert(matchings)
      .values({ vacancyId, applicantId: applicant.id, state: 'ACCEPTED', decidedAt: new Date() })
      .returning({ id: matchings.id });
    await db.insert(matchingNotes).values({
      matchingId: matching!.id,
      authorUserId: await testApp.userIdOf('firma@matchwerk.example'),
      text: 'Notiz: "gut"; Termin vereinbaren',
    });
    const [chat] = await db
      .insert(chats)
      .values({ organizationId: ownOrganizationId, applicantId: applicant.id, lastMessageSeq: 1 })
      .returning({ id: chats.id });
    await db.insert(messages).values({ chatId: chat!.id, seq: 1, sender: 'APPLICANT', text: '=Hallo; Zeile\nzwei' });
    const ownOrders = await db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.organizationId, ownOrganizationId));

    const response = await send('organisationOwn', 'GET', `/rest/organization/${ownOrganizationId}/export`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="matchwerk-export-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = await unzipText(response.rawPayload);
    expect([...files.keys()].sort()).toEqual(
      [
        'LIESMICH.txt',
        'bestellungen.csv',
        'matchings.csv',
        'matchwerk-export.json',
        'nachrichten.csv',
        'notizen.csv',
        'stellenanzeigen.csv',
        'team.csv',
        'unternehmen.csv',
      ].sort(),
    );

    const json = JSON.parse(files.get('matchwerk-export.json')!) as {
      format: string;
      organizationId: string;
      tables: Record<string, Record<string, unknown>[]>;
    };
    expect(json.format).toBe('matchwerk-export/1');
    expect(json.organizationId).toBe(ownOrganizationId);
    expect(json.tables.organization).toHaveLength(1);
    expect(json.tables.organization![0]!.id).toBe(ownOrganizationId);
    expect(json.tables.postings!.map((posting) => posting.title)).toContain('Export; "Anzeige" mit Umlauten äöü');
    expect(
      json.tables.matchings!.some((matching) => matching.candidateId === applicant.id && matching.state === 'ACCEPTED'),
    ).toBe(true);
    expect(json.tables.messages!.some((message) => message.text === '=Hallo; Zeile\nzwei')).toBe(true);
    expect(json.tables.candidateNotes!.filter((note) => note.matchingId === matching!.id)).toMatchObject([
      { candidateId: applicant.id, postingId: vacancyId, text: 'Notiz: "gut"; Termin vereinbaren' },
    ]);
    expect(files.get('notizen.csv')!.split('\r\n')[0]).toBe(
      '\uFEFFID;Matching-ID;Stellenanzeige-ID;Bewerber-ID;Verfasser-Nutzer-ID;Text;Angelegt am;Geändert am',
    );
    expect(files.get('notizen.csv')).toContain('"Notiz: ""gut""; Termin vereinbaren"');
    expect(json.tables.team!.some((member) => member.email === 'firma@matchwerk.example')).toBe(true);
    expect(json.tables.orders).toHaveLength(ownOrders.length);
    expect(JSON.stringify(json)).not.toContain(OTHER_MARKER);
    expect(JSON.stringify(json)).not.toContain('firma.lichtenfels@matchwerk.example');

    const postingsCsv = files.get('stellenanzeigen.csv')!;
    expect(postingsCsv.startsWith('\uFEFFID;Titel;Art;Aktiv;')).toBe(true);
    expect(postingsCsv).toContain('"Export; ""Anzeige"" mit Umlauten äöü"');
    expect(postingsCsv).not.toContain(OTHER_MARKER);
    const messagesCsv = files.get('nachrichten.csv')!;
    expect(messagesCsv.split('\r\n')[0]).toBe(
      '\uFEFFID;Chat-ID;Bewerber-ID;Nr. im Chat;Absender;Absender-Nutzer-ID;Text;Gesendet am',
    );
    // Formula-looking text is defused, separators and line breaks quoted.
    expect(messagesCsv).toContain(`"'=Hallo; Zeile\nzwei"`);
    for (const [name, content] of files)
      if (name.endsWith('.csv')) expect(content.startsWith('\uFEFF'), name).toBe(true);

    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'organization.exported'), eq(auditLog.organizationId, ownOrganizationId)));
    expect(entry).toMatchObject({ targetType: 'organization', targetId: ownOrganizationId });
  });

  it('reads large tables page by page (more rows than a page)', async () => {
    const db = testApp.database.db;
    const titles = Array.from({ length: 25 }, (_, index) => `Seitenweise ${String(index).padStart(2, '0')}`);
    for (const title of titles) await insertVacancy(db, ownOrganizationId, { title });
    // The app's pages hold 1000 rows; this service reads 7 at a time.
    const service = createExportService({
      db,
      sections: DEFAULT_EXPORT_SECTIONS,
      rateLimitStore: createMemoryRateLimitStore(),
      clock: () => new Date(),
      pageSize: 7,
    });
    const admin: SessionActor = {
      userId: await testApp.userIdOf('admin@matchwerk.example'),
      email: 'admin@matchwerk.example',
      name: 'Admin',
      type: 'ADMIN',
      regions: [],
      organizationId: null,
      emailVerified: true,
      privacyStatementSignedAt: new Date(),
      termsAndConditionsSignedAt: new Date(),
      legalDue: [],
      notifyViaMail: false,
      notificationInterval: 'DAILY',
      organization: null,
      sessionId: 'test',
    };
    const { stream } = await service.exportOrganization(admin, ownOrganizationId);
    const chunks: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
    const files = await unzipText(Buffer.concat(chunks));
    const json = JSON.parse(files.get('matchwerk-export.json')!) as {
      tables: { postings: { id: string; title: string }[] };
    };
    const exported = json.tables.postings.map((posting) => posting.title);
    for (const title of titles) expect(exported).toContain(title);
    expect(new Set(json.tables.postings.map((posting) => posting.id)).size).toBe(json.tables.postings.length);
    const csvRows = files.get('stellenanzeigen.csv')!.trimEnd().split('\r\n').length - 1;
    expect(csvRows).toBe(json.tables.postings.length);
  });

  it('refuses other organisations, partners and statistics users', async () => {
    expect((await send('organisationOther', 'GET', `/rest/organization/${ownOrganizationId}/export`)).statusCode).toBe(
      404,
    );
    expect((await send('organisationOwn', 'GET', `/rest/organization/${otherOrganizationId}/export`)).statusCode).toBe(
      404,
    );
    expect((await send('partnerInRegion', 'GET', `/rest/organization/${ownOrganizationId}/export`)).statusCode).toBe(
      403,
    );
    expect((await send('statistics', 'GET', `/rest/organization/${ownOrganizationId}/export`)).statusCode).toBe(403);
    expect((await send('anonymous', 'GET', `/rest/organization/${ownOrganizationId}/export`)).statusCode).toBe(401);
    expect(
      (await send('admin', 'GET', '/rest/organization/00000000-0000-4000-8000-000000000000/export')).statusCode,
    ).toBe(404);
  });

  it('limits exports per user (5 an hour) with a German message', async () => {
    const colleague = await createTestUser(testApp, { type: 'ORGANIZATION', organization: ownOrganizationId });
    const auth = bearer(await createSessionToken(testApp, colleague.id));
    for (let index = 0; index < 5; index += 1)
      expect((await send(auth, 'GET', `/rest/organization/${ownOrganizationId}/export`)).statusCode).toBe(200);
    const limited = await send(auth, 'GET', `/rest/organization/${ownOrganizationId}/export`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toContain('mehrere Exporte');
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
