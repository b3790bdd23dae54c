/**
 * Queries of invitations and of an organisation's team. Every write runs in one transaction
 * with its audit entry; accepting and removing are race-safe (conditional update, row locks).
 */
import type { Region } from '@matchwerk/shared';
import { and, asc, desc, eq, gt, isNull, like, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import {
  authAccounts,
  authUsers,
  authVerifications,
  mailOutbox,
  organizationInvitations,
  organizations,
  users,
} from '../../db/schema/index';
import { recordAudit, type AuditEntry } from '../audit';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface TeamOrganizationRow {
  id: string;
  name: string;
  region: Region;
}

export interface TeamMemberRow {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
  disabledAt: Date | null;
}

/** The columns of a team member (our user + its auth user). */
const MEMBER_COLUMNS = {
  id: users.id,
  name: authUsers.name,
  email: authUsers.email,
  emailVerified: authUsers.emailVerified,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
  disabledAt: users.disabledAt,
};

export interface InvitationRow {
  id: string;
  organizationId: string;
  email: string;
  name: string;
  createdAt: Date;
  expiresAt: Date;
}

export interface PendingInvitationRow extends InvitationRow {
  organization: TeamOrganizationRow;
}

export interface NewInvitation {
  organizationId: string;
  email: string;
  name: string;
  tokenHash: string;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
}

export interface NewColleague {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
}

/** Thrown inside the accept transaction when the address got an account meanwhile; rolls back. */
export class InvitationEmailTakenError extends Error {
  constructor() {
    super('e-mail address taken');
  }
}

const INVITATION_COLUMNS = {
  id: organizationInvitations.id,
  organizationId: organizationInvitations.organizationId,
  email: organizationInvitations.email,
  name: organizationInvitations.name,
  createdAt: organizationInvitations.createdAt,
  expiresAt: organizationInvitations.expiresAt,
};

/** Not yet accepted and not expired at `now`. */
function isOpen(now: Date) {
  return and(isNull(organizationInvitations.acceptedAt), gt(organizationInvitations.expiresAt, now));
}

function isOrganizationMember(organizationId: string) {
  return and(eq(users.organizationId, organizationId), eq(users.type, 'ORGANIZATION'));
}

export function createInvitationsRepository(db: Database) {
  return {
    async findOrganization(id: string): Promise<TeamOrganizationRow | null> {
      const rows = await db
        .select({ id: organizations.id, name: organizations.name, region: organizations.region })
        .from(organizations)
        .where(eq(organizations.id, id))
        .limit(1);
      const row = rows[0];
      return row ? { ...row, region: row.region } : null;
    },

    async emailHasAccount(email: string): Promise<boolean> {
      const rows = await db
        .select({ id: authUsers.id })
        .from(authUsers)
        .where(eq(authUsers.email, email.toLowerCase()))
        .limit(1);
      return rows.length > 0;
    },

    async listMembers(organizationId: string): Promise<TeamMemberRow[]> {
      return db
        .select(MEMBER_COLUMNS)
        .from(users)
        .innerJoin(authUsers, eq(authUsers.id, users.id))
        .where(isOrganizationMember(organizationId))
        .orderBy(asc(authUsers.name), asc(authUsers.email));
    },

    async listOpenInvitations(organizationId: string, now: Date): Promise<InvitationRow[]> {
      return db
        .select(INVITATION_COLUMNS)
        .from(organizationInvitations)
        .where(and(eq(organizationInvitations.organizationId, organizationId), isOpen(now)))
        .orderBy(desc(organizationInvitations.createdAt), asc(organizationInvitations.email));
    },

    /** The open invitation behind a token hash, with its organisation. */
    async findOpenByTokenHash(tokenHash: string, now: Date): Promise<PendingInvitationRow | null> {
      const rows = await db
        .select({
          ...INVITATION_COLUMNS,
          organizationName: organizations.name,
          organizationRegion: organizations.region,
        })
        .from(organizationInvitations)
        .innerJoin(organizations, eq(organizations.id, organizationInvitations.organizationId))
        .where(and(eq(organizationInvitations.tokenHash, tokenHash), isOpen(now)))
        .limit(1);
      const row = rows[0];
      if (!row) return null;
      const { organizationName, organizationRegion, ...invitation } = row;
      return {
        ...invitation,
        organization: { id: invitation.organizationId, name: organizationName, region: organizationRegion },
      };
    },

    /**
     * Stores a new invitation; an open one for the same address and organisation is replaced
     * (its link stops working). Returns the new id and whether one was replaced.
     */
    async replaceInvitation(
      invitation: NewInvitation,
      audit: (id: string, replaced: boolean) => AuditEntry,
    ): Promise<{ id: string; replaced: boolean }> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(organizationInvitations)
          .where(
            and(
              eq(organizationInvitations.organizationId, invitation.organizationId),
              eq(organizationInvitations.email, invitation.email),
              isNull(organizationInvitations.acceptedAt),
            ),
          )
          .returning({ id: organizationInvitations.id, expiresAt: organizationInvitations.expiresAt });
        const [created] = await tx
          .insert(organizationInvitations)
          .values(invitation)
          .returning({ id: organizationInvitations.id });
        if (!created) throw new Error('invitation insert returned nothing');
        // Only a still-valid one counts as replaced; expired leftovers are just cleaned up.
        const replaced = removed.some((row) => row.expiresAt > invitation.createdAt);
        await recordAudit(tx, audit(created.id, replaced));
        return { id: created.id, replaced };
      });
    },

    /** Deletes an open invitation of the organisation; false when there is none with that id. */
    async revokeInvitation(
      organizationId: string,
      invitationId: string,
      now: Date,
      audit: (invitation: InvitationRow) => AuditEntry,
    ): Promise<InvitationRow | null> {
      return db.transaction(async (tx) => {
        const [removed] = await tx
          .delete(organizationInvitations)
          .where(
            and(
              eq(organizationInvitations.id, invitationId),
              eq(organizationInvitations.organizationId, organizationId),
              isOpen(now),
            ),
          )
          .returning(INVITATION_COLUMNS);
        if (!removed) return null;
        await recordAudit(tx, audit(removed));
        return removed;
      });
    },

    /**
     * Accepting, in one transaction: the invitation is marked accepted only if it is still
     * open (a second click or a parallel request finds nothing), then the confirmed auth user,
     * its credential account and an ORGANIZATION user of that organisation are created. Legal
     * dates stay null: the legal gate asks at the first sign-in.
     */
    async accept(
      tokenHash: string,
      colleague: NewColleague,
      now: Date,
      audit: (invitation: PendingInvitationRow) => AuditEntry,
    ): Promise<PendingInvitationRow | null> {
      try {
        return await db.transaction(async (tx) => {
          const [claimed] = await tx
            .update(organizationInvitations)
            .set({ acceptedAt: now })
            .where(and(eq(organizationInvitations.tokenHash, tokenHash), isOpen(now)))
            .returning(INVITATION_COLUMNS);
          if (!claimed) return null;
          const organization = await lockOrganization(tx, claimed.organizationId);
          if (!organization) return null;
          const invitation = { ...claimed, organization };
          await tx.insert(authUsers).values({
            id: colleague.id,
            email: claimed.email,
            name: colleague.name,
            emailVerified: true,
            createdAt: now,
            updatedAt: now,
          });
          await tx.insert(authAccounts).values({
            id: crypto.randomUUID(),
            accountId: colleague.id,
            providerId: 'credential',
            userId: colleague.id,
            password: colleague.passwordHash,
          });
          await tx.insert(users).values({
            id: colleague.id,
            type: 'ORGANIZATION',
            regions: [],
            organizationId: claimed.organizationId,
            createdAt: now,
            updatedAt: now,
          });
          await recordAudit(tx, audit(invitation));
          return invitation;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new InvitationEmailTakenError();
        throw error;
      }
    },

    /**
     * Deletes one colleague's account like account deletion does for one user: pending tokens
     * (password reset: value = user id; e-mail recovery: a JSON record with it), demo mails to
     * the address, then the auth user — sessions, credential account and user row follow by
     * cascade. With `keepOne` the organisation row is locked and the last member is not removed
     * (two colleagues removing each other at the same time cannot both succeed).
     */
    async removeMember(
      organizationId: string,
      userId: string,
      options: { keepOne: boolean },
      audit: (member: TeamMemberRow) => AuditEntry,
    ): Promise<{ removed: TeamMemberRow } | 'LAST_MEMBER' | null> {
      return db.transaction(async (tx) => {
        if (!(await lockOrganization(tx, organizationId))) return null;
        const members = await tx
          .select(MEMBER_COLUMNS)
          .from(users)
          .innerJoin(authUsers, eq(authUsers.id, users.id))
          .where(isOrganizationMember(organizationId));
        const member = members.find((row) => row.id === userId);
        if (!member) return null;
        if (options.keepOne && members.length <= 1) return 'LAST_MEMBER';
        await tx
          .delete(authVerifications)
          .where(
            or(
              eq(authVerifications.value, userId),
              like(authVerifications.value, `%"userId":${JSON.stringify(userId)}%`),
            ),
          );
        await tx.delete(mailOutbox).where(eq(mailOutbox.to, member.email));
        await tx.delete(authUsers).where(eq(authUsers.id, userId));
        await recordAudit(tx, audit(member));
        return { removed: member };
      });
    },
  };
}

async function lockOrganization(tx: Transaction, id: string): Promise<TeamOrganizationRow | null> {
  const [row] = await tx
    .select({ id: organizations.id, name: organizations.name, region: organizations.region })
    .from(organizations)
    .where(eq(organizations.id, id))
    .for('update');
  return row ? { ...row, region: row.region } : null;
}

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
