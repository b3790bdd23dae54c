import {
  germanSearchTerms,
  LEGAL_DOCUMENTS,
  type LegalVersions,
  type OrganizationSortField,
  type Region,
} from '@matchwerk/shared';
import { and, asc, count, desc, eq, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  auditLog,
  authUsers,
  authVerifications,
  legalAcceptances,
  mailOutbox,
  matchings,
  organizationNameOrder,
  organizations,
  photos,
  users,
  vacancies,
  type NewOrganizationRow,
  type OrganizationRow,
  type PhotoRow,
} from '../../db/schema/index';
import { recordAudit, type AuditEntry } from '../audit';
import type { StoredFile } from '../images';

export type OrganizationValues = Omit<NewOrganizationRow, 'id' | 'createdAt' | 'updatedAt'>;

export interface OrganizationListParams {
  /** null: every organisation (admin); otherwise only these regions. */
  regions: Region[] | null;
  page: number;
  pageSize: number;
  sort: OrganizationSortField;
  order: 'asc' | 'desc';
  /** Name, place or an e-mail address of one of its users (case-insensitive substring). */
  search?: string | undefined;
  region?: Region | undefined;
  active?: boolean | undefined;
  member?: boolean | undefined;
  /** Only the approval queue (self sign-ups not released yet). */
  waiting?: boolean | undefined;
  /** Leave out organisations whose every user is still unconfirmed (unproven sign-ups). */
  hideUnverified: boolean;
}

export type OrganizationListRow = Pick<
  OrganizationRow,
  'id' | 'name' | 'region' | 'city' | 'active' | 'member' | 'approvedAt' | 'createdAt'
> & {
  emailVerified: boolean;
  activeVacancies: number;
  vacancies: number;
  users: number;
  openMatchings: number;
  lastSignInAt: Date | null;
};

/** Builds the audit entries of a change from the row before and after it (written in the change's transaction). */
export type AuditOf = (before: OrganizationRow, after: OrganizationRow) => AuditEntry[];

/**
 * An organisation counts as confirmed unless it has users and none of them confirmed the
 * e-mail address (a sign-up still waiting for its link). Organisations without users
 * (created by admins or partners) are confirmed. Written as "not one of the few unconfirmed
 * ones": the set starts from unconfirmed users (a handful) and is hashed once, where
 * `not exists … or exists …` hashed every user of every region on each partner request
 * (bench at 10,000 organisations on a loaded 2-core machine: the count 44–63 → 3–12 ms, a
 * partner's first page 175 → 22 ms p95).
 */
const organizationEmailVerified = sql<boolean>`${organizations.id} not in (select ${users.organizationId} from ${users} inner join ${authUsers} on ${authUsers.id} = ${users.id} where not ${authUsers.emailVerified} and ${users.organizationId} is not null and not exists (select 1 from "users" "verified_users" inner join "auth_users" "verified_auth" on "verified_auth"."id" = "verified_users"."id" where "verified_users"."organization_id" = ${users.organizationId} and "verified_auth"."email_verified"))`;

/**
 * Waiting for release (ADR 0020): never released and not active. Rows written before the
 * approval queue by code that does not set approved_at (old seeds, tests) are active and so not
 * waiting; the partial index organizations_waiting_idx serves the first half.
 */
export const organizationWaiting = and(isNull(organizations.approvedAt), eq(organizations.active, false))!;

/**
 * Sort keys on columns, each with an index (region + name for partners). The number of
 * postings (ADR 0033) and the newest sign-in of its users (ADR 0076) are kept on the
 * organisation by triggers and have an index per direction (value, name, id). The open
 * matchings are joined from one grouped aggregate (see `openMatchingsSortKey`): one hash
 * aggregate beats 10,000 correlated lookups.
 */
const COLUMN_SORT_KEYS = {
  name: organizationNameOrder,
  region: organizations.region,
  city: organizations.city,
  createdAt: organizations.createdAt,
  vacancies: organizations.vacancyCount,
  lastSignInAt: organizations.lastSignInAt,
} as const;

/** The columns of a list row; users and open matchings are added per page (`withPageStats`). */
const LIST_COLUMNS = {
  id: organizations.id,
  name: organizations.name,
  region: organizations.region,
  city: organizations.city,
  active: organizations.active,
  member: organizations.member,
  approvedAt: organizations.approvedAt,
  createdAt: organizations.createdAt,
  vacancies: organizations.vacancyCount,
  activeVacancies: organizations.activeVacancyCount,
  lastSignInAt: organizations.lastSignInAt,
};

function isColumnSort(field: OrganizationSortField): field is keyof typeof COLUMN_SORT_KEYS {
  return field in COLUMN_SORT_KEYS;
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function listConditions(params: OrganizationListParams): SQL | undefined {
  const conditions: SQL[] = [];
  if (params.regions) conditions.push(inArray(organizations.region, params.regions));
  if (params.region) conditions.push(eq(organizations.region, params.region));
  if (params.active !== undefined) conditions.push(eq(organizations.active, params.active));
  if (params.member !== undefined) conditions.push(eq(organizations.member, params.member));
  if (params.waiting) conditions.push(organizationWaiting);
  const terms = params.search ? germanSearchTerms(params.search) : [];
  if (params.search && terms.length > 0) {
    const pattern = `%${escapeLike(params.search)}%`;
    // German spellings (ADR 0117): each form of the term in the folded search texts of name and
    // place ("Baeckerei", "Backerei", "bäckerei" find "Bäckerei"); the e-mail as typed.
    const searchText = (column: string) =>
      sql.join(
        terms.map((term) => sql`"o".${sql.identifier(column)} like ${`%${escapeLike(term)}%`}`),
        sql` or `,
      );
    // One set of matching ids from three trigram-indexed lookups (pg_trgm, ADR 0028): name, place and
    // the e-mail of a user. As `name ilike … or city ilike … or id in (…)` PostgreSQL scanned every
    // organisation and every user's address (36–39 ms p95 at 10,000 organisations); the union is
    // answered from the GIN indexes.
    conditions.push(
      sql`${organizations.id} in (select "o"."id" from ${organizations} "o" where ${searchText('name_search')} union select "o"."id" from ${organizations} "o" where ${searchText('city_search')} union select ${users.organizationId} from ${users} inner join ${authUsers} on ${authUsers.id} = ${users.id} where ${authUsers.email} ilike ${pattern})`,
    );
  }
  if (params.hideUnverified) conditions.push(organizationEmailVerified);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export function createOrganizationsRepository(db: Database) {
  /** The open matchings per organisation, a grouped aggregate to join for sorting by them. */
  function openMatchingsSortKey() {
    return db
      .select({ organizationId: vacancies.organizationId, value: count().as('sort_value') })
      .from(matchings)
      .innerJoin(vacancies, eq(vacancies.id, matchings.vacancyId))
      .where(eq(matchings.state, 'OPEN'))
      .groupBy(vacancies.organizationId)
      .as('sort_key');
  }

  /** Users and the open matchings of the given organisations, one grouped query per table. */
  async function pageStats(ids: string[]) {
    const result = {
      users: new Map<string, { count: number; anyVerified: boolean }>(),
      openMatchings: new Map<string, number>(),
    };
    if (ids.length === 0) return result;
    const [members, open] = await Promise.all([
      db
        .select({
          organizationId: users.organizationId,
          count: count(),
          anyVerified: sql<boolean>`bool_or(${authUsers.emailVerified})`,
        })
        .from(users)
        .innerJoin(authUsers, eq(authUsers.id, users.id))
        .where(inArray(users.organizationId, ids))
        .groupBy(users.organizationId),
      db
        .select({ organizationId: vacancies.organizationId, count: count() })
        .from(matchings)
        .innerJoin(vacancies, eq(vacancies.id, matchings.vacancyId))
        .where(and(inArray(vacancies.organizationId, ids), eq(matchings.state, 'OPEN')))
        .groupBy(vacancies.organizationId),
    ]);
    for (const row of members)
      if (row.organizationId)
        result.users.set(row.organizationId, { count: row.count, anyVerified: Boolean(row.anyVerified) });
    for (const row of open) result.openMatchings.set(row.organizationId, row.count);
    return result;
  }

  /** The page's rows with their users' and open matchings' figures. */
  async function withPageStats<Row extends { id: string }>(rows: Row[]) {
    const stats = await pageStats(rows.map((row) => row.id));
    return rows.map((row) => {
      const members = stats.users.get(row.id);
      return {
        ...row,
        // Without users the organisation was created by an admin or partner: confirmed.
        emailVerified: members ? members.anyVerified : true,
        users: members?.count ?? 0,
        openMatchings: stats.openMatchings.get(row.id) ?? 0,
      };
    });
  }

  /**
   * A page and its total in one statement, where the page has to find every matching row anyway:
   * a search (three trigram lookups in `listConditions`; a separate count would find them all a
   * second time: at 10,000 organisations "bau" matches 1,500, 11 ms each) and the open-matchings
   * sort (a grouped aggregate over every organisation). The total is counted over the window, so
   * it is unknown (undefined) only for a page behind the last match.
   */
  async function pageWithTotal(
    where: SQL | undefined,
    columnOrder: SQL[],
    params: OrganizationListParams,
    offset: number,
  ) {
    const selection = { ...LIST_COLUMNS, matches: sql<number>`count(*) over ()`.mapWith(Number) };
    const query = isColumnSort(params.sort)
      ? db
          .select(selection)
          .from(organizations)
          .where(where)
          .orderBy(...columnOrder)
      : (() => {
          const key = openMatchingsSortKey();
          return (
            db
              .select(selection)
              .from(organizations)
              .leftJoin(key, eq(key.organizationId, organizations.id))
              .where(where)
              // Organisations without open matchings count as 0.
              .orderBy(
                (params.order === 'desc' ? desc : asc)(sql`coalesce(${key.value}, 0)`),
                asc(organizationNameOrder),
                asc(organizations.id),
              )
          );
        })();
    const found = await query.limit(params.pageSize).offset(offset);
    const rows = found.map(({ matches: _matches, ...row }) => row);
    return { rows, total: found[0]?.matches ?? (offset === 0 ? 0 : undefined) };
  }

  return {
    /** Who hears that the organisation was released (issue 48): its users with a confirmed address. */
    async listMemberContacts(organizationId: string): Promise<{ email: string; name: string }[]> {
      return db
        .select({ email: authUsers.email, name: authUsers.name })
        .from(users)
        .innerJoin(authUsers, eq(authUsers.id, users.id))
        .where(and(eq(users.organizationId, organizationId), eq(authUsers.emailVerified, true)))
        .orderBy(asc(authUsers.email));
    },

    /**
     * Creates the organisation and its owner's user row together. The sign-up's one checkbox
     * ("Nutzungsbedingungen und Datenschutzerklärung") accepts both current texts (ADR 0113, was
     * terms only in ADR 0037): nobody is asked a second time unless a text changes.
     */
    async createWithOwner(input: {
      organization: NewOrganizationRow & { region: Region };
      ownerId: string;
      legalSignedAt: Date;
      legalVersions: LegalVersions;
    }): Promise<{ organizationId: string }> {
      return db.transaction(async (tx) => {
        const [organization] = await tx
          .insert(organizations)
          .values(input.organization)
          .returning({ id: organizations.id });
        if (!organization) throw new Error('organisation insert returned nothing');
        await tx.insert(users).values({
          id: input.ownerId,
          type: 'ORGANIZATION',
          regions: [],
          organizationId: organization.id,
          termsAndConditionsSignedAt: input.legalSignedAt,
          privacyStatementSignedAt: input.legalSignedAt,
        });
        await tx.insert(legalAcceptances).values(
          LEGAL_DOCUMENTS.map((document) => ({
            userId: input.ownerId,
            document,
            version: input.legalVersions[document],
            acceptedAt: input.legalSignedAt,
          })),
        );
        return { organizationId: organization.id };
      });
    },

    async findById(id: string): Promise<OrganizationRow | null> {
      const rows = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /**
     * One page: the page's rows in one query (ordered by an indexed column, or by a grouped
     * aggregate for the open matchings), the total in a second (a search and the open matchings:
     * in the same one, `pageWithTotal`), then
     * users and open matchings for just the page's ids in two grouped queries — never one query
     * per row. The posting counts and the newest sign-in are columns (ADR 0033, 0076).
     */
    async list(params: OrganizationListParams): Promise<{ items: OrganizationListRow[]; total: number }> {
      const where = listConditions(params);
      const direction = params.order === 'desc' ? desc : asc;
      const offset = params.page * params.pageSize;
      const sort = params.sort;
      // Never signed in comes last in both directions, as the last sign-in's indexes keep it.
      const primaryOrder = isColumnSort(sort)
        ? sort === 'lastSignInAt'
          ? sql`${COLUMN_SORT_KEYS[sort]} ${sql.raw(params.order === 'desc' ? 'desc' : 'asc')} nulls last`
          : direction(COLUMN_SORT_KEYS[sort])
        : undefined;
      const columnOrder = primaryOrder ? [primaryOrder, asc(organizationNameOrder), asc(organizations.id)] : [];
      const countAll = async () =>
        Number((await db.select({ total: count() }).from(organizations).where(where))[0]?.total ?? 0);
      if (params.search || !isColumnSort(sort)) {
        const { rows, total } = await pageWithTotal(where, columnOrder, params, offset);
        return { items: await withPageStats(rows), total: total ?? (await countAll()) };
      }
      // A deeper page finds its ids in the sort's index first and reads only those rows (as the
      // posting list does, ADR 0028): the skipped rows are never fetched from the table.
      const pageQuery =
        offset === 0
          ? db
              .select(LIST_COLUMNS)
              .from(organizations)
              .where(where)
              .orderBy(...columnOrder)
              .limit(params.pageSize)
          : db
              .select(LIST_COLUMNS)
              .from(organizations)
              .where(
                inArray(
                  organizations.id,
                  db
                    .select({ id: organizations.id })
                    .from(organizations)
                    .where(where)
                    .orderBy(...columnOrder)
                    .limit(params.pageSize)
                    .offset(offset),
                ),
              )
              .orderBy(...columnOrder);
      const [rows, total] = await Promise.all([pageQuery, countAll()]);
      return { items: await withPageStats(rows), total };
    },

    /** Does an account (of any type) use this e-mail address? */
    async emailHasAccount(email: string): Promise<boolean> {
      const rows = await db
        .select({ id: authUsers.id })
        .from(authUsers)
        .where(eq(authUsers.email, email.toLowerCase()))
        .limit(1);
      return rows.length > 0;
    },

    /** Inserts an organisation and its audit entry in one transaction. */
    async create(values: OrganizationValues, audit: (row: OrganizationRow) => AuditEntry[]): Promise<OrganizationRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(organizations).values(values).returning();
        if (!row) throw new Error('organisation insert returned nothing');
        for (const entry of audit(row)) await recordAudit(tx, entry);
        return row;
      });
    },

    /**
     * Undoes a create whose follow-up (the first user's invitation) failed: the row (its
     * invitations follow by cascade) and every audit entry of it go — it never existed.
     */
    async undoCreate(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(organizations).where(eq(organizations.id, id));
        await tx.delete(auditLog).where(eq(auditLog.organizationId, id));
      });
    },

    /**
     * Flips `active` or `member` under the row lock, raises the version and records the change.
     * Activating an organisation that was never released also releases it (approved_at = now).
     */
    async toggle(id: string, field: 'active' | 'member', now: Date, audit: AuditOf): Promise<OrganizationRow | null> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(organizations).where(eq(organizations.id, id)).for('update');
        if (!current) return null;
        const values: Partial<OrganizationValues> =
          field === 'active'
            ? { active: !current.active, ...(!current.active && !current.approvedAt ? { approvedAt: now } : {}) }
            : { member: !current.member };
        const [updated] = await tx
          .update(organizations)
          .set({ ...values, updatedAt: now, version: sql`${organizations.version} + 1` })
          .where(eq(organizations.id, id))
          .returning();
        if (!updated) return null;
        for (const entry of audit(current, updated)) await recordAudit(tx, entry);
        return updated;
      });
    },

    /**
     * Writes the values and raises the version; with `expectedVersions` (If-Match) as one atomic
     * compare-and-set (`… where version in (…)`), so of two writers holding the same version
     * exactly one wins and the other gets 'STALE'. The audit entries (built from the rows before
     * and after) commit with the change.
     */
    async update(
      id: string,
      values: Partial<OrganizationValues>,
      now: Date,
      expectedVersions?: readonly number[],
      audit?: AuditOf,
    ): Promise<OrganizationRow | 'STALE' | null> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(organizations).where(eq(organizations.id, id)).for('update');
        if (!before) return null;
        const conditions = [eq(organizations.id, id)];
        if (expectedVersions)
          conditions.push(
            expectedVersions.length > 0 ? inArray(organizations.version, [...expectedVersions]) : sql`false`,
          );
        const [row] = await tx
          .update(organizations)
          .set({ ...values, updatedAt: now, version: sql`${organizations.version} + 1` })
          .where(and(...conditions))
          .returning();
        if (!row) return 'STALE';
        for (const entry of audit?.(before, row) ?? []) await recordAudit(tx, entry);
        return row;
      });
    },

    async findPhoto(id: string): Promise<PhotoRow | null> {
      const rows = await db.select().from(photos).where(eq(photos.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** Sets a new logo in one transaction; returns the updated row and the storage key of the replaced logo. */
    async replaceLogo(
      id: string,
      file: StoredFile,
      now: Date,
    ): Promise<{ organization: OrganizationRow; removedKeys: string[] } | null> {
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
    async deleteWithEverything(
      id: string,
      audit?: (row: OrganizationRow) => AuditEntry[],
    ): Promise<{ storageKeys: string[]; userIds: string[] } | null> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(organizations).where(eq(organizations.id, id)).for('update');
        if (!current) return null;
        for (const entry of audit?.(current) ?? []) await recordAudit(tx, entry);
        const members = await tx
          .select({ id: users.id, email: authUsers.email })
          .from(users)
          .innerJoin(authUsers, eq(authUsers.id, users.id))
          .where(eq(users.organizationId, id));
        const files = await tx
          .select({ storageKey: photos.storageKey })
          .from(photos)
          .where(eq(photos.organizationId, id));
        const userIds = members.map((member) => member.id);
        if (userIds.length > 0) {
          // Password-reset tokens store the user id as value; recover-email tokens a JSON record with it.
          await tx
            .delete(authVerifications)
            .where(
              or(
                inArray(authVerifications.value, userIds),
                ...userIds.map((userId) => like(authVerifications.value, `%"userId":${JSON.stringify(userId)}%`)),
              ),
            );
          await tx.delete(mailOutbox).where(
            inArray(
              mailOutbox.to,
              members.map((member) => member.email),
            ),
          );
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
