import type { ORGANIZATION_SORT_FIELDS, Region } from '@matchwerk/shared';
import { and, asc, count, desc, eq, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authUsers, authVerifications, mailOutbox, organizations, photos, users, type NewOrganizationRow, type OrganizationRow, type PhotoRow } from '../../db/schema/index';
import type { StoredFile } from '../images/images.service';

export type OrganizationSortField = (typeof ORGANIZATION_SORT_FIELDS)[number];
export type OrganizationValues = Omit<NewOrganizationRow, 'id' | 'createdAt' | 'updatedAt'>;

export interface OrganizationListParams {
  /** null: every organisation (admin); otherwise only these regions. */
  regions: Region[] | null;
  page: number;
  pageSize: number;
  sort: OrganizationSortField;
  order: 'asc' | 'desc';
  search?: string | undefined;
  /** Leave out organisations whose every user is still unconfirmed (unproven sign-ups). */
  hideUnverified: boolean;
}

export type OrganizationListRow = Pick<OrganizationRow, 'id' | 'name' | 'region' | 'active' | 'member'> & { emailVerified: boolean };

/**
 * An organisation counts as confirmed unless it has users and none of them confirmed the
 * e-mail address (a sign-up still waiting for its link). Organisations without users
 * (created by admins or partners) are confirmed.
 */
const organizationEmailVerified = sql<boolean>`(not exists (select 1 from ${users} where ${users.organizationId} = ${organizations.id}) or exists (select 1 from ${users} inner join ${authUsers} on ${authUsers.id} = ${users.id} where ${users.organizationId} = ${organizations.id} and ${authUsers.emailVerified}))`;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export function createOrganizationsRepository(db: Database) {
  return {
    /** Creates the organisation and its owner's user row together. */
    async createWithOwner(input: { organization: NewOrganizationRow & { region: Region }; ownerId: string; termsSignedAt: Date }): Promise<{ organizationId: string }> {
      return db.transaction(async (tx) => {
        const [organization] = await tx.insert(organizations).values(input.organization).returning({ id: organizations.id });
        if (!organization) throw new Error('organisation insert returned nothing');
        await tx.insert(users).values({
          id: input.ownerId,
          type: 'ORGANIZATION',
          regions: [],
          organizationId: organization.id,
          termsAndConditionsSignedAt: input.termsSignedAt,
          privacyStatementSignedAt: null,
        });
        return { organizationId: organization.id };
      });
    },

    async findById(id: string): Promise<OrganizationRow | null> {
      const rows = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async list(params: OrganizationListParams): Promise<{ items: OrganizationListRow[]; total: number }> {
      const conditions: SQL[] = [];
      if (params.regions) conditions.push(inArray(organizations.region, params.regions));
      if (params.search) conditions.push(ilike(organizations.name, `%${escapeLike(params.search)}%`));
      if (params.hideUnverified) conditions.push(organizationEmailVerified);
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const direction = params.order === 'desc' ? desc : asc;
      const column = { name: organizations.name, region: organizations.region, createdAt: organizations.createdAt }[params.sort];
      const [items, totals] = await Promise.all([
        db
          .select({ id: organizations.id, name: organizations.name, region: organizations.region, active: organizations.active, member: organizations.member })
          .from(organizations)
          .where(where)
          .orderBy(direction(column), asc(organizations.name), asc(organizations.id))
          .limit(params.pageSize)
          .offset(params.page * params.pageSize),
        db.select({ total: count() }).from(organizations).where(where),
      ]);
      // The flag for this page only, in a second query (in a single-table select drizzle would
      // not qualify the correlated subquery's outer column).
      const unverified = new Set<string>();
      if (items.length > 0) {
        const members = await db
          .select({ organizationId: users.organizationId, anyVerified: sql<boolean>`bool_or(${authUsers.emailVerified})` })
          .from(users)
          .innerJoin(authUsers, eq(authUsers.id, users.id))
          .where(inArray(users.organizationId, items.map((item) => item.id)))
          .groupBy(users.organizationId);
        for (const member of members) if (member.organizationId && !member.anyVerified) unverified.add(member.organizationId);
      }
      return { items: items.map((item) => ({ ...item, emailVerified: !unverified.has(item.id) })), total: Number(totals[0]?.total ?? 0) };
    },

    /**
     * Writes the values and raises the version; with `expectedVersions` (If-Match) as one atomic
     * compare-and-set (`… where version in (…)`), so of two writers holding the same version
     * exactly one wins and the other gets 'STALE'.
     */
    async update(id: string, values: Partial<OrganizationValues>, now: Date, expectedVersions?: readonly number[]): Promise<OrganizationRow | 'STALE' | null> {
      const conditions = [eq(organizations.id, id)];
      if (expectedVersions) conditions.push(expectedVersions.length > 0 ? inArray(organizations.version, [...expectedVersions]) : sql`false`);
      const [row] = await db
        .update(organizations)
        .set({ ...values, updatedAt: now, version: sql`${organizations.version} + 1` })
        .where(and(...conditions))
        .returning();
      if (row) return row;
      if (!expectedVersions) return null;
      const existing = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id)).limit(1);
      return existing.length > 0 ? 'STALE' : null;
    },

    async findPhoto(id: string): Promise<PhotoRow | null> {
      const rows = await db.select().from(photos).where(eq(photos.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** Sets a new logo in one transaction; returns the updated row and the storage key of the replaced logo. */
    async replaceLogo(id: string, file: StoredFile, now: Date): Promise<{ organization: OrganizationRow; removedKeys: string[] } | null> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(organizations).where(eq(organizations.id, id)).for('update');
        if (!current) return null;
        const [photo] = await tx
          .insert(photos)
          .values({ ownerKind: 'organization', organizationId: id, vacancyId: null, position: 0, ...file })
          .returning({ id: photos.id });
        if (!photo) throw new Error('photo insert returned nothing');
        const removedKeys = current.logoPhotoId ? await deleteLogoRow(tx, id, current.logoPhotoId) : [];
        const [organization] = await tx
          .update(organizations)
          .set({ logoPhotoId: photo.id, updatedAt: now, version: sql`${organizations.version} + 1` })
          .where(eq(organizations.id, id))
          .returning();
        return { organization: organization!, removedKeys };
      });
    },

    async removeLogo(id: string, now: Date): Promise<{ organization: OrganizationRow; removedKeys: string[] } | null> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(organizations).where(eq(organizations.id, id)).for('update');
        if (!current) return null;
        const removedKeys = current.logoPhotoId ? await deleteLogoRow(tx, id, current.logoPhotoId) : [];
        const [organization] = await tx
          .update(organizations)
          .set({ logoPhotoId: null, updatedAt: now, version: sql`${organizations.version} + 1` })
          .where(eq(organizations.id, id))
          .returning();
        return { organization: organization!, removedKeys };
      });
    },

    /**
     * Deletes the company in one transaction: its users' auth accounts (sessions, credential
     * accounts and our user rows follow by cascade), their pending tokens and demo mails, then
     * the organisation (vacancies, photos — and later matchings and chats — follow by cascade).
     * Returns the storage keys of its image files (to remove after commit) and the deleted user ids.
     */
    async deleteWithEverything(id: string): Promise<{ storageKeys: string[]; userIds: string[] } | null> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id)).for('update');
        if (!current) return null;
        const members = await tx
          .select({ id: users.id, email: authUsers.email })
          .from(users)
          .innerJoin(authUsers, eq(authUsers.id, users.id))
          .where(eq(users.organizationId, id));
        const files = await tx.select({ storageKey: photos.storageKey }).from(photos).where(eq(photos.organizationId, id));
        const userIds = members.map((member) => member.id);
        if (userIds.length > 0) {
          // Password-reset tokens store the user id as value; recover-email tokens a JSON record with it.
          await tx
            .delete(authVerifications)
            .where(or(inArray(authVerifications.value, userIds), ...userIds.map((userId) => like(authVerifications.value, `%"userId":${JSON.stringify(userId)}%`))));
          await tx.delete(mailOutbox).where(inArray(mailOutbox.to, members.map((member) => member.email)));
          await tx.delete(authUsers).where(inArray(authUsers.id, userIds));
        }
        await tx.delete(organizations).where(eq(organizations.id, id));
        return { storageKeys: files.map((file) => file.storageKey), userIds };
      });
    },
  };
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

async function deleteLogoRow(tx: Transaction, organizationId: string, photoId: string): Promise<string[]> {
  const removed = await tx
    .delete(photos)
    .where(and(eq(photos.id, photoId), eq(photos.organizationId, organizationId), eq(photos.ownerKind, 'organization')))
    .returning({ storageKey: photos.storageKey });
  return removed.map((row) => row.storageKey);
}

export type OrganizationsRepository = ReturnType<typeof createOrganizationsRepository>;
