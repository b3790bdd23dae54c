import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZATION_TABLE, type AuthorizationFixtures } from './authorization.table';
import {
  ACTOR_EMAILS,
  ACTOR_NAMES,
  actorHeaders,
  bearer,
  createSessionToken,
  createTestUser,
  type ActorName,
} from './testing/actors';
import { and, asc, eq } from 'drizzle-orm';
import {
  authSessions,
  chats,
  matchings,
  organizationInvitations,
  organizations,
  photos,
  users,
  vacancies,
} from './db/schema/index';
import { PUBLIC_AUTH_ENDPOINTS } from './plugins/auth';
import { AUTH_BASE_PATH } from './plugins/auth-config';
import { insertOrganization, insertVacancy, vacancyInput } from './testing/fixtures';
import { createTestApp, type TestApp } from './testing/test-app';
import { makeImage, multipartBody } from './testing/uploads';

const AUTH_WILDCARD = `${AUTH_BASE_PATH}/*`;

/** Routes every table must cover: everything under /rest but the better-auth wildcard (expanded below) and the API docs. */
function isCoveredRoute(url: string): boolean {
  if (!url.startsWith('/rest')) return false;
  if (url === AUTH_WILDCARD) return false;
  if (url.startsWith('/rest/docs') || url === '/rest/openapi.json') return false;
  return true;
}

/** The better-auth mount is one wildcard route: each endpoint it lets through counts as a route of its own. */
function exposedAuthRoutes(): string[] {
  return [...PUBLIC_AUTH_ENDPOINTS].map((entry) => {
    const [method, path] = entry.split(' ');
    return `${method} ${AUTH_BASE_PATH}${path}`;
  });
}

function emptyHeaders(): Record<ActorName, Record<string, string>> {
  return Object.fromEntries(ACTOR_NAMES.map((actor) => [actor, {}])) as Record<ActorName, Record<string, string>>;
}

const registered = new Set<string>();
let testApp: TestApp;
let headers: Record<ActorName, Record<string, string>>;
let fixtures: AuthorizationFixtures;

beforeAll(async () => {
  testApp = await createTestApp({
    onRoute: (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods)
        if (method !== 'HEAD' && isCoveredRoute(route.url)) registered.add(`${method} ${route.url}`);
      if (route.url === AUTH_WILDCARD) for (const exposed of exposedAuthRoutes()) registered.add(exposed);
    },
  });
  headers = await actorHeaders(testApp);
  const own = await testApp.app.inject({
    method: 'GET',
    url: '/rest/users/current-user',
    headers: headers.organisationOwn,
  });
  const other = await testApp.app.inject({
    method: 'GET',
    url: '/rest/users/current-user',
    headers: headers.organisationOther,
  });
  const ownOrganizationId = own.json<{ organizationId: string }>().organizationId;
  const db = testApp.database.db;
  const [withPhoto] = await db
    .select({ vacancyId: photos.vacancyId, photoId: photos.id })
    .from(photos)
    .innerJoin(vacancies, eq(vacancies.id, photos.vacancyId))
    .where(and(eq(vacancies.organizationId, ownOrganizationId), eq(photos.position, 0)))
    .orderBy(asc(vacancies.title))
    .limit(1);
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, ownOrganizationId));
  const disposableVacancyIds = {} as Record<ActorName, string>;
  const disposableOrganizationIds = {} as Record<ActorName, string>;
  for (const actor of ACTOR_NAMES) {
    disposableVacancyIds[actor] = await insertVacancy(db, ownOrganizationId, { title: `Wegwerf ${actor}` });
    disposableOrganizationIds[actor] = await insertOrganization(db, {
      name: `Wegwerf GmbH ${actor}`,
      region: 'SINDELFINGEN',
    });
  }
  // Marketplace: the applicant actor has an accepted chat with the own organisation, photos,
  // and an OPEN matching to withdraw; each actor gets a fresh OPEN matching to decide.
  const applicantId = await testApp.userIdOf(ACTOR_EMAILS.applicant);
  const activeVacancyId = await insertVacancy(db, ownOrganizationId, { title: 'Aktiv für Bewerber', active: true });
  const withdrawVacancyId = await insertVacancy(db, ownOrganizationId, { title: 'Zum Zurückziehen', active: true });
  const acceptedVacancyId = await insertVacancy(db, ownOrganizationId, { title: 'Angenommen', active: true });
  await db.insert(matchings).values([
    { vacancyId: withdrawVacancyId, applicantId, state: 'OPEN' },
    { vacancyId: acceptedVacancyId, applicantId, state: 'ACCEPTED', decidedAt: new Date() },
  ]);
  await db.insert(chats).values({ organizationId: ownOrganizationId, applicantId }).onConflictDoNothing();
  const image = multipartBody(await makeImage('png'), { filename: 'bild.png', contentType: 'image/png' });
  const uploadAs = async (url: string, actorHeaders: Record<string, string>) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url,
      headers: { ...actorHeaders, ...image.headers },
      payload: image.payload,
    });
    return response.json<{ photoId: string }>().photoId;
  };
  const applicantPhotoId = await uploadAs('/rest/applicant/profile/photos', headers.applicant);
  const applicantDisposablePhotoId = await uploadAs('/rest/applicant/profile/photos', headers.applicant);
  const activeVacancyPhotoId = await uploadAs(`/rest/vacancy/${activeVacancyId}/photos`, headers.organisationOwn);
  const openMatchingApplicantIds = {} as Record<ActorName, string>;
  for (const actor of ACTOR_NAMES) {
    const candidate = await createTestUser(testApp, { type: 'APPLICANT' });
    await db.insert(matchings).values({ vacancyId: activeVacancyId, applicantId: candidate.id, state: 'OPEN' });
    openMatchingApplicantIds[actor] = candidate.id;
  }
  // Throwaway users of each actor's kind for the auth endpoints that end sessions.
  const throwawaySessions: AuthorizationFixtures['throwawaySessions'] = {
    signOut: emptyHeaders(),
    revokeSessions: emptyHeaders(),
    revokeOtherSessions: emptyHeaders(),
  };
  for (const actor of ACTOR_NAMES) {
    if (actor === 'anonymous') continue;
    const [kind] = await db
      .select()
      .from(users)
      .where(eq(users.id, await testApp.userIdOf(ACTOR_EMAILS[actor])));
    for (const endpoint of Object.keys(throwawaySessions) as (keyof typeof throwawaySessions)[]) {
      const clone = await createTestUser(testApp, {
        type: kind!.type,
        regions: kind!.regions,
        ...(kind!.organizationId ? { organization: kind!.organizationId } : {}),
      });
      // Two sessions, so revoke-other-sessions has something to end.
      await createSessionToken(testApp, clone.id);
      throwawaySessions[endpoint][actor] = bearer(await createSessionToken(testApp, clone.id));
    }
  }
  const bystander = await createTestUser(testApp, { type: 'ORGANIZATION', organization: ownOrganizationId });
  // Team: a fresh open invitation and a fresh colleague of the own organisation per actor.
  const disposableInvitationIds = {} as Record<ActorName, string>;
  const disposableColleagueIds = {} as Record<ActorName, string>;
  for (const actor of ACTOR_NAMES) {
    const [invitation] = await db
      .insert(organizationInvitations)
      .values({
        organizationId: ownOrganizationId,
        email: `offen-${actor.toLowerCase()}@test.example`,
        name: 'Olga Offen',
        tokenHash: `hash-${actor}`,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: organizationInvitations.id });
    disposableInvitationIds[actor] = invitation!.id;
    disposableColleagueIds[actor] = (
      await createTestUser(testApp, { type: 'ORGANIZATION', organization: ownOrganizationId })
    ).id;
  }
  // User administration: one unconfirmed, invited user to edit and mail, one fresh user per actor to delete.
  const manageable = await createTestUser(testApp, {
    type: 'ORGANIZATION',
    organization: ownOrganizationId,
    emailVerified: false,
    withoutPassword: true,
    name: 'Uwe Unbestätigt',
  });
  const disposableUserIds = {} as Record<ActorName, string>;
  for (const actor of ACTOR_NAMES)
    disposableUserIds[actor] = (
      await createTestUser(testApp, { type: 'ORGANIZATION', organization: ownOrganizationId })
    ).id;
  // Orders: a product and orders of the own organisation, created through the API as the admin.
  const productResponse = await testApp.app.inject({
    method: 'POST',
    url: '/rest/products',
    headers: headers.admin,
    payload: {
      name: 'Berechtigungstest-Paket',
      durationMonths: 3,
      postingsCount: 1,
      priceNetCents: 19900,
      active: true,
    },
  });
  const productId = productResponse.json<{ id: string }>().id;
  const createOrder = async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/rest/orders',
      headers: headers.admin,
      payload: { organizationId: ownOrganizationId, productId, quantity: 1, periodStart: '2026-02-01' },
    });
    return response.json<{ id: string }>().id;
  };
  const ownOrderId = await createOrder();
  const disposableOrderIds = {} as Record<ActorName, string>;
  for (const actor of ACTOR_NAMES) disposableOrderIds[actor] = await createOrder();
  const feedbackForm = multipartBody(await makeImage('png'), {
    filename: 'screenshot.png',
    contentType: 'image/png',
    fields: { category: 'PROBLEM', message: 'Die Liste lädt nicht.', page: '/vacancies' },
  });
  const feedback = await testApp.app.inject({
    method: 'POST',
    url: '/rest/feedback',
    headers: { ...headers.organisationOwn, ...feedbackForm.headers },
    payload: feedbackForm.payload,
  });
  // Safeguarding (ADR 0101): a report about the own organisation, so its partner works it.
  const report = await testApp.app.inject({
    method: 'POST',
    url: '/rest/applicant/reports',
    headers: headers.applicant,
    payload: { subject: 'ORGANIZATION', targetId: ownOrganizationId, reason: 'FAKE' },
  });
  // Notes (issue 14): on the applicant actor's accepted matching, written by the organisationOwn user.
  const notedMatching = { vacancyId: acceptedVacancyId, applicantId };
  const writeNote = async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/rest/matching/organization/notes',
      headers: headers.organisationOwn,
      payload: { ...notedMatching, text: 'Gute Noten in Mathe.' },
    });
    return response.json<{ id: string }>().id;
  };
  const ownNoteId = await writeNote();
  const disposableNoteIds = {} as Record<ActorName, string>;
  for (const actor of ACTOR_NAMES) disposableNoteIds[actor] = await writeNote();
  fixtures = {
    notedMatching,
    ownNoteId,
    disposableNoteIds,
    feedbackForm,
    feedbackId: feedback.json<{ id: string }>().id,
    reportId: report.json<{ id: string }>().id,
    productId,
    ownOrderId,
    disposableOrderIds,
    throwawaySessions,
    manageableUser: { id: manageable.id, email: manageable.email },
    disposableUserIds,
    foreignSessionToken: await createSessionToken(testApp, bystander.id),
    disposableInvitationIds,
    disposableColleagueIds,
    ownOrganizationId,
    otherOrganizationId: other.json<{ organizationId: string }>().organizationId,
    ownUserId: own.json<{ id: string }>().id,
    ownVacancyId: withPhoto!.vacancyId!,
    ownVacancyPhotoId: withPhoto!.photoId,
    ownLogoPhotoId: organization!.logoPhotoId!,
    disposableVacancyIds,
    disposableOrganizationIds,
    upload: multipartBody(await makeImage('png'), { filename: 'logo.png', contentType: 'image/png' }),
    ownOrganizationInput: { name: organization!.name, region: organization!.region, links: {} },
    vacancyInput: vacancyInput(),
    applicantId,
    applicantPhotoId,
    applicantDisposablePhotoId,
    activeVacancyId,
    activeVacancyPhotoId,
    withdrawVacancyId,
    openMatchingApplicantIds,
  };
});

afterAll(async () => {
  await testApp?.close();
});

describe('authorization table', () => {
  it('has a row for every registered /rest route (and no stale rows)', () => {
    const rows = new Set(AUTHORIZATION_TABLE.map((row) => `${row.method} ${row.route}`));
    const missing = [...registered].filter((route) => !rows.has(route)).sort();
    const stale = [...rows].filter((route) => !registered.has(route)).sort();
    expect(missing, 'routes without a row in authorization.table.ts').toEqual([]);
    expect(stale, 'rows for routes that do not exist').toEqual([]);
    expect(rows.size).toBe(AUTHORIZATION_TABLE.length);
  });

  it('uses actors that are what their names say', () => {
    expect(Object.keys(ACTOR_EMAILS).sort()).toEqual(ACTOR_NAMES.filter((name) => name !== 'anonymous').sort());
    expect(fixtures.ownOrganizationId).not.toEqual(fixtures.otherOrganizationId);
  });

  it("lists only the caller's own sessions", async () => {
    const owner = await createTestUser(testApp, { type: 'ORGANIZATION', organization: fixtures.ownOrganizationId });
    const colleague = await createTestUser(testApp, { type: 'ORGANIZATION', organization: fixtures.ownOrganizationId });
    const ownTokens = [await createSessionToken(testApp, owner.id), await createSessionToken(testApp, owner.id)];
    await createSessionToken(testApp, colleague.id);
    const response = await testApp.app.inject({
      method: 'GET',
      url: `${AUTH_BASE_PATH}/list-sessions`,
      headers: bearer(ownTokens[0]!),
    });
    expect(response.statusCode).toBe(200);
    const sessions = response.json<{ id: string; userId: string }[]>();
    const ownIds = await testApp.database.db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(eq(authSessions.userId, owner.id));
    expect(sessions.map((session) => session.userId)).toEqual([owner.id, owner.id]);
    expect(sessions.map((session) => session.id).sort()).toEqual(ownIds.map((row) => row.id).sort());
  });

  it("cannot revoke another user's session: it stays valid", async () => {
    const victim = await createTestUser(testApp, { type: 'ORGANIZATION', organization: fixtures.ownOrganizationId });
    const victimToken = await createSessionToken(testApp, victim.id);
    for (const actor of ACTOR_NAMES) {
      if (actor === 'anonymous') continue;
      await testApp.app.inject({
        method: 'POST',
        url: `${AUTH_BASE_PATH}/revoke-session`,
        headers: headers[actor],
        payload: { token: victimToken },
      });
    }
    const stored = await testApp.database.db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(eq(authSessions.token, victimToken));
    expect(stored).toHaveLength(1);
    const me = await testApp.app.inject({
      method: 'GET',
      url: '/rest/users/current-user',
      headers: bearer(victimToken),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ id: string }>().id).toBe(victim.id);
    // The control: revoking it with its own session does end it.
    await testApp.app.inject({
      method: 'POST',
      url: `${AUTH_BASE_PATH}/revoke-session`,
      headers: bearer(victimToken),
      payload: { token: victimToken },
    });
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/rest/users/current-user', headers: bearer(victimToken) }))
        .statusCode,
    ).toBe(401);
  });

  for (const row of AUTHORIZATION_TABLE) {
    it(`${row.method} ${row.route}`, async () => {
      const actual: Partial<Record<ActorName, number>> = {};
      for (const actor of ACTOR_NAMES) {
        const concrete = row.request?.(fixtures, actor) ?? {};
        const response = await testApp.app.inject({
          method: row.method,
          url: concrete.url ?? row.route,
          headers: { ...headers[actor], ...concrete.headers },
          ...(concrete.payload === undefined ? {} : { payload: concrete.payload as Record<string, unknown> | Buffer }),
        });
        actual[actor] = response.statusCode;
      }
      expect(actual).toEqual(row.expect);
    });
  }
});
