/**
 * User administration end to end (PGlite; PostgreSQL with TEST_DATABASE_URL): scoping of
 * partners, create by invitation (no password; the link sets it, ADR 0124), "Eingeladen" in the
 * list, resending the invitation, duplicate e-mail, edit and role change, disable (sign-in
 * refused, open session refused), self and last-administrator rules, mails on request, delete,
 * audit entries.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  ERROR_MESSAGES,
  USER_ADMIN_MESSAGES,
  type UserListItem,
  type UserListResponse,
} from '@matchwerk/shared';
import { auditLog, authAccounts, authSessions, authUsers, authVerifications, users } from '../../db/schema/index';
import { ACTOR_EMAILS, bearer, createSessionToken, createTestUser, signIn } from '../../testing/actors';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { createUserAdminRepository, LastAdminError } from './user-admin.repository';

const PASSWORD = 'Ein-gutes-Passwort-2026';

let testApp: TestApp;
let admin: Record<string, string>;
let partner: Record<string, string>;
let partnerOther: Record<string, string>;
let adminId: string;
let ownOrganizationId: string;
let otherOrganizationId: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(headers: Record<string, string>, method: Method, url: string, payload?: unknown) {
  return testApp.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
const list = async (headers: Record<string, string>, query = '') => {
  const response = await call(headers, 'GET', `/rest/users/${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<UserListResponse>();
};
const headersOf = async (email: string) => bearer(await createSessionToken(testApp, await testApp.userIdOf(email)));
const orgUser = (organizationId: string, emailVerified = true) =>
  createTestUser(testApp, { type: 'ORGANIZATION', organization: organizationId, emailVerified });

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await headersOf(ACTOR_EMAILS.admin);
  partner = await headersOf(ACTOR_EMAILS.partnerInRegion);
  partnerOther = await headersOf(ACTOR_EMAILS.partnerOutOfRegion);
  adminId = await testApp.userIdOf(ACTOR_EMAILS.admin);
  const [own] = await testApp.database.db
    .select()
    .from(users)
    .where(eq(users.id, await testApp.userIdOf(ACTOR_EMAILS.organisationOwn)));
  const [other] = await testApp.database.db
    .select()
    .from(users)
    .where(eq(users.id, await testApp.userIdOf(ACTOR_EMAILS.organisationOther)));
  ownOrganizationId = own!.organizationId!;
  otherOrganizationId = other!.organizationId!;
});
afterAll(async () => {
  await testApp?.close();
});

describe('GET /rest/users/', () => {
  it('admins see every user but applicants; partners only organisation users of their regions', async () => {
    const all = await list(admin, '?pageSize=100');
    const emails = all.items.map((item) => item.email);
    expect(emails).toContain(ACTOR_EMAILS.admin);
    expect(emails).toContain(ACTOR_EMAILS.statistics);
    expect(emails).not.toContain(ACTOR_EMAILS.applicant);
    expect(all.items.every((item) => item.type !== ('APPLICANT' as string))).toBe(true);

    const scoped = await list(partner, '?pageSize=100');
    expect(scoped.items.length).toBeGreaterThan(0);
    expect(
      scoped.items.every((item) => item.type === 'ORGANIZATION' && item.organization?.region === 'SINDELFINGEN'),
    ).toBe(true);
    expect(scoped.items.map((item) => item.email)).toContain(ACTOR_EMAILS.organisationOwn);
    expect(scoped.total).toBe(scoped.items.length);
    // Asking for admins does not widen a partner's view.
    expect((await list(partner, '?type=ADMIN')).total).toBe(0);
  });

  it('pages, searches (LIKE characters literal) and filters', async () => {
    const page = await list(admin, '?pageSize=2&page=1&sort=email&order=desc');
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThan(4);
    expect((await list(admin, `?search=${encodeURIComponent('firma@')}`)).items.map((item) => item.email)).toEqual([
      ACTOR_EMAILS.organisationOwn,
    ]);
    expect((await list(admin, '?search=%25')).total).toBe(0);
    // By the organisation's name, any case, umlauts included (trigram indexes, ADR 0028).
    const byCompany = await list(admin, `?search=${encodeURIComponent('PRÄZISIONSTECHNIK')}`);
    expect(byCompany.items.length).toBeGreaterThan(0);
    expect(byCompany.items.every((item) => item.organization?.id === ownOrganizationId)).toBe(true);
    expect(byCompany.items.map((item) => item.email)).toContain(ACTOR_EMAILS.organisationOwn);
    const byOrganizationName = await list(admin, `?organizationId=${ownOrganizationId}`);
    expect(byOrganizationName.items.every((item) => item.organization?.id === ownOrganizationId)).toBe(true);
    expect((await list(admin, '?type=STATISTICS')).items.map((item) => item.email)).toEqual([ACTOR_EMAILS.statistics]);
    expect((await list(admin, '?emailVerified=false')).items.every((item) => !item.emailVerified)).toBe(true);
    expect((await list(admin, '?region=LICHTENFELS')).items.map((item) => item.email)).toEqual(
      expect.arrayContaining([ACTOR_EMAILS.organisationOther, ACTOR_EMAILS.partnerOutOfRegion]),
    );
    expect((await call(admin, 'GET', '/rest/users/?type=APPLICANT')).statusCode).toBe(400);
  });

  it('refuses statistics and organisation users (403) and anonymous callers (401)', async () => {
    expect((await call(await headersOf(ACTOR_EMAILS.statistics), 'GET', '/rest/users/')).statusCode).toBe(403);
    expect((await call(await headersOf(ACTOR_EMAILS.organisationOwn), 'GET', '/rest/users/')).statusCode).toBe(403);
    expect((await call({}, 'GET', '/rest/users/')).statusCode).toBe(401);
  });
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** Sets the password with the mailed link, as the web's /authaction page does (better-auth's reset). */
function setPassword(token: string, newPassword = PASSWORD) {
  return testApp.app.inject({
    method: 'POST',
    url: API_PATHS.resetPassword,
    headers: { origin: TEST_ORIGIN },
    payload: { token, newPassword },
  });
}
const statusOf = async (token: string) =>
  (await call({}, 'GET', `${API_PATHS.resetPasswordStatus}?token=${encodeURIComponent(token)}`)).json<{
    valid: boolean;
  }>().valid;
const auditActions = async (userId: string) =>
  (await testApp.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, userId)))
    .map((row) => row.action)
    .sort();

describe('POST /rest/users/organization', () => {
  it('a partner invites an organisation user: no password until the mailed link sets one, then sign-in works', async () => {
    const email = 'neue.kollegin@test.example';
    const response = await call(partner, 'POST', '/rest/users/organization', {
      type: 'ORGANIZATION',
      email: 'Neue.Kollegin@test.example',
      name: 'Nora Neu',
      organization: ownOrganizationId,
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<UserListItem>();
    expect(created).toMatchObject({
      email,
      name: 'Nora Neu',
      type: 'ORGANIZATION',
      emailVerified: true,
      disabled: false,
      lastSignInAt: null,
      invitationPending: true,
    });
    // No credential account: nobody can sign in yet, with whatever password.
    expect(
      await testApp.database.db.select().from(authAccounts).where(eq(authAccounts.userId, created.id)),
    ).toHaveLength(0);
    expect((await signIn(testApp, email, PASSWORD)).statusCode).toBe(401);

    // The German invitation ("Sie"): who, for which company, the link to /authaction, 7 days.
    const mail = testApp.mailer.lastTo(email);
    expect(mail?.subject).toBe('Einladung zu Matchwerk: Schwabenwerk Präzisionstechnik GmbH');
    expect(mail?.text).toContain('Paul Partner (partner@matchwerk.example) hat Ihnen für Schwabenwerk');
    expect(mail?.text).toContain('Mit dem folgenden Link legen Sie Ihr Passwort selbst fest. Er ist 7 Tage gültig');
    const token = testApp.tokenFrom(email, 'resetPassword');
    const [stored] = await testApp.database.db
      .select({ expiresAt: authVerifications.expiresAt })
      .from(authVerifications)
      .where(eq(authVerifications.identifier, `reset-password:${token}`));
    expect(Math.abs(stored!.expiresAt.getTime() - Date.now() - 7 * DAY_MS)).toBeLessThan(60_000);
    expect(await statusOf(token)).toBe(true);
    expect((await list(partner, `?search=${encodeURIComponent(email)}`)).items[0]?.invitationPending).toBe(true);

    // The password policy applies on the link as everywhere; the link works once.
    expect((await setPassword(token, 'passwort1234')).statusCode).toBe(400);
    expect((await setPassword(token)).statusCode).toBe(200);
    expect((await setPassword(token, 'Ein-anderes-Passwort-99')).statusCode).toBe(400);
    expect(await statusOf(token)).toBe(false);

    const signedIn = await signIn(testApp, email, PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const me = await call(bearer(signedIn.json<{ token: string }>().token), 'GET', '/rest/users/current-user');
    expect(me.json()).toMatchObject({
      type: 'ORGANIZATION',
      organizationId: ownOrganizationId,
      privacyStatementSignedAt: null,
      termsAndConditionsSignedAt: null,
    });
    expect((await list(partner, `?search=${encodeURIComponent(email)}`)).items[0]?.invitationPending).toBe(false);
    const [audit] = await testApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, created.id), eq(auditLog.action, 'user.created')));
    expect(audit).toMatchObject({ actorEmail: ACTOR_EMAILS.partnerInRegion, regions: ['SINDELFINGEN'] });
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it('refuses a password in the create and the edit request with a German 400, creating nothing', async () => {
    const input = {
      type: 'ORGANIZATION',
      email: 'mit.passwort@test.example',
      name: 'Pia Passwort',
      organization: ownOrganizationId,
    };
    const created = await call(admin, 'POST', '/rest/users/organization', { ...input, password: PASSWORD });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { _: 'Die Anfrage enthält unbekannte Felder: password.' },
    });
    expect(
      await testApp.database.db.select().from(authUsers).where(eq(authUsers.email, 'mit.passwort@test.example')),
    ).toHaveLength(0);
    expect(testApp.mailer.lastTo('mit.passwort@test.example')).toBeUndefined();
    const user = await orgUser(ownOrganizationId);
    const edited = await call(admin, 'PUT', `/rest/users/${user.id}`, {
      ...input,
      email: user.email,
      password: PASSWORD,
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toEqual({
      _: 'Die Anfrage enthält unbekannte Felder: password.',
    });
  });

  it('answers a duplicate e-mail with a German error on the field', async () => {
    const response = await call(admin, 'POST', '/rest/users/organization', {
      type: 'ORGANIZATION',
      email: ACTOR_EMAILS.organisationOwn,
      name: 'Doppelt',
      organization: ownOrganizationId,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toEqual({
      email: USER_ADMIN_MESSAGES.emailTaken,
    });
  });

  it("refuses other regions' organisations and other types for partners", async () => {
    const base = { type: 'ORGANIZATION', email: 'x1@test.example', name: 'X', organization: ownOrganizationId };
    const foreign = await call(partner, 'POST', '/rest/users/organization', {
      ...base,
      organization: otherOrganizationId,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ fieldErrors: Record<string, string> }>().fieldErrors.organization).toBe(
      USER_ADMIN_MESSAGES.organizationNotFound,
    );
    const statistics = await call(partner, 'POST', '/rest/users/organization', {
      type: 'STATISTICS',
      email: 'x2@test.example',
      name: 'X',
    });
    expect(statistics.statusCode).toBe(403);
  });

  it('admins invite regional partners and statistics users (the mail names no company)', async () => {
    const partnerResponse = await call(admin, 'POST', '/rest/users/organization', {
      type: 'REGIONAL_PARTNER',
      email: 'rp@test.example',
      name: 'Rita Partner',
      regions: ['HORB', 'SOEST', 'HORB'],
    });
    expect(partnerResponse.statusCode, partnerResponse.body).toBe(201);
    expect(partnerResponse.json<UserListItem>()).toMatchObject({
      type: 'REGIONAL_PARTNER',
      regions: ['HORB', 'SOEST'],
      organization: null,
      invitationPending: true,
    });
    expect(testApp.mailer.lastTo('rp@test.example')?.subject).toBe('Einladung zu Matchwerk');
    expect(testApp.mailer.lastTo('rp@test.example')?.text).toContain(
      'Anna Admin (admin@matchwerk.example) hat Ihnen einen Zugang zu Matchwerk eingerichtet.',
    );
    const noRegions = await call(admin, 'POST', '/rest/users/organization', {
      type: 'REGIONAL_PARTNER',
      email: 'rp2@test.example',
      name: 'R',
      regions: [],
    });
    expect(noRegions.statusCode).toBe(400);
    const statistics = await call(admin, 'POST', '/rest/users/organization', {
      type: 'STATISTICS',
      email: 'stat2@test.example',
      name: 'Sina Statistik',
      region: 'SOEST',
    });
    expect(statistics.json<UserListItem>()).toMatchObject({ type: 'STATISTICS', regions: ['SOEST'] });
    const allRegions = await call(admin, 'POST', '/rest/users/organization', {
      type: 'STATISTICS',
      email: 'stat3@test.example',
      name: 'Sven Statistik',
    });
    expect(allRegions.json<UserListItem>()).toMatchObject({ type: 'STATISTICS', regions: [] });
  });
});

describe('POST /rest/users/:userId/resend-invitation', () => {
  const invite = async (email: string) => {
    const response = await call(partner, 'POST', '/rest/users/organization', {
      type: 'ORGANIZATION',
      email,
      name: 'Ina Eingeladen',
      organization: ownOrganizationId,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<UserListItem>();
  };

  it('sends a new link; the earlier one stops working; audited as "Einladung gesendet"', async () => {
    const user = await invite('nochmal@test.example');
    const first = testApp.tokenFrom(user.email, 'resetPassword');
    const resent = await call(admin, 'POST', `/rest/users/${user.id}/resend-invitation`);
    expect(resent.statusCode, resent.body).toBe(200);
    const second = testApp.tokenFrom(user.email, 'resetPassword');
    expect(second).not.toBe(first);
    expect(testApp.mailer.lastTo(user.email)?.text).toContain('Anna Admin (admin@matchwerk.example) hat Ihnen');
    expect(await statusOf(first)).toBe(false);
    expect((await setPassword(first)).statusCode).toBe(400);
    expect((await setPassword(second)).statusCode).toBe(200);
    expect(await auditActions(user.id)).toEqual(['invitation.sent', 'user.created']);
  });

  it('refuses a user who has a password (409, German), and other regions (404)', async () => {
    const user = await orgUser(ownOrganizationId);
    const refused = await call(partner, 'POST', `/rest/users/${user.id}/resend-invitation`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(USER_ADMIN_MESSAGES.passwordAlreadySet);
    const invited = await invite('fremde.region@test.example');
    expect((await call(partnerOther, 'POST', `/rest/users/${invited.id}/resend-invitation`)).statusCode).toBe(404);
  });

  it('a changed address of an invited user gets a new invitation; the old link dies; no re-confirmation', async () => {
    const user = await invite('vertippt@test.exmaple');
    const old = testApp.tokenFrom(user.email, 'resetPassword');
    const response = await call(partner, 'PUT', `/rest/users/${user.id}`, {
      type: 'ORGANIZATION',
      email: 'richtig@test.example',
      name: user.name,
      organization: ownOrganizationId,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<UserListItem>()).toMatchObject({
      email: 'richtig@test.example',
      emailVerified: true,
      invitationPending: true,
    });
    expect(await statusOf(old)).toBe(false);
    const mail = testApp.mailer.lastTo('richtig@test.example');
    expect(mail?.subject).toMatch(/^Einladung zu Matchwerk/);
    expect((await setPassword(testApp.tokenFrom('richtig@test.example', 'resetPassword'))).statusCode).toBe(200);
    expect((await signIn(testApp, 'richtig@test.example', PASSWORD)).statusCode).toBe(200);
    expect(await auditActions(user.id)).toEqual(['invitation.sent', 'user.created', 'user.updated']);
    // Only the new link was stored; nothing of the old address is left.
    expect(
      await testApp.database.db
        .select()
        .from(authVerifications)
        .where(and(eq(authVerifications.value, user.id), like(authVerifications.identifier, 'reset-password:%'))),
    ).toHaveLength(0);
  });
});

describe('PUT /rest/users/:userId', () => {
  it('a partner edits a user of its region but cannot move it into another region or reach other regions', async () => {
    const user = await orgUser(ownOrganizationId);
    const edited = await call(partner, 'PUT', `/rest/users/${user.id}`, {
      type: 'ORGANIZATION',
      email: user.email,
      name: 'Neuer Name',
      organization: ownOrganizationId,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<UserListItem>().name).toBe('Neuer Name');
    const moved = await call(partner, 'PUT', `/rest/users/${user.id}`, {
      type: 'ORGANIZATION',
      email: user.email,
      name: 'X',
      organization: otherOrganizationId,
    });
    expect(moved.statusCode).toBe(400);
    expect(
      (
        await call(partnerOther, 'PUT', `/rest/users/${user.id}`, {
          type: 'ORGANIZATION',
          email: user.email,
          name: 'X',
          organization: ownOrganizationId,
        })
      ).statusCode,
    ).toBe(404);
    // Admins and statistics users are invisible to partners.
    expect(
      (await call(partner, 'PUT', `/rest/users/${adminId}`, { type: 'ADMIN', email: ACTOR_EMAILS.admin, name: 'X' }))
        .statusCode,
    ).toBe(404);
  });

  it('a role change is recorded and takes effect on the open session at once', async () => {
    const user = await orgUser(ownOrganizationId);
    const session = bearer(await createSessionToken(testApp, user.id));
    expect((await call(session, 'GET', '/rest/vacancy')).statusCode).toBe(200);
    const changed = await call(admin, 'PUT', `/rest/users/${user.id}`, {
      type: 'STATISTICS',
      email: user.email,
      name: 'Stat',
      region: null,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call(session, 'GET', '/rest/vacancy')).statusCode).toBe(403);
    const actions = await testApp.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, user.id));
    expect(actions.map((row) => row.action).sort()).toEqual(['user.role_changed', 'user.updated']);
  });

  it('an admin cannot demote themselves', async () => {
    const response = await call(admin, 'PUT', `/rest/users/${adminId}`, {
      type: 'STATISTICS',
      email: ACTOR_EMAILS.admin,
      name: 'Anna Admin',
      region: null,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors.type).toBe(
      USER_ADMIN_MESSAGES.selfDemote,
    );
  });

  it('a changed e-mail must be confirmed again: sessions end, a link goes to the new address', async () => {
    const user = await orgUser(ownOrganizationId);
    const session = bearer(await createSessionToken(testApp, user.id));
    const taken = await call(admin, 'PUT', `/rest/users/${user.id}`, {
      type: 'ORGANIZATION',
      email: ACTOR_EMAILS.organisationOther,
      name: 'X',
      organization: ownOrganizationId,
    });
    expect(taken.json<{ fieldErrors: Record<string, string> }>().fieldErrors.email).toBe(
      USER_ADMIN_MESSAGES.emailTaken,
    );
    const response = await call(admin, 'PUT', `/rest/users/${user.id}`, {
      type: 'ORGANIZATION',
      email: 'umgezogen@test.example',
      name: 'X',
      organization: ownOrganizationId,
    });
    expect(response.json<UserListItem>()).toMatchObject({ email: 'umgezogen@test.example', emailVerified: false });
    expect((await call(session, 'GET', '/rest/users/current-user')).statusCode).toBe(401);
    expect(testApp.linksTo('umgezogen@test.example').some((link) => link.includes('mode=verifyEmail'))).toBe(true);
  });
});

describe('disable and enable', () => {
  it("a disabled user's open session is refused at the next request and sign-in shows the German message", async () => {
    const user = await orgUser(ownOrganizationId);
    const session = bearer(await createSessionToken(testApp, user.id));
    expect((await call(session, 'GET', '/rest/users/current-user')).statusCode).toBe(200);
    const disabled = await call(partner, 'PUT', `/rest/users/${user.id}/disable`);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json<UserListItem>().disabled).toBe(true);
    expect((await call(session, 'GET', '/rest/users/current-user')).statusCode).toBe(401);
    const refused = await signIn(testApp, user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'ACCOUNT_DISABLED', message: ERROR_MESSAGES.ACCOUNT_DISABLED });
    expect(await testApp.database.db.select().from(authSessions).where(eq(authSessions.userId, user.id))).toHaveLength(
      0,
    );

    const enabled = await call(partner, 'PUT', `/rest/users/${user.id}/enable`);
    expect(enabled.json<UserListItem>().disabled).toBe(false);
    expect((await signIn(testApp, user.email)).statusCode).toBe(200);
    const actions = await testApp.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, user.id));
    expect(actions.map((row) => row.action).sort()).toEqual(['user.disabled', 'user.enabled']);
  });

  it('a session that survived the disabling is refused anyway', async () => {
    const user = await orgUser(ownOrganizationId);
    const session = bearer(await createSessionToken(testApp, user.id));
    await testApp.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    expect((await call(session, 'GET', '/rest/users/current-user')).statusCode).toBe(401);
  });

  it('nobody disables or deletes themselves', async () => {
    const disable = await call(admin, 'PUT', `/rest/users/${adminId}/disable`);
    expect(disable.statusCode).toBe(400);
    expect(disable.json<{ message: string }>().message).toBe(USER_ADMIN_MESSAGES.selfDisable);
    const remove = await call(admin, 'DELETE', `/rest/users/${adminId}`);
    expect(remove.statusCode).toBe(400);
    expect(remove.json<{ message: string }>().message).toBe(USER_ADMIN_MESSAGES.selfDelete);
  });

  it('the last enabled administrator stays, even when two administrators disable each other at once', async () => {
    const second = await createTestUser(testApp, { type: 'ADMIN' });
    const secondHeaders = bearer(await createSessionToken(testApp, second.id));
    const results = await Promise.all([
      call(admin, 'PUT', `/rest/users/${second.id}/disable`),
      call(secondHeaders, 'PUT', `/rest/users/${adminId}/disable`),
    ]);
    expect(results.filter((result) => result.statusCode === 200)).toHaveLength(1);
    const enabledAdmins = await testApp.database.db
      .select({ id: users.id, disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.type, 'ADMIN'));
    expect(enabledAdmins.filter((row) => row.disabledAt === null).length).toBeGreaterThanOrEqual(1);
    // Restore: the seeded admin enabled (other tests sign in with it).
    await testApp.database.db.update(users).set({ disabledAt: null }).where(eq(users.id, adminId));
    await testApp.database.db.delete(authUsers).where(eq(authUsers.id, second.id));
    admin = bearer(await createSessionToken(testApp, adminId));
  });

  it('the repository refuses to disable, demote or delete the last enabled administrator', async () => {
    const repository = createUserAdminRepository(testApp.database.db);
    const audit = {
      actor: null,
      action: 'user.disabled' as const,
      target: { type: 'user' as const, id: adminId },
      regions: [],
    };
    await expect(repository.setDisabled(adminId, new Date(), { checkLastAdmin: true, audit })).rejects.toBeInstanceOf(
      LastAdminError,
    );
    await expect(
      repository.delete({ id: adminId, email: ACTOR_EMAILS.admin }, { checkLastAdmin: true, audit }),
    ).rejects.toBeInstanceOf(LastAdminError);
    const [row] = await testApp.database.db
      .select({ disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.id, adminId));
    expect(row?.disabledAt).toBeNull();
    expect(await testApp.userIdOf(ACTOR_EMAILS.admin)).toBe(adminId);
  });
});

describe('mails on request and delete', () => {
  it('sends a password reset; resends the confirmation only to unconfirmed users', async () => {
    const user = await orgUser(ownOrganizationId, false);
    expect((await call(partner, 'POST', `/rest/users/${user.id}/password-reset`)).statusCode).toBe(200);
    expect(testApp.linksTo(user.email).some((link) => link.includes('mode=resetPassword'))).toBe(true);
    expect((await call(partner, 'POST', `/rest/users/${user.id}/resend-confirmation`)).statusCode).toBe(200);
    expect(testApp.linksTo(user.email).some((link) => link.includes('mode=verifyEmail'))).toBe(true);
    const verified = await orgUser(ownOrganizationId);
    const refused = await call(partner, 'POST', `/rest/users/${verified.id}/resend-confirmation`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(USER_ADMIN_MESSAGES.alreadyVerified);
    expect((await call(partnerOther, 'POST', `/rest/users/${user.id}/password-reset`)).statusCode).toBe(404);
  });

  it('deletes a user with sessions; other regions get 404; the organisation stays', async () => {
    const user = await orgUser(ownOrganizationId);
    const session = bearer(await createSessionToken(testApp, user.id));
    expect((await call(partnerOther, 'DELETE', `/rest/users/${user.id}`)).statusCode).toBe(404);
    expect((await call(partner, 'DELETE', `/rest/users/${user.id}`)).statusCode).toBe(204);
    expect(await testApp.database.db.select().from(authUsers).where(eq(authUsers.id, user.id))).toHaveLength(0);
    expect((await call(session, 'GET', '/rest/users/current-user')).statusCode).toBe(401);
    expect((await call(partner, 'DELETE', `/rest/users/${user.id}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/rest/organization/${ownOrganizationId}`)).statusCode).toBe(200);
    const [audit] = await testApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'user.deleted')));
    expect(audit?.targetLabel).toBe(user.email);
  });
});
