/**
 * The authorization table: every /rest route × every actor → expected HTTP status.
 * `authorization.test.ts` fails when a registered route has no row here, so each new route
 * must state who may call it. Add rows; keep them grouped by module.
 */
import type { ActorName } from './testing/actors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ExpectedStatuses = Record<ActorName, number>;

export interface AuthorizationFixtures {
  /** Organisation of the organisationOwn actor (region SINDELFINGEN, partnerInRegion's region). */
  ownOrganizationId: string;
  /** Organisation of the organisationOther actor (region LICHTENFELS). */
  otherOrganizationId: string;
}

export interface AuthorizationRow {
  method: HttpMethod;
  /** The route pattern exactly as registered, e.g. `/rest/vacancy/:id`. */
  route: string;
  /** Concrete request for an actor (URL with parameters filled, payload). Defaults: route as URL, no body. */
  request?: (fixtures: AuthorizationFixtures, actor: ActorName) => { url?: string; payload?: unknown };
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

export const AUTHORIZATION_TABLE: AuthorizationRow[] = [
  // system
  { method: 'GET', route: '/rest/health', expect: everyone(200) },
  { method: 'GET', route: '/rest/ready', expect: everyone(200) },
  { method: 'GET', route: '/rest/config', expect: everyone(200) },
  { method: 'GET', route: '/rest/demo/outbox', expect: everyone(200), note: 'demo mode only (no SMTP_URL); lists mails to invented addresses' },

  // users
  { method: 'GET', route: '/rest/users/current-user', expect: signedIn(200, { applicant: 200 }), note: 'applicants get their user; the web app refuses them' },
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
];
