import {
  CANDIDATE_LEGAL_DOCUMENTS,
  LEGAL_DOCUMENTS,
  type CandidateLegalDocument,
  type LegalDocument,
  type NotificationInterval,
  type Region,
  type StoredParentalConsentStatus,
  type UserType,
} from '@matchwerk/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  applicantProfiles,
  authAccounts,
  authSessions,
  authUsers,
  legalAcceptances,
  organizations,
  parentalConsents,
  users,
} from '../../db/schema/index';

export interface UserWithOrganizationRow {
  id: string;
  type: UserType;
  regions: Region[];
  organizationId: string | null;
  privacyStatementSignedAt: Date | null;
  termsAndConditionsSignedAt: Date | null;
  /** Accepted versions of the legal documents, oldest first (ADR 0037). */
  legalAcceptances: LegalAcceptance[];
  /** Accepted versions of the candidate texts, oldest first (ADR 0102); empty for web-app users. */
  candidateLegalAcceptances: { document: CandidateLegalDocument; version: string }[];
  notifyViaMail: boolean;
  notificationInterval: NotificationInterval;
  organization: OrganizationSummaryRow | null;
  /** Candidates: the birth date and the stored parental consent state (null: none); null for others. */
  candidateDateOfBirth: string | null;
  parentalConsentStatus: StoredParentalConsentStatus | null;
}

export interface LegalAcceptance {
  document: LegalDocument;
  version: string;
}

/**
 * "TERMS:2026-11-26" → { document, version }, the web-app documents and the candidate ones
 * apart; anything else (a document not known any more) is left out.
 */
function parseAcceptances(encoded: readonly string[] | null): {
  legalAcceptances: LegalAcceptance[];
  candidateLegalAcceptances: { document: CandidateLegalDocument; version: string }[];
} {
  const legal: LegalAcceptance[] = [];
  const candidate: { document: CandidateLegalDocument; version: string }[] = [];
  for (const entry of encoded ?? []) {
    const separator = entry.indexOf(':');
    const document = entry.slice(0, separator);
    const version = entry.slice(separator + 1);
    if ((LEGAL_DOCUMENTS as readonly string[]).includes(document))
      legal.push({ document: document as LegalDocument, version });
    else if ((CANDIDATE_LEGAL_DOCUMENTS as readonly string[]).includes(document))
      candidate.push({ document: document as CandidateLegalDocument, version });
  }
  return { legalAcceptances: legal, candidateLegalAcceptances: candidate };
}

/** The organisation as its users' sessions see it (the web shows a notice when it is not active). */
export interface OrganizationSummaryRow {
  id: string;
  name: string;
  region: Region;
  active: boolean;
  waitingForApproval: boolean;
}

export interface SessionActorRow extends UserWithOrganizationRow {
  disabledAt: Date | null;
  sessionId: string;
  sessionExpiresAt: Date;
  email: string;
  name: string;
  emailVerified: boolean;
}

/** Our user, its auth user and its organisation summary: what every user answer is built from. */
const USER_COLUMNS = {
  email: authUsers.email,
  name: authUsers.name,
  emailVerified: authUsers.emailVerified,
  id: users.id,
  type: users.type,
  regions: users.regions,
  organizationId: users.organizationId,
  privacyStatementSignedAt: users.privacyStatementSignedAt,
  termsAndConditionsSignedAt: users.termsAndConditionsSignedAt,
  // One index range read on the primary key, inside the session query (no second round trip).
  legalAcceptances: sql<
    string[] | null
  >`array(select ${legalAcceptances.document} || ':' || ${legalAcceptances.version} from ${legalAcceptances} where ${legalAcceptances.userId} = ${users.id} order by ${legalAcceptances.acceptedAt}, ${legalAcceptances.version})`,
  notifyViaMail: users.notifyViaMail,
  notificationInterval: users.notificationInterval,
  // Candidates' consent (ADR 0097): two primary-key reads inside the same query.
  candidateDateOfBirth: sql<
    string | null
  >`(select ${applicantProfiles.dateOfBirth}::text from ${applicantProfiles} where ${applicantProfiles.userId} = ${users.id})`,
  parentalConsentStatus: sql<StoredParentalConsentStatus | null>`(select ${parentalConsents.status} from ${parentalConsents} where ${parentalConsents.applicantId} = ${users.id})`,
  /** Refused in actor resolution even if a session survived the disabling (ADR 0021). */
  disabledAt: users.disabledAt,
  orgId: organizations.id,
  orgName: organizations.name,
  orgRegion: organizations.region,
  orgActive: organizations.active,
  orgApprovedAt: organizations.approvedAt,
};

function withOrganization<
  Row extends {
    orgId: string | null;
    orgName: string | null;
    orgRegion: Region | null;
    orgActive: boolean | null;
    orgApprovedAt: Date | null;
    legalAcceptances: string[] | null;
  },
>(row: Row) {
  const { orgId, orgName, orgRegion, orgActive, orgApprovedAt, legalAcceptances: encodedAcceptances, ...rest } = row;
  const organization: OrganizationSummaryRow | null =
    orgId && orgName && orgRegion
      ? {
          id: orgId,
          name: orgName,
          region: orgRegion,
          active: orgActive ?? false,
          waitingForApproval: orgApprovedAt === null && orgActive === false,
        }
      : null;
  return { ...rest, ...parseAcceptances(encodedAcceptances), organization };
}

export function createUsersRepository(db: Database) {
  /**
   * Prepared once: every session-cache miss runs it (issue #12), and PostgreSQL planned this
   * join anew on each call (planning cost several times the execution).
   */
  const sessionByToken = db
    .select({ sessionId: authSessions.id, sessionExpiresAt: authSessions.expiresAt, ...USER_COLUMNS })
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(authSessions.token, sql.placeholder('token')))
    .limit(1)
    .prepare('session_actor_by_token');

  return {
    /** Session + auth user + our user + organisation summary for a session token, in one query. */
    async findBySessionToken(token: string): Promise<SessionActorRow | null> {
      const rows = await sessionByToken.execute({ token });
      return rows[0] ? withOrganization(rows[0]) : null;
    },

    /** Our user + auth user + organisation summary by user id (for answers about another user). */
    async findUserById(id: string): Promise<Omit<SessionActorRow, 'sessionId' | 'sessionExpiresAt'> | null> {
      const rows = await db
        .select(USER_COLUMNS)
        .from(users)
        .innerJoin(authUsers, eq(authUsers.id, users.id))
        .leftJoin(organizations, eq(organizations.id, users.organizationId))
        .where(eq(users.id, id))
        .limit(1);
      return rows[0] ? withOrganization(rows[0]) : null;
    },

    async setNotifications(
      userId: string,
      settings: { notifyViaMail: boolean; notificationInterval: NotificationInterval },
      at: Date,
    ): Promise<void> {
      await db
        .update(users)
        .set({ ...settings, updatedAt: at })
        .where(eq(users.id, userId));
    },

    /**
     * Records the accepted versions (a version accepted before stays as it was) and sets the
     * spec's signing date of each accepted document, in one transaction.
     */
    async recordLegalAcceptances(userId: string, accepted: readonly LegalAcceptance[], at: Date): Promise<void> {
      if (accepted.length === 0) return;
      await db.transaction(async (tx) => {
        await tx
          .insert(legalAcceptances)
          .values(accepted.map(({ document, version }) => ({ userId, document, version, acceptedAt: at })))
          .onConflictDoNothing();
        const documents = new Set(accepted.map((a) => a.document));
        await tx
          .update(users)
          .set({
            ...(documents.has('PRIVACY') ? { privacyStatementSignedAt: at } : {}),
            ...(documents.has('TERMS') ? { termsAndConditionsSignedAt: at } : {}),
            updatedAt: at,
          })
          .where(eq(users.id, userId));
      });
    },

    async findAuthUserByEmail(
      email: string,
    ): Promise<{ id: string; name: string; email: string; emailVerified: boolean } | null> {
      const rows = await db
        .select({
          id: authUsers.id,
          name: authUsers.name,
          email: authUsers.email,
          emailVerified: authUsers.emailVerified,
        })
        .from(authUsers)
        .where(eq(authUsers.email, email.toLowerCase()))
        .limit(1);
      return rows[0] ?? null;
    },

    async findAuthUserById(
      id: string,
    ): Promise<{ id: string; name: string; email: string; emailVerified: boolean } | null> {
      const rows = await db
        .select({
          id: authUsers.id,
          name: authUsers.name,
          email: authUsers.email,
          emailVerified: authUsers.emailVerified,
        })
        .from(authUsers)
        .where(eq(authUsers.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    async findPasswordHash(userId: string): Promise<string | null> {
      const rows = await db
        .select({ password: authAccounts.password, providerId: authAccounts.providerId })
        .from(authAccounts)
        .where(eq(authAccounts.userId, userId));
      return rows.find((row) => row.providerId === 'credential')?.password ?? null;
    },

    async deleteAuthUser(userId: string): Promise<void> {
      await db.delete(authUsers).where(eq(authUsers.id, userId));
    },

    async updateAuthEmail(userId: string, email: string): Promise<void> {
      await db
        .update(authUsers)
        .set({ email, emailVerified: true, updatedAt: new Date() })
        .where(eq(authUsers.id, userId));
    },

    async deleteSessions(userId: string): Promise<void> {
      await db.delete(authSessions).where(eq(authSessions.userId, userId));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
