/**
 * The authorization table: every /rest route × every actor → expected HTTP status.
 * `authorization.test.ts` fails when a registered route has no row here, so each new route
 * must state who may call it. Add rows; keep them grouped by module.
 */
import { CURRENT_CANDIDATE_LEGAL_VERSIONS } from '@matchwerk/shared';
import type { ActorName } from './testing/actors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ExpectedStatuses = Record<ActorName, number>;

export interface AuthorizationFixtures {
  /** Organisation of the organisationOwn actor (region SINDELFINGEN, partnerInRegion's region). */
  ownOrganizationId: string;
  /** Organisation of the organisationOther actor (region LICHTENFELS). */
  otherOrganizationId: string;
  /** The organisationOwn user's id. */
  ownUserId: string;
  /** A seeded posting of the own organisation with photos, and its first photo. */
  ownVacancyId: string;
  ownVacancyPhotoId: string;
  /** The own organisation's seeded logo. */
  ownLogoPhotoId: string;
  /** Per actor, a fresh posting of the own organisation (for destructive calls). */
  disposableVacancyIds: Record<ActorName, string>;
  /** Per actor, a fresh organisation in SINDELFINGEN without users (for DELETE organisation). */
  disposableOrganizationIds: Record<ActorName, string>;
  /** A valid PNG upload (multipart body + content type). */
  upload: { payload: Buffer; headers: Record<string, string> };
  /** A valid organisation input for the own organisation (region unchanged). */
  ownOrganizationInput: Record<string, unknown>;
  vacancyInput: Record<string, unknown>;
  /** Marketplace: the applicant actor's user id; it has an accepted chat with the own organisation. */
  applicantId: string;
  /** Two profile photos of the applicant actor (the second one is deleted by its row). */
  applicantPhotoId: string;
  applicantDisposablePhotoId: string;
  /** An ACTIVE posting of the own organisation with a photo (what candidates may see). */
  activeVacancyId: string;
  activeVacancyPhotoId: string;
  /** An ACTIVE posting where the applicant actor has an OPEN matching (withdrawn by its row). */
  withdrawVacancyId: string;
  /** Per actor, a fresh candidate with an OPEN matching on activeVacancyId (for set-result). */
  openMatchingApplicantIds: Record<ActorName, string>;
  /**
   * Per session-ending auth endpoint and actor, Bearer headers of a fresh user of the actor's
   * kind (same type, regions, organisation), so ending its sessions leaves the actor signed in.
   */
  throwawaySessions: Record<
    'signOut' | 'revokeSessions' | 'revokeOtherSessions',
    Record<ActorName, Record<string, string>>
  >;
  /** The session token of a user that is none of the actors (revoke-session must leave it alone). */
  foreignSessionToken: string;
  /** User administration: an unconfirmed, invited user (no password yet) of the own organisation (edited, disabled, enabled, mailed by the rows). */
  manageableUser: { id: string; email: string };
  /** User administration: per actor, a fresh user of the own organisation (deleted by its row). */
  disposableUserIds: Record<ActorName, string>;
  /** Team: per actor, an open invitation into the own organisation (revoked by its row). */
  disposableInvitationIds: Record<ActorName, string>;
  /** Team: per actor, a colleague in the own organisation (removed by its row). */
  disposableColleagueIds: Record<ActorName, string>;
  /** Orders: an active product, an OPEN order of the own organisation (edited by the rows), and per actor a fresh OPEN order of it (its status changed by its row). */
  productId: string;
  ownOrderId: string;
  disposableOrderIds: Record<ActorName, string>;
  /** Feedback: a valid form with a screenshot, and a stored feedback with a screenshot (its status set by the rows). */
  feedbackForm: { payload: Buffer; headers: Record<string, string> };
  feedbackId: string;
  /** Safeguarding (ADR 0101): the applicant actor's report about the own organisation (region SINDELFINGEN). */
  reportId: string;
  /** Notes (issue 14): a matching of the own organisation, a note of the organisationOwn user on it, and per actor another one (deleted by its row). */
  notedMatching: { vacancyId: string; applicantId: string };
  ownNoteId: string;
  disposableNoteIds: Record<ActorName, string>;
}

export interface AuthorizationRow {
  method: HttpMethod;
  /** The route pattern exactly as registered, e.g. `/rest/vacancy/:id`. */
  route: string;
  /** Concrete request for an actor (URL with parameters filled, payload). Defaults: route as URL, no body. */
  request?: (
    fixtures: AuthorizationFixtures,
    actor: ActorName,
  ) => { url?: string; payload?: unknown; headers?: Record<string, string> };
  expect: ExpectedStatuses;
  /** Why the statuses are what they are, when not obvious. */
  note?: string;
}

/** Same status for every actor (public routes). */
export function everyone(status: number): ExpectedStatuses {
  return {
    anonymous: status,
    applicant: status,
    organisationOwn: status,
    organisationOther: status,
    partnerInRegion: status,
    partnerOutOfRegion: status,
    statistics: status,
    admin: status,
  };
}

/** Signed-in web-app users get `status`; anonymous 401, applicants 403 (unless `applicant` given). */
export function signedIn(status: number, overrides: Partial<ExpectedStatuses> = {}): ExpectedStatuses {
  return { ...everyone(status), anonymous: 401, applicant: 403, ...overrides };
}

const WRONG_PASSWORD = 'definitely-not-the-password';

/**
 * Who may act on one organisation (or its postings): its own user, the partner of its region
 * (SINDELFINGEN) and admins. Roles that never may (statistics users, applicants) get 403; the
 * other organisation and the partner of another region get 404, like for an unknown id — a 403
 * would tell them the organisation exists. Anonymous 401.
 */
function ownOrganization(allowed: number, denied = 404): ExpectedStatuses {
  return {
    anonymous: 401,
    applicant: 403,
    organisationOwn: allowed,
    organisationOther: denied,
    partnerInRegion: allowed,
    partnerOutOfRegion: denied,
    statistics: 403,
    admin: allowed,
  };
}

/**
 * Organisation side of the marketplace (spec §6 "Candidates, Chats: ordinary users only"): the
 * own organisation's user gets `own`, the other organisation's user `other` (its own data, or
 * 404 for the own organisation's candidates), everyone else 403; anonymous 401.
 */
function organizationUsers(own: number, other = own): ExpectedStatuses {
  return { ...signedIn(403), organisationOwn: own, organisationOther: other };
}

/** Safeguarding reports (ADR 0101): partners (a report of their regions: `inRegion`, else `outOfRegion`) and administrators. */
function reportReaders(inRegion: number, outOfRegion: number): ExpectedStatuses {
  return { ...signedIn(403), partnerInRegion: inRegion, partnerOutOfRegion: outOfRegion, admin: inRegion };
}

/** Candidate side (/rest/applicant/…): only applicants; web-app users 403, anonymous 401. */
function applicantOnly(status: number): ExpectedStatuses {
  return { ...everyone(403), anonymous: 401, applicant: status };
}

const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

export const AUTHORIZATION_TABLE: AuthorizationRow[] = [
  // system
  { method: 'GET', route: '/rest/health', expect: everyone(200) },
  { method: 'GET', route: '/rest/ready', expect: everyone(200) },
  { method: 'GET', route: '/rest/config', expect: everyone(200) },
  {
    method: 'GET',
    route: '/rest/demo/outbox',
    expect: everyone(200),
    note: 'demo mode only (no SMTP_URL); lists mails to invented addresses',
  },

  // better-auth below /rest/auth: every entry of PUBLIC_AUTH_ENDPOINTS (plugins/auth.ts); all
  // other paths there answer 404. Session endpoints act on the caller's own sessions only.
  { method: 'GET', route: '/rest/auth/ok', expect: everyone(200) },
  { method: 'GET', route: '/rest/auth/get-session', expect: everyone(200), note: 'signed out: 200 with null' },
  {
    method: 'POST',
    route: '/rest/auth/sign-in/email',
    request: (_f, actor) => ({
      payload: { email: `niemand-${actor.toLowerCase()}@test.example`, password: WRONG_PASSWORD },
    }),
    expect: everyone(401),
    note: 'unknown address: 401 for everyone (a session does not change sign-in)',
  },
  {
    method: 'GET',
    route: '/rest/auth/verify-email',
    request: () => ({ url: '/rest/auth/verify-email?token=kein.token' }),
    expect: everyone(401),
    note: 'public link from a mail: an invalid token → 401 INVALID_TOKEN for everyone',
  },
  {
    method: 'POST',
    route: '/rest/auth/request-password-reset',
    request: (_f, actor) => ({ payload: { email: `niemand-reset-${actor.toLowerCase()}@test.example` } }),
    expect: everyone(200),
    note: 'same answer for known and unknown addresses',
  },
  {
    method: 'POST',
    route: '/rest/auth/reset-password',
    request: () => ({ payload: { token: 'kein-token', newPassword: 'Ein-neues-langes-Passwort-9' } }),
    expect: everyone(400),
    note: 'an invalid token → 400 INVALID_TOKEN for everyone',
  },
  {
    method: 'GET',
    route: '/rest/auth-actions/reset-password/status',
    request: () => ({ url: '/rest/auth-actions/reset-password/status?token=kein-token' }),
    expect: everyone(200),
    note: 'public (reset link from a mail), read-only: an unknown token answers { valid: false } for everyone',
  },
  {
    method: 'GET',
    route: '/rest/auth/list-sessions',
    expect: { ...everyone(200), anonymous: 401 },
    note: "only the caller's own sessions (tested in authorization.test.ts); applicants too (mobile app)",
  },
  {
    method: 'POST',
    route: '/rest/auth/revoke-session',
    request: (f) => ({ payload: { token: f.foreignSessionToken } }),
    expect: { ...everyone(200), anonymous: 401 },
    note: "another user's token: answers 200 but revokes nothing (tested in authorization.test.ts)",
  },
  {
    method: 'POST',
    route: '/rest/auth/revoke-other-sessions',
    request: (f, actor) => ({ headers: f.throwawaySessions.revokeOtherSessions[actor] }),
    expect: { ...everyone(200), anonymous: 401 },
    note: "a throwaway user of the actor's kind, so the actor stays signed in",
  },
  {
    method: 'POST',
    route: '/rest/auth/revoke-sessions',
    request: (f, actor) => ({ headers: f.throwawaySessions.revokeSessions[actor] }),
    expect: { ...everyone(200), anonymous: 401 },
    note: "a throwaway user of the actor's kind, so the actor stays signed in",
  },
  {
    method: 'POST',
    route: '/rest/auth/sign-out',
    request: (f, actor) => ({ headers: f.throwawaySessions.signOut[actor] }),
    expect: everyone(200),
    note: 'signed out too: 200 (nothing to end)',
  },

  // users
  {
    method: 'GET',
    route: '/rest/users/current-user',
    expect: signedIn(200, { applicant: 200 }),
    note: 'applicants get their user; the web app refuses them',
  },
  {
    method: 'POST',
    route: '/rest/users/accept-terms-and-data-protection',
    request: () => ({ payload: { privacyStatementAccepted: true, termsAndConditionsAccepted: true } }),
    expect: signedIn(200),
  },
  {
    method: 'POST',
    route: '/rest/users/change-password',
    request: () => ({ payload: { currentPassword: WRONG_PASSWORD, newPassword: 'Ein-neues-langes-Passwort-9' } }),
    expect: signedIn(400),
    note: 'allowed callers reach the password check: 400 INVALID_PASSWORD',
  },
  {
    method: 'POST',
    route: '/rest/users/change-email',
    request: () => ({ payload: { currentPassword: WRONG_PASSWORD, newEmail: 'neu-adresse@test.example' } }),
    expect: signedIn(400),
    note: 'allowed callers reach the password check: 400 INVALID_PASSWORD',
  },
  {
    method: 'POST',
    route: '/rest/users/recover-email',
    request: () => ({ payload: { token: 'unknown-token' } }),
    expect: everyone(400),
    note: 'public (link from a mail): unknown token → 400 INVALID_TOKEN for everyone',
  },
  {
    method: 'POST',
    route: '/rest/users/sign-in-unlock',
    request: (_fixtures, actor) => ({ payload: { email: `unlock-${actor.toLowerCase()}@test.example` } }),
    expect: everyone(200),
    note: 'public: mails an unlock link if the account exists; the same answer for every address',
  },
  {
    method: 'POST',
    route: '/rest/users/sign-in-unlock/confirm',
    request: () => ({ payload: { token: 'unknown-token' } }),
    expect: everyone(400),
    note: 'public (link from a mail): unknown token → 400 INVALID_TOKEN for everyone',
  },

  // organisation (public sign-up)
  {
    method: 'POST',
    route: '/rest/organization/signup',
    request: (_fixtures, actor) => ({
      payload: {
        companyName: `Testfirma ${actor}`,
        userName: 'Tessa Test',
        email: `signup-${actor.toLowerCase()}@test.example`,
        password: 'Ein-langes-Test-Passwort-42',
        region: 'HORB',
        termsAndConditionsChecked: true,
      },
    }),
    expect: everyone(200),
  },
  {
    method: 'POST',
    route: '/rest/organization/resend-signup-confirmation',
    request: () => ({ payload: { email: 'unbestaetigt@matchwerk.example' } }),
    expect: everyone(200),
  },

  // audit log (issue #10): admins and regional partners only; organisation users 403 like for
  // the organisations list; a partner of another region gets 404 like for an unknown id
  {
    method: 'GET',
    route: '/rest/organization/:id/audit',
    request: (f) => ({ url: `/rest/organization/${f.ownOrganizationId}/audit` }),
    expect: signedIn(200, { organisationOwn: 403, organisationOther: 403, statistics: 403, partnerOutOfRegion: 404 }),
  },
  {
    method: 'GET',
    route: '/rest/users/:userId/audit',
    request: (f) => ({ url: `/rest/users/${f.ownUserId}/audit` }),
    expect: signedIn(200, { organisationOwn: 403, organisationOther: 403, statistics: 403, partnerOutOfRegion: 404 }),
    note: 'partners: organisation users of their regions',
  },
  {
    method: 'GET',
    route: '/rest/audit',
    expect: signedIn(200, { organisationOwn: 403, organisationOther: 403, statistics: 403 }),
    note: 'admin: the whole log; partner: entries of its regions',
  },

  // organisations (profile, logo, delete, list for admins and partners)
  {
    method: 'GET',
    route: '/rest/organization/',
    expect: signedIn(200, { organisationOwn: 403, organisationOther: 403, statistics: 403 }),
    note: 'list of managed organisations: admin all, partner its regions',
  },
  {
    method: 'POST',
    route: '/rest/organization/',
    request: (_f, actor) => ({ payload: { name: `Neu angelegt ${actor}`, region: 'SINDELFINGEN', links: {} } }),
    expect: signedIn(201, { organisationOwn: 403, organisationOther: 403, statistics: 403, partnerOutOfRegion: 403 }),
    note: 'admin anywhere, partner only in its own regions (403 with a field error on region)',
  },
  {
    method: 'PUT',
    route: '/rest/organization/:id/toggle-active',
    request: (f, actor) => ({ url: `/rest/organization/${f.disposableOrganizationIds[actor]}/toggle-active` }),
    expect: { ...ownOrganization(200), organisationOwn: 403, organisationOther: 403 },
    note: 'admin and the partner of the region; organisation users may never toggle (403), the foreign partner gets 404',
  },
  {
    method: 'PUT',
    route: '/rest/organization/:id/toggle-member',
    request: (f, actor) => ({ url: `/rest/organization/${f.disposableOrganizationIds[actor]}/toggle-member` }),
    expect: { ...ownOrganization(200), organisationOwn: 403, organisationOther: 403 },
    note: 'as toggle-active',
  },
  {
    method: 'GET',
    route: '/rest/organization/:id',
    request: (f) => ({ url: `/rest/organization/${f.ownOrganizationId}` }),
    expect: ownOrganization(200),
  },
  {
    method: 'PUT',
    route: '/rest/organization/:id',
    request: (f) => ({ url: `/rest/organization/${f.ownOrganizationId}`, payload: f.ownOrganizationInput }),
    expect: ownOrganization(200),
  },
  // Order matters below: GET the seeded logo before it is replaced (POST) and removed (DELETE).
  {
    method: 'GET',
    route: '/rest/organization/:id/photos/:photoId',
    request: (f) => ({ url: `/rest/organization/${f.ownOrganizationId}/photos/${f.ownLogoPhotoId}` }),
    expect: ownOrganization(200),
  },
  {
    method: 'POST',
    route: '/rest/organization/:id/photo',
    request: (f) => ({
      url: `/rest/organization/${f.ownOrganizationId}/photo`,
      payload: f.upload.payload,
      headers: f.upload.headers,
    }),
    expect: ownOrganization(200),
  },
  {
    method: 'DELETE',
    route: '/rest/organization/:id/photos',
    request: (f) => ({ url: `/rest/organization/${f.ownOrganizationId}/photos` }),
    expect: ownOrganization(200),
  },
  {
    method: 'DELETE',
    route: '/rest/organization/:id',
    request: (f, actor) => ({ url: `/rest/organization/${f.disposableOrganizationIds[actor]}` }),
    expect: { ...ownOrganization(204), organisationOwn: 404 },
    note: 'each actor gets its own fresh SINDELFINGEN organisation; the own user deleting its own company (204) is tested in organizations.routes.test.ts',
  },

  // team and invitations (issue #10): the organisation's own users, its partner and admins
  {
    method: 'GET',
    route: '/rest/invitations/:token',
    request: () => ({ url: '/rest/invitations/kein-gueltiger-einladungstoken' }),
    expect: everyone(404),
    note: 'public (link from a mail): unknown, expired and used tokens answer alike, for everyone',
  },
  {
    method: 'POST',
    route: '/rest/invitations/:token/accept',
    request: () => ({
      url: '/rest/invitations/kein-gueltiger-einladungstoken/accept',
      payload: { name: 'Nina Neu', password: 'Ein-langes-Test-Passwort-42' },
    }),
    expect: everyone(404),
    note: 'public, single use: an unknown token → 404 for everyone (accepting is tested in invitations.routes.test.ts)',
  },
  {
    method: 'GET',
    route: '/rest/organization/:id/team',
    request: (f) => ({ url: `/rest/organization/${f.ownOrganizationId}/team` }),
    expect: ownOrganization(200),
  },
  {
    method: 'POST',
    route: '/rest/organization/:id/team/invitations',
    request: (f, actor) => ({
      url: `/rest/organization/${f.ownOrganizationId}/team/invitations`,
      payload: { email: `team-${actor.toLowerCase()}@test.example`, name: 'Kai Kollege' },
    }),
    expect: ownOrganization(201),
  },
  {
    method: 'DELETE',
    route: '/rest/organization/:id/team/invitations/:invitationId',
    request: (f, actor) => ({
      url: `/rest/organization/${f.ownOrganizationId}/team/invitations/${f.disposableInvitationIds[actor]}`,
    }),
    expect: ownOrganization(204),
    note: 'each actor revokes its own fresh invitation',
  },
  {
    method: 'DELETE',
    route: '/rest/organization/:id/team/members/:userId',
    request: (f, actor) => ({
      url: `/rest/organization/${f.ownOrganizationId}/team/members/${f.disposableColleagueIds[actor]}`,
    }),
    expect: ownOrganization(204),
    note: 'each actor removes its own fresh colleague of the own organisation',
  },

  // user administration (ADR 0021): admins all but applicants, partners the organisation users of their regions
  {
    method: 'GET',
    route: '/rest/users/',
    expect: signedIn(200, { organisationOwn: 403, organisationOther: 403, statistics: 403 }),
    note: 'admin: every user but applicants; partner: organisation users of its regions',
  },
  {
    method: 'POST',
    route: '/rest/users/organization',
    request: (f, actor) => ({
      payload: {
        type: 'ORGANIZATION',
        email: `angelegt-${actor.toLowerCase()}@test.example`,
        name: 'Nina Neu',
        organization: f.ownOrganizationId,
      },
    }),
    expect: signedIn(201, { organisationOwn: 403, organisationOther: 403, statistics: 403, partnerOutOfRegion: 400 }),
    note: 'the partner of another region gets a field error on organization (not its region)',
  },
  ...(
    [
      'PUT /rest/users/:userId',
      'PUT /rest/users/:userId/disable',
      'PUT /rest/users/:userId/enable',
      'POST /rest/users/:userId/password-reset',
      'POST /rest/users/:userId/resend-confirmation',
      'POST /rest/users/:userId/resend-invitation',
    ] as const
  ).map((entry): AuthorizationRow => {
    const [method, route] = entry.split(' ') as ['PUT' | 'POST', string];
    return {
      method,
      route,
      request: (f) => ({
        url: route.replace(':userId', f.manageableUser.id),
        ...(route.endsWith(':userId')
          ? {
              payload: {
                type: 'ORGANIZATION',
                email: f.manageableUser.email,
                name: 'Uwe Unbestätigt',
                organization: f.ownOrganizationId,
              },
            }
          : {}),
      }),
      expect: {
        ...signedIn(200, { organisationOwn: 403, organisationOther: 403, statistics: 403 }),
        partnerOutOfRegion: 404,
      },
      note: 'a user of the own organisation: its partner and admins; the foreign partner 404',
    };
  }),
  {
    method: 'DELETE',
    route: '/rest/users/:userId',
    request: (f, actor) => ({ url: `/rest/users/${f.disposableUserIds[actor]}` }),
    expect: {
      ...signedIn(204, { organisationOwn: 403, organisationOther: 403, statistics: 403 }),
      partnerOutOfRegion: 404,
    },
    note: 'each actor deletes its own fresh user of the own organisation',
  },

  // users: notification settings
  {
    method: 'PUT',
    route: '/rest/users/organization/:userId/notifications',
    request: (f) => ({
      url: `/rest/users/organization/${f.ownUserId}/notifications`,
      payload: { notifyViaMail: false, interval: 'WEEKLY' },
    }),
    expect: { ...ownOrganization(200), partnerInRegion: 403, partnerOutOfRegion: 403 },
    note: 'own user only (another organisation user: 404); partners never (403); admins may set any organisation user',
  },

  // vacancies
  {
    method: 'GET',
    route: '/rest/vacancy',
    expect: signedIn(200, { statistics: 403 }),
    note: 'scoped by role: own / region / all',
  },
  {
    method: 'POST',
    route: '/rest/vacancy/:organizationId',
    request: (f) => ({ url: `/rest/vacancy/${f.ownOrganizationId}`, payload: f.vacancyInput }),
    expect: ownOrganization(201),
  },
  {
    method: 'GET',
    route: '/rest/vacancy/:id',
    request: (f) => ({ url: `/rest/vacancy/${f.ownVacancyId}` }),
    expect: ownOrganization(200),
  },
  {
    method: 'PUT',
    route: '/rest/vacancy/:id',
    request: (f, actor) => ({ url: `/rest/vacancy/${f.disposableVacancyIds[actor]}`, payload: f.vacancyInput }),
    expect: ownOrganization(200),
  },
  {
    method: 'PUT',
    route: '/rest/vacancy/:id/activate',
    request: (f, actor) => ({ url: `/rest/vacancy/${f.disposableVacancyIds[actor]}/activate` }),
    expect: ownOrganization(200),
  },
  {
    method: 'POST',
    route: '/rest/vacancy/:id/duplicate',
    request: (f) => ({ url: `/rest/vacancy/${f.ownVacancyId}/duplicate` }),
    expect: ownOrganization(201),
  },
  {
    method: 'PUT',
    route: '/rest/vacancy/:id/deactivate',
    request: (f, actor) => ({ url: `/rest/vacancy/${f.disposableVacancyIds[actor]}/deactivate` }),
    expect: ownOrganization(200),
  },
  {
    method: 'GET',
    route: '/rest/vacancy/:id/photos/:photoId',
    request: (f) => ({ url: `/rest/vacancy/${f.ownVacancyId}/photos/${f.ownVacancyPhotoId}` }),
    expect: ownOrganization(200),
    note: 'applicants will see photos of ACTIVE postings once the candidate API exists',
  },
  {
    method: 'POST',
    route: '/rest/vacancy/:id/photos',
    request: (f, actor) => ({
      url: `/rest/vacancy/${f.disposableVacancyIds[actor]}/photos`,
      payload: f.upload.payload,
      headers: f.upload.headers,
    }),
    expect: ownOrganization(201),
  },
  {
    method: 'PUT',
    route: '/rest/vacancy/:id/photos/order',
    request: (f) => ({ url: `/rest/vacancy/${f.ownVacancyId}/photos/order`, payload: { photoIds: [UNKNOWN_UUID] } }),
    expect: ownOrganization(400),
    note: 'allowed callers reach the permutation check: 400',
  },
  {
    method: 'DELETE',
    route: '/rest/vacancy/:id/photos',
    request: (f) => ({ url: `/rest/vacancy/${f.ownVacancyId}/photos`, payload: { photoIds: [UNKNOWN_UUID] } }),
    expect: ownOrganization(400),
    note: 'allowed callers reach the ownership check of the photo ids: 400',
  },
  {
    method: 'DELETE',
    route: '/rest/vacancy/:id',
    request: (f, actor) => ({ url: `/rest/vacancy/${f.disposableVacancyIds[actor]}` }),
    expect: ownOrganization(204),
    note: 'each actor deletes its own fresh posting of the own organisation',
  },
  // marketplace: organisation side
  {
    method: 'GET',
    route: '/rest/matching/organization',
    expect: organizationUsers(200),
    note: 'each organisation its own matchings',
  },
  {
    method: 'POST',
    route: '/rest/matching/organization/set-result',
    request: (f, actor) => ({
      payload: {
        vacancyId: f.activeVacancyId,
        applicantId: f.openMatchingApplicantIds[actor],
        organizationResult: 'ACCEPTED',
        organizationId: f.ownOrganizationId,
      },
    }),
    expect: organizationUsers(200, 404),
    note: "own postings and own organisation id only (another organisation's: 404, as if unknown); each actor decides its own fresh OPEN matching",
  },
  {
    method: 'GET',
    route: '/rest/applicants/:applicantId/photo/:photoId',
    request: (f) => ({ url: `/rest/applicants/${f.applicantId}/photo/${f.applicantPhotoId}` }),
    expect: organizationUsers(200, 404),
    note: 'only with a matching on one of the own postings; the other organisation learns nothing (404)',
  },
  // candidate follow-up (issue 14, ADR 0041): notes of the own organisation's users only; admins
  // and partners have none (the Candidates area is for organisation users); own notes editable.
  {
    method: 'GET',
    route: '/rest/matching/organization/notes',
    request: (f) => ({
      url: `/rest/matching/organization/notes?vacancyId=${f.notedMatching.vacancyId}&applicantId=${f.notedMatching.applicantId}`,
    }),
    expect: organizationUsers(200, 404),
    note: "another organisation's matching answers like an unknown one",
  },
  {
    method: 'POST',
    route: '/rest/matching/organization/notes',
    request: (f) => ({ payload: { ...f.notedMatching, text: 'Telefoninterview vereinbart.' } }),
    expect: organizationUsers(201, 404),
  },
  {
    method: 'PUT',
    route: '/rest/matching/organization/notes/:noteId',
    request: (f) => ({ url: `/rest/matching/organization/notes/${f.ownNoteId}`, payload: { text: 'Geändert.' } }),
    expect: organizationUsers(200, 404),
    note: 'the note of the organisationOwn user; a colleague would get 403 (own notes only)',
  },
  {
    method: 'DELETE',
    route: '/rest/matching/organization/notes/:noteId',
    request: (f, actor) => ({ url: `/rest/matching/organization/notes/${f.disposableNoteIds[actor]}` }),
    expect: organizationUsers(204, 404),
  },
  {
    method: 'GET',
    route: '/rest/matching/organization/response-stats',
    expect: organizationUsers(200),
    note: 'each organisation its own figures',
  },
  { method: 'GET', route: '/rest/admin/response-deadlines', expect: signedIn(403, { admin: 200 }) },
  {
    method: 'PUT',
    route: '/rest/admin/response-deadlines/:region',
    request: () => ({ url: '/rest/admin/response-deadlines/SINDELFINGEN', payload: { declineAfterDays: 21 } }),
    expect: signedIn(403, { admin: 200 }),
  },
  { method: 'GET', route: '/rest/messages', expect: organizationUsers(200) },
  {
    method: 'GET',
    route: '/rest/messages/organization/:applicantId',
    request: (f) => ({ url: `/rest/messages/organization/${f.applicantId}` }),
    expect: organizationUsers(200, 404),
  },
  {
    method: 'GET',
    route: '/rest/messages/organization/:applicantId/polling',
    request: (f) => ({ url: `/rest/messages/organization/${f.applicantId}/polling?since=0` }),
    expect: organizationUsers(204, 404),
    note: 'the chat has no messages yet: 204 nothing new',
  },
  {
    method: 'POST',
    route: '/rest/messages/:applicantId',
    request: (f) => ({
      url: `/rest/messages/${f.applicantId}`,
      payload: { text: 'Hallo aus der Berechtigungstabelle', clientMessageId: crypto.randomUUID() },
    }),
    expect: organizationUsers(201, 404),
  },
  // unread counts and seen marks (issue #14, ADR 0040)
  {
    method: 'GET',
    route: '/rest/unread',
    expect: organizationUsers(200),
    note: 'own organisation and own seen marks only',
  },
  { method: 'POST', route: '/rest/unread/matchings/seen', expect: organizationUsers(204) },
  {
    method: 'POST',
    route: '/rest/messages/organization/:applicantId/read',
    request: (f) => ({ url: `/rest/messages/organization/${f.applicantId}/read`, payload: { seq: 1 } }),
    expect: organizationUsers(200, 404),
    note: 'only a chat of the own organisation; another organisation learns nothing (404)',
  },
  {
    method: 'GET',
    route: '/rest/notifications/unsubscribe',
    request: () => ({ url: '/rest/notifications/unsubscribe?token=kein.token' }),
    expect: everyone(400),
    note: 'public link from a mail: an invalid token → 400 page for everyone',
  },
  {
    method: 'POST',
    route: '/rest/notifications/unsubscribe',
    request: () => ({
      url: '/rest/notifications/unsubscribe?token=kein.token',
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    expect: everyone(400),
    note: 'token-authenticated (the page button or a mail provider one-click, RFC 8058): an invalid token → 400 page for everyone',
  },

  // marketplace: candidate side (mobile app)
  {
    method: 'POST',
    route: '/rest/applicant/signup',
    request: (_f, actor) => ({
      payload: {
        email: `bewerber-${actor.toLowerCase()}@test.example`,
        password: 'Ein-langes-Test-Passwort-42',
        names: ['Tessa'],
        familyNames: ['Test'],
        region: 'HORB',
        dateOfBirth: '2005-05-05',
        termsAndConditionsChecked: true,
      },
    }),
    expect: everyone(200),
  },
  // age and parental consent (issue 46 item 1, ADR 0097); the applicant actor is 17: no consent needed
  { method: 'GET', route: '/rest/applicant/parental-consent', expect: applicantOnly(200) },
  {
    method: 'POST',
    route: '/rest/applicant/parental-consent',
    request: () => ({ payload: { parentEmail: 'eltern@test.example' } }),
    expect: applicantOnly(409),
    note: 'the applicant reaches the rule: from 16 no parent has to confirm (the flow itself is in parental-consent.routes.test.ts)',
  },
  { method: 'GET', route: '/rest/applicant/profile', expect: applicantOnly(200) },
  {
    method: 'POST',
    route: '/rest/applicant/account/password',
    request: () => ({ payload: { currentPassword: WRONG_PASSWORD, newPassword: 'Ein-neues-langes-Passwort-9' } }),
    expect: applicantOnly(400),
    note: 'the applicant reaches the password check: 400 INVALID_PASSWORD (the real change is in session-revocation tests)',
  },
  {
    method: 'DELETE',
    route: '/rest/applicant/account',
    request: () => ({ payload: { currentPassword: WRONG_PASSWORD } }),
    expect: applicantOnly(400),
    note: 'the applicant reaches the password check: 400 INVALID_PASSWORD (the real deletion is in session-revocation tests)',
  },
  {
    method: 'PUT',
    route: '/rest/applicant/profile',
    request: () => ({
      payload: { names: ['Berit'], familyNames: ['Bewerberin'], region: 'SINDELFINGEN', interests: ['Technik'] },
    }),
    expect: applicantOnly(200),
  },
  {
    method: 'POST',
    route: '/rest/applicant/profile/photos',
    request: (f) => ({ payload: f.upload.payload, headers: f.upload.headers }),
    expect: applicantOnly(201),
  },
  {
    method: 'GET',
    route: '/rest/applicant/profile/photos/:photoId',
    request: (f) => ({ url: `/rest/applicant/profile/photos/${f.applicantPhotoId}` }),
    expect: applicantOnly(200),
  },
  {
    method: 'DELETE',
    route: '/rest/applicant/profile/photos/:photoId',
    request: (f) => ({ url: `/rest/applicant/profile/photos/${f.applicantDisposablePhotoId}` }),
    expect: applicantOnly(204),
  },
  { method: 'GET', route: '/rest/applicant/vacancies', expect: applicantOnly(200) },
  {
    method: 'GET',
    route: '/rest/applicant/vacancies/:id',
    request: (f) => ({ url: `/rest/applicant/vacancies/${f.activeVacancyId}` }),
    expect: applicantOnly(200),
  },
  {
    method: 'GET',
    route: '/rest/applicant/vacancies/:id/photos/:photoId',
    request: (f) => ({ url: `/rest/applicant/vacancies/${f.activeVacancyId}/photos/${f.activeVacancyPhotoId}` }),
    expect: applicantOnly(200),
  },
  { method: 'GET', route: '/rest/applicant/matchings', expect: applicantOnly(200) },
  {
    method: 'POST',
    route: '/rest/applicant/matchings',
    request: (f) => ({ payload: { vacancyId: f.activeVacancyId } }),
    expect: applicantOnly(201),
  },
  {
    method: 'DELETE',
    route: '/rest/applicant/matchings/:vacancyId',
    request: (f) => ({ url: `/rest/applicant/matchings/${f.withdrawVacancyId}` }),
    expect: applicantOnly(204),
  },
  { method: 'GET', route: '/rest/applicant/chats', expect: applicantOnly(200) },
  {
    method: 'GET',
    route: '/rest/applicant/chats/:organizationId',
    request: (f) => ({ url: `/rest/applicant/chats/${f.ownOrganizationId}` }),
    expect: applicantOnly(200),
  },
  {
    method: 'GET',
    route: '/rest/applicant/chats/:organizationId/polling',
    request: (f) => ({ url: `/rest/applicant/chats/${f.ownOrganizationId}/polling?since=0` }),
    expect: applicantOnly(200),
    note: 'the organisation wrote in its row above: 200 with that message',
  },
  {
    method: 'POST',
    route: '/rest/applicant/chats/:organizationId/messages',
    request: (f) => ({
      url: `/rest/applicant/chats/${f.ownOrganizationId}/messages`,
      payload: { text: 'Hallo zurück', clientMessageId: crypto.randomUUID() },
    }),
    expect: applicantOnly(201),
  },
  { method: 'GET', route: '/rest/applicant/unread', expect: applicantOnly(200) },
  { method: 'POST', route: '/rest/applicant/matchings/seen', expect: applicantOnly(204) },
  // safeguarding (issue 46 item 6, ADR 0101): reports and ending contact; the queue for partners and administrators
  {
    method: 'POST',
    route: '/rest/applicant/reports',
    request: (f) => ({ payload: { subject: 'ORGANIZATION', targetId: f.ownOrganizationId, reason: 'OTHER' } }),
    expect: applicantOnly(201),
  },
  {
    method: 'POST',
    route: '/rest/applicant/chats/:organizationId/end',
    request: (f) => ({ url: `/rest/applicant/chats/${f.otherOrganizationId}/end` }),
    expect: applicantOnly(200),
    note: 'with the other organisation: the applicant actor keeps its chat with the own one for the rows after',
  },
  { method: 'GET', route: '/rest/reports', expect: reportReaders(200, 200) },
  {
    method: 'GET',
    route: '/rest/reports/:id',
    request: (f) => ({ url: `/rest/reports/${f.reportId}` }),
    expect: reportReaders(200, 404),
    note: 'a report of another region answers like an unknown id',
  },
  {
    method: 'PUT',
    route: '/rest/reports/:id/status',
    request: (f) => ({ url: `/rest/reports/${f.reportId}/status`, payload: { status: 'IN_PROGRESS' } }),
    expect: reportReaders(200, 404),
  },
  // candidate feed and "nicht interessiert" (issue 46 item 4, ADR 0100)
  { method: 'GET', route: '/rest/applicant/feed', expect: applicantOnly(200) },
  {
    method: 'POST',
    route: '/rest/applicant/dismissals/:vacancyId',
    request: (f) => ({ url: `/rest/applicant/dismissals/${f.activeVacancyId}` }),
    expect: applicantOnly(200),
  },
  {
    method: 'DELETE',
    route: '/rest/applicant/dismissals/:vacancyId',
    request: (f) => ({ url: `/rest/applicant/dismissals/${f.withdrawVacancyId}` }),
    expect: applicantOnly(404),
    note: 'the applicant reaches the undo: 404 because it never dismissed that posting (undo itself in feed.routes.test.ts)',
  },
  {
    method: 'POST',
    route: '/rest/applicant/chats/:organizationId/read',
    request: (f) => ({ url: `/rest/applicant/chats/${f.ownOrganizationId}/read`, payload: { seq: 1 } }),
    expect: applicantOnly(200),
  },

  // statistics (issue #11): rows below this line belong to the statistics module
  {
    method: 'GET',
    route: '/rest/statistics',
    request: () => ({ url: '/rest/statistics?from=2026-08-01&to=2027-07-31&region=SINDELFINGEN' }),
    expect: signedIn(200, { organisationOwn: 403, organisationOther: 403, partnerOutOfRegion: 403 }),
    note: 'admins and statistics users without a region: any region; partners only their own regions (403 with a field error on region)',
  },
  {
    method: 'GET',
    route: '/rest/statistics/organizations',
    request: () => ({ url: '/rest/statistics/organizations?from=2026-08-01&to=2027-07-31&region=SINDELFINGEN' }),
    expect: signedIn(200, { organisationOwn: 403, organisationOther: 403, partnerOutOfRegion: 403 }),
    note: 'same scope as the dashboard',
  },
  {
    method: 'GET',
    route: '/rest/statistics/organizations/export',
    request: () => ({ url: '/rest/statistics/organizations/export?from=2026-08-01&to=2027-07-31&region=SINDELFINGEN' }),
    expect: signedIn(200, { organisationOwn: 403, organisationOther: 403, partnerOutOfRegion: 403 }),
    note: 'same scope as the dashboard; CSV',
  },
  // STATISTICS-ROWS-END

  // student statistics (issue #11)
  {
    method: 'GET',
    route: '/rest/student-statistics',
    request: () => ({ url: '/rest/student-statistics?from=2026-01-01&to=2026-12-31' }),
    expect: { ...signedIn(403), partnerInRegion: 200 },
    note: 'only regional partners of SINDELFINGEN (spec §6 studentStatistics); applicants get APPLICANT_NOT_ALLOWED',
  },
  // STUDENT-STATISTICS-ROWS-END

  // orders and products (issue #11)
  {
    method: 'GET',
    route: '/rest/products',
    expect: signedIn(403, { partnerInRegion: 200, admin: 200 }),
    note: 'orders area: admins and the partner of SINDELFINGEN (who picks a product when ordering)',
  },
  {
    method: 'POST',
    route: '/rest/products',
    request: () => ({
      payload: { name: 'Test-Paket', durationMonths: 3, postingsCount: 1, priceNetCents: 9900, active: true },
    }),
    expect: signedIn(403, { admin: 201 }),
  },
  {
    method: 'PUT',
    route: '/rest/products/:id',
    request: (f) => ({
      url: `/rest/products/${f.productId}`,
      payload: { name: 'Starter Test', durationMonths: 3, postingsCount: 1, priceNetCents: 9900, active: true },
    }),
    expect: signedIn(403, { admin: 200 }),
  },
  {
    method: 'GET',
    route: '/rest/orders',
    expect: signedIn(403, { partnerInRegion: 200, admin: 200 }),
    note: 'partnerOutOfRegion (LICHTENFELS, HORB) has no orders area: 403',
  },
  {
    method: 'GET',
    route: '/rest/orders/export',
    expect: signedIn(403, { partnerInRegion: 200, admin: 200 }),
  },
  {
    method: 'POST',
    route: '/rest/orders',
    request: (f) => ({
      payload: { organizationId: f.ownOrganizationId, productId: f.productId, quantity: 1, periodStart: '2026-03-01' },
    }),
    expect: signedIn(403, { partnerInRegion: 201, admin: 201 }),
  },
  {
    method: 'PUT',
    route: '/rest/orders/:id',
    request: (f) => ({
      url: `/rest/orders/${f.ownOrderId}`,
      payload: { quantity: 2, periodStart: '2026-03-01', notes: 'geändert' },
    }),
    expect: signedIn(403, { partnerInRegion: 200, admin: 200 }),
  },
  {
    method: 'PUT',
    route: '/rest/orders/:id/status',
    request: (f, actor) => ({ url: `/rest/orders/${f.disposableOrderIds[actor]}/status`, payload: { status: 'PAID' } }),
    expect: signedIn(403, { partnerInRegion: 200, admin: 200 }),
  },
  // ORDERS-ROWS-END

  // job widget (issue #13): public, session-less, the same answer for everyone (ADR 0038)
  {
    method: 'GET',
    route: '/rest/public/organizations/:organizationId/job-widget',
    request: (f) => ({ url: `/rest/public/organizations/${f.ownOrganizationId}/job-widget` }),
    expect: everyone(200),
    note: 'active postings of an active organisation; unknown, waiting or inactive organisations 404 (job-widget.routes.test.ts)',
  },
  {
    method: 'GET',
    route: '/rest/public/organizations/:organizationId/job-widget/images/:photoId',
    request: (f) => ({
      url: `/rest/public/organizations/${f.ownOrganizationId}/job-widget/images/${f.activeVacancyPhotoId}`,
    }),
    expect: everyone(200),
    note: 'a photo of an ACTIVE posting of an active organisation, or its logo',
  },
  // JOB-WIDGET-ROWS-END
  // feedback (ADR 0036): every web-app user and candidate (ADR 0102) sends; only administrators read and set the status.
  {
    method: 'POST',
    route: '/rest/feedback',
    request: (f) => ({ payload: f.feedbackForm.payload, headers: f.feedbackForm.headers }),
    expect: signedIn(201, { applicant: 201 }),
    note: 'candidates send from the candidate app too (ADR 0102)',
  },
  { method: 'GET', route: '/rest/feedback', expect: signedIn(403, { admin: 200 }) },
  {
    method: 'PUT',
    route: '/rest/feedback/:id/status',
    request: (f) => ({ url: `/rest/feedback/${f.feedbackId}/status`, payload: { status: 'IN_PROGRESS' } }),
    expect: signedIn(403, { admin: 200 }),
  },
  {
    method: 'GET',
    route: '/rest/feedback/:id/screenshot',
    request: (f) => ({ url: `/rest/feedback/${f.feedbackId}/screenshot` }),
    expect: signedIn(403, { admin: 200 }),
  },
  // public marketplace (issue #13): no session needed, the same answer for everyone
  {
    method: 'GET',
    route: '/rest/public/vacancies',
    request: () => ({ url: '/rest/public/vacancies?region=SINDELFINGEN' }),
    expect: everyone(200),
    note: 'public: visible postings of a region',
  },
  {
    method: 'GET',
    route: '/rest/public/vacancies/:id',
    request: (f) => ({ url: `/rest/public/vacancies/${f.activeVacancyId}` }),
    expect: everyone(200),
    note: 'public: a visible posting',
  },
  {
    method: 'GET',
    route: '/rest/public/vacancies/:id/photos/:photoId',
    request: (f) => ({ url: `/rest/public/vacancies/${f.activeVacancyId}/photos/${f.activeVacancyPhotoId}` }),
    expect: everyone(200),
    note: 'public: a photo of a visible posting',
  },
  {
    method: 'GET',
    route: '/rest/public/organizations/:id/logo',
    request: (f) => ({ url: `/rest/public/organizations/${f.otherOrganizationId}/logo` }),
    expect: everyone(200),
    note: 'public: the logo of an active organisation',
  },
  // candidate notifications (issue 46 item 2, ADR 0098/0099): the candidate's devices and settings; the mail link is public
  { method: 'GET', route: '/rest/applicant/push-config', expect: applicantOnly(200) },
  {
    method: 'POST',
    route: '/rest/applicant/push-subscriptions',
    request: (_f, actor) => ({
      payload: {
        endpoint: `https://push.example.net/push/authorization-${actor}`,
        keys: { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: Buffer.alloc(16, 7).toString('base64url') },
      },
    }),
    expect: applicantOnly(200),
  },
  {
    method: 'DELETE',
    route: '/rest/applicant/push-subscriptions',
    request: () => ({ payload: { endpoint: 'https://push.example.net/push/unbekannt' } }),
    expect: applicantOnly(404),
    note: 'the applicant reaches the lookup: an endpoint it never subscribed → 404 (the real deletion is in push.routes.test.ts)',
  },
  { method: 'GET', route: '/rest/applicant/notification-settings', expect: applicantOnly(200) },
  {
    method: 'PUT',
    route: '/rest/applicant/notification-settings',
    request: () => ({
      payload: {
        push: { MATCHING_ACCEPTED: true, MATCHING_DECLINED: true, MESSAGE: true },
        email: { MATCHING_ACCEPTED: true, MATCHING_DECLINED: true, MESSAGE: true },
        quietHours: true,
      },
    }),
    expect: applicantOnly(200),
  },
  {
    method: 'GET',
    route: '/rest/applicant-notifications/unsubscribe',
    request: () => ({ url: '/rest/applicant-notifications/unsubscribe?token=kein.token' }),
    expect: everyone(400),
    note: 'public link from a candidate mail: an invalid token → 400 page for everyone',
  },
  {
    method: 'POST',
    route: '/rest/applicant-notifications/unsubscribe',
    request: () => ({
      url: '/rest/applicant-notifications/unsubscribe?token=kein.token',
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    expect: everyone(400),
    note: 'token-authenticated (page button or RFC 8058 one-click): an invalid token → 400 page for everyone',
  },
  // data protection (issue #14, ADR 0046): retention periods for admins; the ZIP export for the
  // organisation itself and admins (partners 403: the data is the organisation's, not the region's)
  { method: 'GET', route: '/rest/admin/retention-settings', expect: signedIn(403, { admin: 200 }) },
  {
    method: 'PUT',
    route: '/rest/admin/retention-settings',
    request: () => ({ payload: { matchingRetentionMonths: 6, candidateInactivityMonths: 24 } }),
    expect: signedIn(403, { admin: 200 }),
  },
  {
    method: 'GET',
    route: '/rest/organization/:id/export',
    request: (f) => ({ url: `/rest/organization/${f.ownOrganizationId}/export` }),
    expect: signedIn(403, { organisationOwn: 200, organisationOther: 404, admin: 200 }),
    note: "ZIP; another organisation's user gets 404 like an unknown id; rate-limited per user",
  },
  // DATA-PROTECTION-ROWS-END
  // failed account mails (issue 49 item 6, ADR 0119): administrators only
  { method: 'GET', route: '/rest/admin/failed-mails', expect: signedIn(403, { admin: 200 }) },
  {
    method: 'POST',
    route: '/rest/admin/failed-mails/:id/resend',
    request: () => ({ url: '/rest/admin/failed-mails/00000000-0000-4000-8000-000000000000/resend' }),
    expect: signedIn(403, { admin: 404 }),
    note: 'the test app runs no job queue: no failed mail to send again (mail-admin.routes.test.ts sends one)',
  },
  // candidate legal texts (issue 46 item 9, ADR 0102): public texts; status and acceptance for the candidate only
  { method: 'GET', route: '/rest/public/legal/candidate', expect: everyone(200), note: 'public: the current texts' },
  { method: 'GET', route: '/rest/applicant/legal', expect: applicantOnly(200) },
  {
    method: 'POST',
    route: '/rest/applicant/legal/acceptances',
    request: () => ({ payload: { accepted: { ...CURRENT_CANDIDATE_LEGAL_VERSIONS } } }),
    expect: applicantOnly(200),
  },
  {
    method: 'GET',
    route: '/rest/applicant/export',
    expect: applicantOnly(200),
    note: 'ZIP of the own data (ADR 0102); rate-limited per user',
  },
  // CANDIDATE-LEGAL-ROWS-END
];
