/**
 * GET /rest/applicant/export (ADR 0102): the candidate's own ZIP, read back with yauzl: the JSON
 * holds account, profile, acceptances, matchings with the interest note and the answer, chats
 * with their messages and the rows of other tables (secrets left out); the photos are the
 * uploaded files; nothing of another candidate; rate-limited in "du".
 */
import { CURRENT_CANDIDATE_LEGAL_VERSIONS, type ErrorResponse } from '@matchwerk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats, legalAcceptances, matchings, messages, vacancyViews } from '../../db/schema/index';
import { ACTOR_EMAILS, bearer, createSessionToken, createTestUser } from '../../testing/actors';
import { insertOrganization, insertVacancy } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { makeImage, multipartBody } from '../../testing/uploads';
import { unzip } from '../../testing/zip';
import { CANDIDATE_EXPORT_MESSAGES } from './candidate-export.service';

interface ExportJson {
  format: string;
  konto: Record<string, unknown>;
  profil: Record<string, unknown> | null;
  fotos: { file: string | null; mimeType: string }[];
  zustimmungen: { document: string; version: string; forCandidates: boolean }[];
  anfragen: Record<string, unknown>[];
  chats: { company: string; messages: { from: string; text: string; seq: number }[] }[];
  weitereDaten: Record<string, Record<string, unknown>[]>;
}

describe('GET /rest/applicant/export', () => {
  let testApp: TestApp;
  let headers: Record<string, string>;
  let candidateId: string;
  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    const candidate = await createTestUser(testApp, {
      type: 'APPLICANT',
      email: 'export.kandidatin@test.example',
      name: 'Ella Export',
    });
    candidateId = candidate.id;
    headers = bearer(await createSessionToken(testApp, candidate.id));
    const profile = await testApp.app.inject({
      method: 'PUT',
      url: '/rest/applicant/profile',
      headers,
      payload: { names: ['Ella'], familyNames: ['Export'], region: 'SINDELFINGEN', interests: ['Holz', 'Technik'] },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const upload = multipartBody(await makeImage('png', 80, 60), { filename: 'ich.png', contentType: 'image/png' });
    const photo = await testApp.app.inject({
      method: 'POST',
      url: '/rest/applicant/profile/photos',
      headers: { ...headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(photo.statusCode, photo.body).toBe(201);
    await db.insert(legalAcceptances).values([
      {
        userId: candidate.id,
        document: 'CANDIDATE_PRIVACY',
        version: CURRENT_CANDIDATE_LEGAL_VERSIONS.CANDIDATE_PRIVACY,
      },
      { userId: candidate.id, document: 'CANDIDATE_TERMS', version: CURRENT_CANDIDATE_LEGAL_VERSIONS.CANDIDATE_TERMS },
    ]);

    const organizationId = await insertOrganization(db, { name: 'Schreinerei Export', region: 'SINDELFINGEN' });
    const vacancyId = await insertVacancy(db, organizationId, { title: 'Ausbildung Schreiner/in', active: true });
    const declinedId = await insertVacancy(db, organizationId, { title: 'Ferienjob Lager', active: true });
    await db.insert(matchings).values([
      { vacancyId, applicantId: candidate.id, state: 'ACCEPTED', note: 'Ich baue gern Möbel.', decidedAt: new Date() },
      {
        vacancyId: declinedId,
        applicantId: candidate.id,
        state: 'REJECTED',
        decidedAt: new Date(),
        declineMessage: 'Leider schon vergeben – viel Erfolg!',
      },
    ]);
    const [chat] = await db
      .insert(chats)
      .values({ organizationId, applicantId: candidate.id, lastMessageSeq: 2 })
      .returning({ id: chats.id });
    await db.insert(messages).values([
      { chatId: chat!.id, seq: 1, sender: 'ORGANIZATION', text: 'Hallo Ella, wann hast du Zeit?' },
      { chatId: chat!.id, seq: 2, sender: 'APPLICANT', senderUserId: candidate.id, text: 'Am Montag nach der Schule.' },
    ]);
    await db.insert(vacancyViews).values({ vacancyId, applicantId: candidate.id, day: '2026-12-01' });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('answers a ZIP with all of the candidate’s data and the photo files, and nothing of others', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/rest/applicant/export', headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="matchwerk-meine-daten-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const files = await unzip(response.rawPayload);
    const names = [...files.keys()].sort();
    expect(names.filter((name) => !name.startsWith('fotos/'))).toEqual(['LIESMICH.txt', 'meine-daten.json']);
    expect(names.filter((name) => name.startsWith('fotos/'))).toEqual([
      expect.stringMatching(/^fotos\/foto-1\.(webp|jpg|png)$/),
    ]);
    expect(files.get('LIESMICH.txt')!.toString('utf8')).toContain('alles, was Matchwerk über dich gespeichert hat');

    const json = JSON.parse(files.get('meine-daten.json')!.toString('utf8')) as ExportJson;
    expect(json.format).toBe('matchwerk-bewerber-export/1');
    expect(json.konto).toMatchObject({ id: candidateId, email: 'export.kandidatin@test.example', name: 'Ella Export' });
    expect(json.profil).toMatchObject({ names: ['Ella'], familyNames: ['Export'], interests: ['Holz', 'Technik'] });
    expect(
      json.zustimmungen
        .filter((row) => row.forCandidates)
        .map((row) => row.document)
        .sort(),
    ).toEqual(['CANDIDATE_PRIVACY', 'CANDIDATE_TERMS']);
    expect(json.anfragen).toEqual([
      expect.objectContaining({
        postingTitle: 'Ausbildung Schreiner/in',
        company: 'Schreinerei Export',
        state: 'ACCEPTED',
        note: 'Ich baue gern Möbel.',
      }),
      expect.objectContaining({
        postingTitle: 'Ferienjob Lager',
        state: 'REJECTED',
        declineMessage: 'Leider schon vergeben – viel Erfolg!',
      }),
    ]);
    expect(json.chats).toEqual([
      expect.objectContaining({
        company: 'Schreinerei Export',
        messages: [
          expect.objectContaining({ seq: 1, from: 'ORGANIZATION', text: 'Hallo Ella, wann hast du Zeit?' }),
          expect.objectContaining({ seq: 2, from: 'APPLICANT', text: 'Am Montag nach der Schule.' }),
        ],
      }),
    ]);
    // Other tables holding the candidate's data come along, found in the catalogue.
    expect(json.weitereDaten.vacancy_views).toEqual([expect.objectContaining({ day: '2026-12-01' })]);
    expect(Object.keys(json.weitereDaten)).not.toContain('auth_sessions');

    // The photo is the stored image file.
    expect(json.fotos).toHaveLength(1);
    const photoFile = json.fotos[0]!.file!;
    const bytes = files.get(photoFile)!;
    expect(bytes.length).toBeGreaterThan(20);
    const magic = { 'image/webp': 'RIFF', 'image/jpeg': '\xff\xd8', 'image/png': '\x89PNG' }[json.fotos[0]!.mimeType];
    expect(bytes.subarray(0, magic!.length).toString('latin1')).toBe(magic);

    // No secret and nothing of another candidate.
    const text = files.get('meine-daten.json')!.toString('utf8');
    expect(text).not.toMatch(/"(password|token|tokenHash|token_hash)"/);
    expect(text).not.toContain(ACTOR_EMAILS.applicant);
  });

  it('is the candidate’s own: web-app users 403, signed out 401', async () => {
    const employer = bearer(await createSessionToken(testApp, await testApp.userIdOf(ACTOR_EMAILS.organisationOwn)));
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/rest/applicant/export', headers: employer })).statusCode,
    ).toBe(403);
    expect((await testApp.app.inject({ method: 'GET', url: '/rest/applicant/export' })).statusCode).toBe(401);
  });

  it('refuses more than five exports an hour with a friendly German 429 in "du"', async () => {
    const statuses: number[] = [];
    let last: ErrorResponse | null = null;
    let retryAfter: unknown;
    for (let i = 0; i < 6; i += 1) {
      const response = await testApp.app.inject({ method: 'GET', url: '/rest/applicant/export', headers });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        last = response.json<ErrorResponse>();
        retryAfter = response.headers['retry-after'];
      }
    }
    // One export already went out in the first test: four more, then refused.
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect(last?.message).toBe(CANDIDATE_EXPORT_MESSAGES.rateLimited);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
