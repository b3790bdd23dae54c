/**
 * Queries of the user administration: the paged list, one managed user, and the writes
 * (create, edit, disable, delete, the set-password link of an invitation) each in one
 * transaction with its audit entry.
 */
import {
  germanSearchTerms,
  type ManagedUserType,
  type Region,
  type USER_SORT_FIELDS,
  type UserType,
} from '@matchwerk/shared';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, like, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import {
  authAccounts,
  authUsers,
  authVerifications,
  mailOutbox,
  MANAGED_USERS_PREDICATE,
  organizations,
  users,
} from '../../db/schema/index';
import { recordAudit, type AuditEntry } from '../audit';

export type UserSortField = (typeof USER_SORT_FIELDS)[number];
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface UserListParams {
  /** null: every managed user (admin); otherwise only ORGANIZATION users of organisations in these regions. */
  partnerRegions: Region[] | null;
  page: number;
  pageSize: number;
  sort: UserSortField;
  order: 'asc' | 'desc';
  search?: string | undefined;
  type?: ManagedUserType | undefined;
  organizationId?: string | undefined;
  region?: Region | undefined;
  emailVerified?: boolean | undefined;
  disabled?: boolean | undefined;
}

export interface ManagedUserRow {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  type: UserType;
  regions: Region[];
  organizationId: string | null;
  organization: { id: string; name: string; region: Region } | null;
  lastSignInAt: Date | null;
  createdAt: Date;
  disabledAt: Date | null;
  /** False while an invited user has not set a password yet (no credential with a password, ADR 0124). */
  hasPassword: boolean;
}

const COLUMNS = {
  id: users.id,
  email: authUsers.email,
  name: authUsers.name,
  emailVerified: authUsers.emailVerified,
  type: users.type,
  regions: users.regions,
  organizationId: users.organizationId,
  orgId: organizations.id,
  orgName: organizations.name,
  orgRegion: organizations.region,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
  disabledAt: users.disabledAt,
  // One index probe (auth_accounts_user_id_idx) per row of the page.
  hasPassword: sql<boolean>`exists (select 1 from ${authAccounts} where ${authAccounts.userId} = ${users.id} and ${authAccounts.providerId} = 'credential' and ${authAccounts.password} is not null)`,
};

/**
 * better-auth's password-reset token row (`reset-password:<token>` → user id; its
 * `/reset-password` reads and consumes it and creates the credential account when there is
 * none). An invitation's set-password link is such a token with the invitation's validity.
 */
const RESET_PASSWORD_PREFIX = 'reset-password:';

export interface SetPasswordLink {
  token: string;
  expiresAt: Date;
}

function toRow<
  Row extends Omit<ManagedUserRow, 'organization'> & {
    orgId: string | null;
    orgName: string | null;
    orgRegion: Region | null;
  },
>(row: Row): ManagedUserRow {
  const { orgId, orgName, orgRegion, ...rest } = row;
  return {
    ...rest,
    organization: orgId && orgName && orgRegion ? { id: orgId, name: orgName, region: orgRegion } : null,
  };
}

/**
 * The list's order, served by the partial sort indexes of `users` (migration 0012): the sort key,
 * then e-mail and id; descending reverses every part, so the index is read backwards. Never signed
 * in comes last both ways (an admin looks for recent or stale sign-ins), so descending by last
 * sign-in has an index of its own.
 */
function userListOrder(sort: UserSortField, order: 'asc' | 'desc'): SQL[] {
  const direction = order === 'desc' ? desc : asc;
  const tieBreak = [direction(users.email), direction(users.id)];
  if (sort === 'email') return tieBreak;
  if (sort === 'lastSignInAt') return [sql`${users.lastSignInAt} ${sql.raw(order)} nulls last`, ...tieBreak];
  // Names in German order (DIN 5007-1, ADR 0117): the generated key compared bytewise.
  const column = { name: sql`${users.nameSort} collate "C"`, type: users.type, createdAt: users.createdAt }[sort];
  return [direction(column), ...tieBreak];
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The person part of a user as the audit log keeps it (never secrets). */
// A type alias, not an interface: it must fit the audit log's Record<string, unknown>.
export type UserSnapshot = {
  email: string;
  name: string;
  type: string;
  regions: Region[];
  organizationId: string | null;
};

export interface NewManagedUser {
  id: string;
  email: string;
  name: string;
  type: ManagedUserType;
  regions: Region[];
  organizationId: string | null;
}

export interface UserChanges {
  email: string;
  name: string;
  /** True when the address must be confirmed again (it changed, and the user has a password). */
  reconfirmEmail: boolean;
  /** An invited user's new set-password link (its address changed: the old link stops working). */
  setPasswordLink: SetPasswordLink | null;
  type: ManagedUserType;
  regions: Region[];
  organizationId: string | null;
}

/** Thrown inside a transaction when the last enabled administrator would be lost; rolls back. */
export class LastAdminError extends Error {
  constructor() {
    super('last enabled administrator');
  }
}

/** Thrown when the e-mail address belongs to another account (also on the unique index race). */
export class EmailTakenError extends Error {
  constructor() {
    super('e-mail address taken');
  }
}

/**
 * Locks every enabled administrator row and fails when none but `userId` is left. Run inside
 * the transaction that disables, deletes or demotes `userId`, so two administrators demoting
 * each other at the same time cannot both succeed.
 */
async function assertAnotherEnabledAdmin(tx: Transaction, userId: string): Promise<void> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.type, 'ADMIN'), isNull(users.disabledAt)))
    .for('update');
  if (!admins.some((admin) => admin.id !== userId)) throw new LastAdminError();
}

/** Stores the user's one set-password link: earlier reset links of the user stop working. */
async function replaceSetPasswordLink(tx: Transaction, userId: string, link: SetPasswordLink): Promise<void> {
  await tx
    .delete(authVerifications)
    .where(and(eq(authVerifications.value, userId), like(authVerifications.identifier, `${RESET_PASSWORD_PREFIX}%`)));
  const now = new Date();
  await tx.insert(authVerifications).values({
    id: crypto.randomUUID(),
    identifier: `${RESET_PASSWORD_PREFIX}${link.token}`,
    value: userId,
    expiresAt: link.expiresAt,
    createdAt: now,
    updatedAt: now,
  });
}

export function createUserAdminRepository(db: Database) {
  async function findIn(executor: Database | Transaction, id: string): Promise<ManagedUserRow | null> {
    const rows = await executor
      .select(COLUMNS)
      .from(users)
      .innerJoin(authUsers, eq(authUsers.id, users.id))
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
      .where(eq(users.id, id))
      .limit(1);
    return rows[0] ? toRow(rows[0]) : null;
  }

  return {
    findById: (id: string) => findIn(db, id),

    async emailTaken(email: string, exceptUserId?: string): Promise<boolean> {
      const conditions = [eq(authUsers.email, email.toLowerCase())];
      if (exceptUserId) conditions.push(ne(authUsers.id, exceptUserId));
      const rows = await db
        .select({ id: authUsers.id })
        .from(authUsers)
        .where(and(...conditions))
        .limit(1);
      return rows.length > 0;
    },

    async findOrganization(id: string): Promise<{ id: string; name: string; region: Region } | null> {
      const rows = await db
        .select({ id: organizations.id, name: organizations.name, region: organizations.region })
        .from(organizations)
        .where(eq(organizations.id, id))
        .limit(1);
      const row = rows[0];
      return row ? { ...row, region: row.region } : null;
    },

    /**
     * One page of managed users (never applicants) and the total. Partners see only
     * ORGANIZATION users of organisations in their regions. The users row carries copies of the
     * e-mail and name (ADR 0033), so the page's ids come from one sort index of `users` (partial:
     * managed users only) — skipping rows inside the index for a deep page — and only those 25
     * rows are joined to their auth user and organisation. The total counts `users` alone unless a
     * filter needs the joined tables.
     */
    async list(params: UserListParams): Promise<{ items: ManagedUserRow[]; total: number }> {
      // Literal (not a parameter), so PostgreSQL matches the partial indexes' predicate.
      const conditions: SQL[] = [sql.raw(`"users".${MANAGED_USERS_PREDICATE}`)];
      // Conditions on the organisation or the auth user are id sets, so the ids and the total read `users` alone.
      const organizationsIn = (condition: SQL) =>
        inArray(users.organizationId, db.select({ id: organizations.id }).from(organizations).where(condition));
      if (params.partnerRegions) {
        conditions.push(
          eq(users.type, 'ORGANIZATION'),
          organizationsIn(inArray(organizations.region, params.partnerRegions)),
        );
      }
      const terms = params.search ? germanSearchTerms(params.search) : [];
      if (params.search && terms.length > 0) {
        const pattern = `%${escapeLike(params.search)}%`;
        // German spellings of names (ADR 0117): each form of the term in the folded search texts.
        const searchText = (column: SQL) => or(...terms.map((term) => sql`${column} like ${`%${escapeLike(term)}%`}`))!;
        // Matching ids from the trigram indexes (pg_trgm, ADR 0028) instead of `ilike` on every
        // joined row (31 ms p95 at 14,000 users): e-mail or name of the person, or their organisation's name.
        conditions.push(
          or(
            sql`${users.id} in (select "a"."id" from ${authUsers} "a" where "a"."email" ilike ${pattern} union select "n"."id" from ${users} "n" where ${searchText(sql`"n"."name_search"`)})`,
            sql`${users.organizationId} in (select "o"."id" from ${organizations} "o" where ${searchText(sql`"o"."name_search"`)})`,
          )!,
        );
      }
      if (params.type) conditions.push(eq(users.type, params.type));
      if (params.organizationId) conditions.push(eq(users.organizationId, params.organizationId));
      if (params.region)
        conditions.push(
          or(organizationsIn(eq(organizations.region, params.region)), sql`${params.region} = any(${users.regions})`)!,
        );
      if (params.emailVerified !== undefined) {
        conditions.push(
          inArray(
            users.id,
            db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.emailVerified, params.emailVerified)),
          ),
        );
      }
      if (params.disabled !== undefined)
        conditions.push(params.disabled ? isNotNull(users.disabledAt) : isNull(users.disabledAt));
      const where = and(...conditions);
      const order = userListOrder(params.sort, params.order);
      const pageIds = db
        .select({ id: users.id })
        .from(users)
        .where(where)
        .orderBy(...order)
        .limit(params.pageSize)
        .offset(params.page * params.pageSize);
      const [items, totals] = await Promise.all([
        db
          .select(COLUMNS)
          .from(users)
          .innerJoin(authUsers, eq(authUsers.id, users.id))
          .leftJoin(organizations, eq(organizations.id, users.organizationId))
          .where(inArray(users.id, pageIds))
          .orderBy(...order),
        db.select({ total: count() }).from(users).where(where),
      ]);
      return { items: items.map(toRow), total: Number(totals[0]?.total ?? 0) };
    },

    /**
     * Auth user (confirmed: the manager vouches, and only the mailbox gets the link), our user
     * row, the set-password link and the audit entry. No credential account: nobody can sign in
     * until the user sets a password with the link (ADR 0124).
     */
    async create(user: NewManagedUser, link: SetPasswordLink, audit: AuditEntry): Promise<ManagedUserRow> {
      try {
        return await db.transaction(async (tx) => {
          const now = new Date();
          await tx.insert(authUsers).values({
            id: user.id,
            email: user.email,
            name: user.name,
            emailVerified: true,
            createdAt: now,
            updatedAt: now,
          });
          // Legal dates stay null: the legal gate asks the new user at the first sign-in.
          await tx.insert(users).values({
            id: user.id,
            type: user.type,
            regions: user.regions,
            organizationId: user.organizationId,
            createdAt: now,
            updatedAt: now,
          });
          await replaceSetPasswordLink(tx, user.id, link);
          await recordAudit(tx, audit);
          const created = await findIn(tx, user.id);
          if (!created) throw new Error('created user not found');
          return created;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new EmailTakenError();
        throw error;
      }
    },

    /**
     * Writes name, e-mail, role and an invited user's new set-password link; `demotesAdmin`
     * checks the last-administrator rule in the same transaction.
     */
    async update(
      id: string,
      changes: UserChanges,
      options: { demotesAdmin: boolean; audit: AuditEntry[] },
      now: Date,
    ): Promise<ManagedUserRow | null> {
      try {
        return await db.transaction(async (tx) => {
          if (options.demotesAdmin) await assertAnotherEnabledAdmin(tx, id);
          await tx
            .update(authUsers)
            .set({
              name: changes.name,
              email: changes.email,
              ...(changes.reconfirmEmail ? { emailVerified: false } : {}),
              updatedAt: now,
            })
            .where(eq(authUsers.id, id));
          await tx
            .update(users)
            .set({
              type: changes.type,
              regions: changes.regions,
              organizationId: changes.organizationId,
              updatedAt: now,
            })
            .where(eq(users.id, id));
          if (changes.setPasswordLink) await replaceSetPasswordLink(tx, id, changes.setPasswordLink);
          for (const entry of options.audit) await recordAudit(tx, entry);
          return findIn(tx, id);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new EmailTakenError();
        throw error;
      }
    },

    /** Sets or clears disabled_at; disabling an administrator checks the last-administrator rule. */
    async setDisabled(
      id: string,
      disabledAt: Date | null,
      options: { checkLastAdmin: boolean; audit: AuditEntry },
    ): Promise<ManagedUserRow | null> {
      return db.transaction(async (tx) => {
        if (options.checkLastAdmin) await assertAnotherEnabledAdmin(tx, id);
        await tx.update(users).set({ disabledAt, updatedAt: new Date() }).where(eq(users.id, id));
        await recordAudit(tx, options.audit);
        return findIn(tx, id);
      });
    },

    /**
     * Deletes the user: pending tokens (password reset: value = user id; e-mail recovery: a
     * JSON record with it), demo mails to the address, then the auth user — sessions, the
     * credential account and our user row follow by cascade.
     */
    async delete(
      user: { id: string; email: string },
      options: { checkLastAdmin: boolean; audit: AuditEntry },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (options.checkLastAdmin) await assertAnotherEnabledAdmin(tx, user.id);
        await tx
          .delete(authVerifications)
          .where(
            or(
              eq(authVerifications.value, user.id),
              like(authVerifications.value, `%"userId":${JSON.stringify(user.id)}%`),
            ),
          );
        await tx.delete(mailOutbox).where(eq(mailOutbox.to, user.email));
        const deleted = await tx.delete(authUsers).where(eq(authUsers.id, user.id)).returning({ id: authUsers.id });
        await recordAudit(tx, options.audit);
        return deleted.length > 0;
      });
    },

    /** A new set-password link for an invited user (the earlier one stops working), with its audit entry. */
    async replaceSetPasswordLink(userId: string, link: SetPasswordLink, audit: AuditEntry): Promise<void> {
      await db.transaction(async (tx) => {
        await replaceSetPasswordLink(tx, userId, link);
        await recordAudit(tx, audit);
      });
    },

    /** Records an audit entry of its own (mails sent on an administrator's request). */
    record: (entry: AuditEntry) => recordAudit(db, entry),
  };
}

export type UserAdminRepository = ReturnType<typeof createUserAdminRepository>;
