/**
 * Invitations and team end to end (PGlite; PostgreSQL with TEST_DATABASE_URL): invite → mail →
 * link → accept → sign in; expiry by the clock; single use (also under a race); replacement of
 * an open invitation; an address with an account; who sees and changes which team; revoke;
 * removing a colleague ends its sessions; the self and last-member rules; audit entries.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_MESSAGES,
  TEAM_MESSAGES,
  type AuditAction,
  type InvitationInfo,
  type Team,
  type TeamInvitation,
} from '@matchwerk/shared';
import { redactUrl } from '../../app';
import { auditLog, authUsers, organizationInvitations, users } from '../../db/schema/index';
import { invitationMail } from '../../mail/templates';
import { ACTOR_EMAILS, bearer, cookieHeader, createSessionToken, createTestUser, signIn } from '../../testing/actors';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { hashToken } from '../accounts';
import { createInvitationsRepository } from './invitations.repository';

const PASSWORD = 'Kollegial-im-Neckartal-2026';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The app's clock; tests move it forward to let invitations expire. */
let now = new Date();
let testApp: TestApp;
let owner: Record<string, string>;
let ownerId: string;
let ownOrganizationId: string;
let otherOrganizationId: string;

type Method = 'GET' | 'POST' | 'DELETE';
function call(headers: Record<string, string>, method: Method, url: string, payload?: unknown) {
  return testApp.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
const headersOf = async (email: string) => bearer(await createSessionToken(testApp, await testApp.userIdOf(email)));
const teamUrl = (organizationId = ownOrganizationId) => `/rest/organization/${organizationId}/team`;

async function invite(
  email: string,
  name = 'Kai Kollege',
  headers = owner,
  organizationId = ownOrganizationId,
): Promise<{ invitation: TeamInvitation; token: string }> {
  const response = await call(headers, 'POST', `${teamUrl(organizationId)}/invitations`, { email, name });
  expect(response.statusCode, response.body).toBe(201);
  return { invitation: response.json<TeamInvitation>(), token: testApp.tokenFrom(email, 'invite') };
}
const accept = (token: string, body: Record<string, unknown> = { name: 'Kai Kollege', password: PASSWORD }) =>
  call({}, 'POST', `/rest/invitations/${token}/accept`, body);
const team = async (headers = owner, organizationId = ownOrganizationId) => {
  const response = await call(headers, 'GET', teamUrl(organizationId));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Team>();
};
const auditOf = (action: AuditAction, targetId: string) =>
  testApp.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

beforeAll(async () => {
  testApp = await createTestApp({ clock: () => now });
  owner = await headersOf(ACTOR_EMAILS.organisationOwn);
  ownerId = await testApp.userIdOf(ACTOR_EMAILS.organisationOwn);
  const [own] = await testApp.database.db
    .select({ organizationId: users.organizationId })
    .from(users)
    .where(eq(users.id, ownerId));
  ownOrganizationId = own!.organizationId!;
  const [other] = await testApp.database.db
    .select({ organizationId: users.organizationId })
    .from(users)
    .where(eq(users.id, await testApp.userIdOf(ACTOR_EMAILS.organisationOther)));
  otherOrganizationId = other!.organizationId!;
});
afterAll(async () => {
  await testApp?.close();
});

describe('invite → accept → sign in', () => {
  let token: string;
  let invitationId: string;

  it('an organisation user invites a colleague: German mail with an /authaction link, only the hash stored, audited', async () => {
    const result = await invite('kai.kollege@test.example');
    token = result.token;
    invitationId = result.invitation.id;
    expect(result.invitation).toMatchObject({ email: 'kai.kollege@test.example', name: 'Kai Kollege' });
    expect(new Date(result.invitation.expiresAt).getTime() - now.getTime()).toBe(7 * DAY_MS);

    const mail = testApp.mailer.lastTo('kai.kollege@test.example');
    expect(mail?.subject).toBe('Einladung zu Matchwerk: Schwabenwerk Präzisionstechnik GmbH');
    expect(mail?.text).toContain(
      'Sabine Keller lädt Sie ein, das Unternehmen Schwabenwerk Präzisionstechnik GmbH bei Matchwerk zu vertreten',
    );
    expect(mail?.text).toContain('7 Tage gültig');
    expect(testApp.linksTo('kai.kollege@test.example')[0]).toMatch(
      /^http:\/\/localhost:3000\/#\/authaction\?mode=invite&token=[A-Za-z0-9_-]{43}$/,
    );

    const [stored] = await testApp.database.db
      .select()
      .from(organizationInvitations)
      .where(eq(organizationInvitations.id, invitationId));
    expect(stored?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored?.invitedBy).toBe(ownerId);

    const [entry] = await auditOf('invitation.sent', invitationId);
    expect(entry).toMatchObject({
      actorId: ownerId,
      actorEmail: ACTOR_EMAILS.organisationOwn,
      organizationId: ownOrganizationId,
      regions: ['SINDELFINGEN'],
      targetLabel: 'kai.kollege@test.example',
    });
    expect(JSON.stringify(entry)).not.toContain(token);
  });

  it('the team shows the open invitation and the members, the caller marked as self', async () => {
    const current = await team();
    expect(current.invitations.map((invitation) => invitation.email)).toContain('kai.kollege@test.example');
    const self = current.members.find((member) => member.isSelf);
    expect(self).toMatchObject({
      id: ownerId,
      email: ACTOR_EMAILS.organisationOwn,
      name: 'Sabine Keller',
      emailVerified: true,
    });
    expect(current.members.filter((member) => member.isSelf)).toHaveLength(1);
    expect(self?.disabled).toBe(false);
  });

  it('a disabled colleague is listed as disabled', async () => {
    const colleague = await createTestUser(testApp, {
      type: 'ORGANIZATION',
      organization: ownOrganizationId,
      name: 'Dieter Deaktiviert',
    });
    await testApp.database.db.update(users).set({ disabledAt: now }).where(eq(users.id, colleague.id));
    expect((await team()).members.find((member) => member.id === colleague.id)).toMatchObject({
      name: 'Dieter Deaktiviert',
      disabled: true,
      isSelf: false,
    });
  });

  it('the public link shows company, address and name', async () => {
    const response = await call({}, 'GET', `/rest/invitations/${token}`);
    expect(response.statusCode, response.body).toBe(200);
    const info = response.json<InvitationInfo>();
    expect(info).toEqual({
      organizationName: 'Schwabenwerk Präzisionstechnik GmbH',
      email: 'kai.kollege@test.example',
      name: 'Kai Kollege',
      expiresAt: info.expiresAt,
    });
    expect(new Date(info.expiresAt).getTime() - now.getTime()).toBeGreaterThan(6 * DAY_MS);
  });

  it('refuses a common password with a German field error and creates nothing', async () => {
    const response = await accept(token, { name: 'Kai Kollege', password: 'passwort12345' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'PASSWORD_COMPROMISED',
      fieldErrors: { password: ERROR_MESSAGES.PASSWORD_COMPROMISED },
    });
    expect(
      await testApp.database.db.select().from(authUsers).where(eq(authUsers.email, 'kai.kollege@test.example')),
    ).toHaveLength(0);
  });

  it('accepting creates a confirmed organisation user without legal dates; sign-in works; audited', async () => {
    const response = await accept(token, { name: 'Kai K. Kollege', password: PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true, email: 'kai.kollege@test.example' });

    const signedIn = await signIn(testApp, 'kai.kollege@test.example', PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const me = await testApp.app.inject({
      method: 'GET',
      url: '/rest/users/current-user',
      headers: { cookie: cookieHeader(signedIn) },
    });
    expect(me.json()).toMatchObject({
      email: 'kai.kollege@test.example',
      name: 'Kai K. Kollege',
      emailVerified: true,
      type: 'ORGANIZATION',
      organizationId: ownOrganizationId,
      privacyStatementSignedAt: null,
      termsAndConditionsSignedAt: null,
    });
    const [entry] = await auditOf('invitation.accepted', invitationId);
    expect(entry).toMatchObject({
      organizationId: ownOrganizationId,
      actorEmail: 'kai.kollege@test.example',
      regions: ['SINDELFINGEN'],
    });
    expect(JSON.stringify(entry)).not.toContain(PASSWORD);
    // The accepted invitation is no longer open; the new colleague is a member.
    const current = await team();
    expect(current.invitations.map((invitation) => invitation.id)).not.toContain(invitationId);
    expect(current.members.map((member) => member.email)).toContain('kai.kollege@test.example');
  });

  it('the link works only once: GET and accept answer 404 with the one German message', async () => {
    const shown = await call({}, 'GET', `/rest/invitations/${token}`);
    expect(shown.statusCode).toBe(404);
    expect(shown.json()).toMatchObject({ code: 'NOT_FOUND', message: TEAM_MESSAGES.invitationInvalid });
    const again = await accept(token, { name: 'Eindringling', password: 'Ein-anderes-Passwort-99' });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: TEAM_MESSAGES.invitationInvalid });
    // The first password still signs in (nothing was overwritten).
    expect((await signIn(testApp, 'kai.kollege@test.example', PASSWORD)).statusCode).toBe(200);
  });
});

describe('invitation rules', () => {
  it('an address with an account cannot be invited (German field error on email)', async () => {
    const response = await call(owner, 'POST', `${teamUrl()}/invitations`, {
      email: 'Firma.Lichtenfels@matchwerk.example',
      name: 'Thomas',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { email: TEAM_MESSAGES.emailTaken },
    });
  });

  it('invalid input answers German field errors', async () => {
    const response = await call(owner, 'POST', `${teamUrl()}/invitations`, { email: 'keine-adresse', name: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toEqual({
      email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      name: 'Bitte geben Sie den Namen ein.',
    });
  });

  it('a second invitation to the same address replaces the open one (old link dead, one entry in the team)', async () => {
    const first = await invite('doppelt@test.example', 'Dora Doppelt');
    const second = await invite('doppelt@test.example', 'Dora D.');
    expect(second.token).not.toBe(first.token);
    expect((await call({}, 'GET', `/rest/invitations/${first.token}`)).statusCode).toBe(404);
    expect((await call({}, 'GET', `/rest/invitations/${second.token}`)).json()).toMatchObject({ name: 'Dora D.' });
    expect((await team()).invitations.filter((invitation) => invitation.email === 'doppelt@test.example')).toEqual([
      expect.objectContaining({ id: second.invitation.id }),
    ]);
    expect((await auditOf('invitation.sent', second.invitation.id))[0]?.after).toMatchObject({
      replacedOpenInvitation: true,
    });
  });

  it('expires after 7 days (by the clock): the link answers 404 and the team no longer lists it', async () => {
    const { token, invitation } = await invite('spaet@test.example', 'Sven Spät');
    const start = now;
    try {
      now = new Date(start.getTime() + 7 * DAY_MS - 60_000);
      expect((await call({}, 'GET', `/rest/invitations/${token}`)).statusCode).toBe(200);
      now = new Date(start.getTime() + 7 * DAY_MS + 60_000);
      expect((await call({}, 'GET', `/rest/invitations/${token}`)).statusCode).toBe(404);
      expect((await accept(token, { name: 'Sven Spät', password: PASSWORD })).statusCode).toBe(404);
      expect((await team()).invitations.map((open) => open.id)).not.toContain(invitation.id);
    } finally {
      now = start;
    }
  });

  it('an account created meanwhile for the address: the link answers 409 with the German hint', async () => {
    const { token } = await invite('zwischendurch@test.example', 'Zoe Zwischen');
    await createTestUser(testApp, {
      type: 'ORGANIZATION',
      email: 'zwischendurch@test.example',
      organization: otherOrganizationId,
    });
    const shown = await call({}, 'GET', `/rest/invitations/${token}`);
    expect(shown.statusCode).toBe(409);
    expect(shown.json()).toMatchObject({ message: TEAM_MESSAGES.emailTaken });
    expect((await accept(token, { name: 'Zoe', password: PASSWORD })).statusCode).toBe(409);
  });

  it('two accepts of one link at the same time create exactly one account', async () => {
    const { token } = await invite('gleichzeitig@test.example', 'Gina Gleich');
    const responses = await Promise.all([
      accept(token, { name: 'Gina Eins', password: PASSWORD }),
      accept(token, { name: 'Gina Zwei', password: 'Ein-anderes-Passwort-99' }),
    ]);
    expect(responses.map((response) => response.statusCode).filter((status) => status === 200)).toHaveLength(1);
    for (const response of responses) expect([200, 404, 409]).toContain(response.statusCode);
    expect(
      await testApp.database.db.select().from(authUsers).where(eq(authUsers.email, 'gleichzeitig@test.example')),
    ).toHaveLength(1);
  });

  it('revoking an open invitation kills its link; audited; a second revoke is 404', async () => {
    const { token, invitation } = await invite('zurueck@test.example', 'Rita Rückzug');
    const url = `${teamUrl()}/invitations/${invitation.id}`;
    expect((await call(owner, 'DELETE', url)).statusCode).toBe(204);
    expect((await call({}, 'GET', `/rest/invitations/${token}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', url)).statusCode).toBe(404);
    expect(await auditOf('invitation.revoked', invitation.id)).toHaveLength(1);
  });

  it('another organisation cannot revoke or see it: 404', async () => {
    const { invitation } = await invite('fremd@test.example', 'Frida Fremd');
    const other = await headersOf(ACTOR_EMAILS.organisationOther);
    expect((await call(other, 'DELETE', `${teamUrl()}/invitations/${invitation.id}`)).statusCode).toBe(404);
    // Through its own organisation's path the id is not found either.
    expect(
      (await call(other, 'DELETE', `${teamUrl(otherOrganizationId)}/invitations/${invitation.id}`)).statusCode,
    ).toBe(404);
    expect((await team()).invitations.map((open) => open.id)).toContain(invitation.id);
  });
});

describe('who sees and changes which team', () => {
  it('partner in region and admin see the team and may invite; the partner of another region and the other organisation get 404', async () => {
    const partner = await headersOf(ACTOR_EMAILS.partnerInRegion);
    const admin = await headersOf(ACTOR_EMAILS.admin);
    expect((await team(partner)).members.map((member) => member.email)).toContain(ACTOR_EMAILS.organisationOwn);
    expect((await team(partner)).members.every((member) => !member.isSelf)).toBe(true);
    expect((await team(admin)).members.length).toBeGreaterThan(0);
    const { invitation } = await invite('vom-partner@test.example', 'Pia Partnerin', partner);
    expect((await auditOf('invitation.sent', invitation.id))[0]?.actorEmail).toBe(ACTOR_EMAILS.partnerInRegion);
    expect(testApp.mailer.lastTo('vom-partner@test.example')?.text).toContain('Paul Partner lädt Sie ein');

    for (const email of [ACTOR_EMAILS.partnerOutOfRegion, ACTOR_EMAILS.organisationOther]) {
      const headers = await headersOf(email);
      expect((await call(headers, 'GET', teamUrl())).statusCode).toBe(404);
      expect(
        (await call(headers, 'POST', `${teamUrl()}/invitations`, { email: 'nie@test.example', name: 'Nie' }))
          .statusCode,
      ).toBe(404);
    }
    expect((await call(await headersOf(ACTOR_EMAILS.statistics), 'GET', teamUrl())).statusCode).toBe(403);
    expect((await call(owner, 'GET', teamUrl('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    expect((await call(owner, 'GET', teamUrl('kein-uuid'))).statusCode).toBe(404);
  });
});

describe('removing a colleague', () => {
  it('deletes the account, ends its sessions at once, audits user.deleted', async () => {
    const colleague = await createTestUser(testApp, {
      type: 'ORGANIZATION',
      organization: ownOrganizationId,
      email: 'geht@test.example',
      name: 'Gerd Geht',
    });
    const session = bearer(await createSessionToken(testApp, colleague.id));
    expect((await call(session, 'GET', '/rest/users/current-user')).statusCode).toBe(200);

    const response = await call(owner, 'DELETE', `${teamUrl()}/members/${colleague.id}`);
    expect(response.statusCode, response.body).toBe(204);
    expect((await call(session, 'GET', '/rest/users/current-user')).statusCode).toBe(401);
    expect(await testApp.database.db.select().from(authUsers).where(eq(authUsers.id, colleague.id))).toHaveLength(0);
    expect((await signIn(testApp, 'geht@test.example')).statusCode).toBe(401);
    const [entry] = await auditOf('user.deleted', colleague.id);
    expect(entry).toMatchObject({
      actorId: ownerId,
      organizationId: ownOrganizationId,
      targetLabel: 'geht@test.example',
    });
    expect(entry?.before).toMatchObject({ name: 'Gerd Geht', email: 'geht@test.example' });
    // Gone: a second removal is 404.
    expect((await call(owner, 'DELETE', `${teamUrl()}/members/${colleague.id}`)).statusCode).toBe(404);
  });

  it('nobody removes themselves here (403 with the German reason)', async () => {
    const response = await call(owner, 'DELETE', `${teamUrl()}/members/${ownerId}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: TEAM_MESSAGES.cannotRemoveSelf });
  });

  it("only members of that organisation: another organisation's user or the partner are 404", async () => {
    const otherUserId = await testApp.userIdOf(ACTOR_EMAILS.organisationOther);
    expect((await call(owner, 'DELETE', `${teamUrl()}/members/${otherUserId}`)).statusCode).toBe(404);
    const partnerId = await testApp.userIdOf(ACTOR_EMAILS.partnerInRegion);
    expect((await call(owner, 'DELETE', `${teamUrl()}/members/${partnerId}`)).statusCode).toBe(404);
    const colleague = await createTestUser(testApp, { type: 'ORGANIZATION', organization: ownOrganizationId });
    expect(
      (await call(await headersOf(ACTOR_EMAILS.partnerOutOfRegion), 'DELETE', `${teamUrl()}/members/${colleague.id}`))
        .statusCode,
    ).toBe(404);
  });

  it('the last member: an organisation user never removes it (checked in the locking transaction); an admin may', async () => {
    const solo = await createTestUser(testApp, {
      type: 'ORGANIZATION',
      organization: { name: 'Solo GmbH', region: 'SINDELFINGEN' },
    });
    const repository = createInvitationsRepository(testApp.database.db);
    const audit = () => ({
      actor: null,
      action: 'user.deleted' as const,
      target: { type: 'user' as const, id: solo.id },
      regions: [],
    });
    // Two colleagues removing each other at once: the second finds only itself left.
    expect(await repository.removeMember(solo.organizationId!, solo.id, { keepOne: true }, audit)).toBe('LAST_MEMBER');
    expect((await team(await headersOf(ACTOR_EMAILS.admin), solo.organizationId!)).members).toHaveLength(1);

    const admin = await headersOf(ACTOR_EMAILS.admin);
    expect((await call(admin, 'DELETE', `${teamUrl(solo.organizationId!)}/members/${solo.id}`)).statusCode).toBe(204);
    expect((await team(admin, solo.organizationId!)).members).toEqual([]);
  });

  it('two colleagues removing each other at the same time leave at least one of them', async () => {
    const organization = { name: 'Zwei Leute GmbH', region: 'SINDELFINGEN' as const };
    const first = await createTestUser(testApp, { type: 'ORGANIZATION', organization });
    const second = await createTestUser(testApp, { type: 'ORGANIZATION', organization: first.organizationId! });
    const url = (userId: string) => `${teamUrl(first.organizationId!)}/members/${userId}`;
    const [a, b] = [
      bearer(await createSessionToken(testApp, first.id)),
      bearer(await createSessionToken(testApp, second.id)),
    ];
    await Promise.all([call(a, 'DELETE', url(second.id)), call(b, 'DELETE', url(first.id))]);
    const left = await testApp.database.db.select().from(users).where(eq(users.organizationId, first.organizationId!));
    expect(left.length).toBeGreaterThanOrEqual(1);
  });
});

describe('protection', () => {
  it('invitation tokens in the path never reach the log', () => {
    expect(redactUrl('/rest/invitations/abcDEF123_-/accept')).toBe('/rest/invitations/[entfernt]/accept');
    expect(redactUrl('/rest/invitations/abcDEF123_-?x=1')).toBe('/rest/invitations/[entfernt]?x=1');
  });

  it('the invitation mail escapes names in HTML and keeps them on one line; the system invites without a name', async () => {
    const mail = await invitationMail({
      to: 'neu@test.example',
      name: 'Max <b>Muster</b>',
      supportEmail: 'support@matchwerk.example',
      inviterName: null,
      organizationName: 'Firma\r\nBcc: x@evil.example & Söhne',
      url: 'http://localhost:3000/#/authaction?mode=invite&token=abc',
      validDays: 7,
    });
    expect(mail.subject).toBe('Einladung zu Matchwerk: Firma Bcc: x@evil.example & Söhne');
    expect(mail.text).toContain(
      'Sie werden eingeladen, das Unternehmen Firma Bcc: x@evil.example & Söhne bei Matchwerk zu vertreten',
    );
    expect(mail.html).toContain('Max &lt;b&gt;Muster&lt;/b&gt;');
    expect(mail.html).toContain('&amp; Söhne');
    expect(mail.html).not.toContain('<b>');
  });

  it('accepting is rate-limited per IP like sign-up', async () => {
    const limited = await createTestApp({ rateLimits: { maxPerIp: 2 } });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/rest/invitations/unbekannt-123/accept',
          payload: { name: 'X', password: PASSWORD },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
