/**
 * Test actors: the seeded demo accounts by role, signed in either through the real sign-in
 * endpoint (cookie + token) or — fast, no scrypt — with a session row created directly.
 */
import { stringifyCookie } from 'cookie';
import { randomBytes } from 'node:crypto';
import type { Region, UserType } from '@matchwerk/shared';
import type { LightMyRequestResponse } from 'fastify';
import { authAccounts, authSessions, authUsers, legalAcceptances, organizations, users } from '../db/schema/index';
import { legalAcceptanceRows } from '../modules/users/legal-acceptances';
import { TEST_ORIGIN, TEST_PASSWORD, type TestApp } from './test-app';

export const ACTOR_NAMES = [
  'anonymous',
  'applicant',
  'organisationOwn',
  'organisationOther',
  'partnerInRegion',
  'partnerOutOfRegion',
  'statistics',
  'admin',
] as const;
export type ActorName = (typeof ACTOR_NAMES)[number];

/** Demo accounts behind each actor. "Own" organisation = firma@ (Sindelfingen). */
export const ACTOR_EMAILS: Record<Exclude<ActorName, 'anonymous'>, string> = {
  applicant: 'bewerberin@matchwerk.example',
  organisationOwn: 'firma@matchwerk.example',
  organisationOther: 'firma.lichtenfels@matchwerk.example',
  partnerInRegion: 'partner@matchwerk.example',
  partnerOutOfRegion: 'partner.lichtenfels@matchwerk.example',
  statistics: 'statistik@matchwerk.example',
  admin: 'admin@matchwerk.example',
};

export const LEGAL_UNSIGNED_EMAIL = 'neu@matchwerk.example';
export const UNVERIFIED_EMAIL = 'unbestaetigt@matchwerk.example';

/** Creates a session row for the user and returns its raw token (usable as Bearer). */
export async function createSessionToken(testApp: TestApp, userId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const now = new Date();
  await testApp.database.db.insert(authSessions).values({
    id: crypto.randomUUID(),
    token,
    userId,
    expiresAt: new Date(now.getTime() + 24 * 60 * 60 * 1000),
    createdAt: now,
    updatedAt: now,
  });
  return token;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** Bearer headers for each actor (anonymous: none). */
export async function actorHeaders(testApp: TestApp): Promise<Record<ActorName, Record<string, string>>> {
  const result = { anonymous: {} } as Record<ActorName, Record<string, string>>;
  for (const [name, email] of Object.entries(ACTOR_EMAILS) as [Exclude<ActorName, 'anonymous'>, string][]) {
    result[name] = bearer(await createSessionToken(testApp, await testApp.userIdOf(email)));
  }
  return result;
}

/** Signs in through POST /rest/auth/sign-in/email (scrypt verify ≈ 100 ms). */
export async function signIn(
  testApp: TestApp,
  email: string,
  password = TEST_PASSWORD,
  rememberMe = true,
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method: 'POST',
    url: '/rest/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password, rememberMe },
  });
}

/** The Cookie header to send back, built from a response's Set-Cookie headers. */
export function cookieHeader(response: LightMyRequestResponse): string {
  // light-my-request hands the values over decoded; stringifyCookie encodes them again.
  return stringifyCookie(Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value])));
}

export interface NewTestUser {
  type: UserType;
  email?: string;
  name?: string;
  regions?: Region[];
  organization?: { name: string; region: Region } | string;
  emailVerified?: boolean;
  legalSigned?: boolean;
  /** Invited and not yet signed up: no credential account, so no password (ADR 0124). */
  withoutPassword?: boolean;
}

/** Inserts an auth user + credential account (unless `withoutPassword`) + our user row with the precomputed password hash. */
export async function createTestUser(
  testApp: TestApp,
  input: NewTestUser,
): Promise<{ id: string; email: string; organizationId: string | null }> {
  const db = testApp.database.db;
  const id = crypto.randomUUID();
  const email = input.email ?? `user-${id.slice(0, 8)}@test.example`;
  let organizationId: string | null = null;
  if (typeof input.organization === 'string') organizationId = input.organization;
  else if (input.organization) {
    const [row] = await db.insert(organizations).values(input.organization).returning({ id: organizations.id });
    organizationId = row?.id ?? null;
  }
  await db
    .insert(authUsers)
    .values({ id, email, name: input.name ?? 'Test Person', emailVerified: input.emailVerified ?? true });
  if (!input.withoutPassword)
    await db.insert(authAccounts).values({
      id: crypto.randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: await testApp.passwordHash(),
    });
  const signed = input.legalSigned === false ? null : new Date();
  await db.insert(users).values({
    id,
    type: input.type,
    regions: input.regions ?? [],
    organizationId,
    privacyStatementSignedAt: signed,
    termsAndConditionsSignedAt: signed,
  });
  if (signed && input.type !== 'APPLICANT') await db.insert(legalAcceptances).values(legalAcceptanceRows(id, signed));
  return { id, email, organizationId };
}
