import type { Region } from '@matchwerk/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authUsers, organizations, users } from '../../db/schema/index';
import { organizationWaiting } from './organizations.repository';

export interface WaitingOrganization {
  id: string;
  name: string;
  region: Region;
  createdAt: Date;
}

export interface ApprovalRecipient {
  email: string;
  name: string;
  type: 'REGIONAL_PARTNER' | 'ADMIN';
  regions: Region[];
}

/** Queries of the approval queue's daily mail. */
export function createApprovalQueueRepository(db: Database) {
  return {
    /**
     * Waiting sign-ups whose e-mail is confirmed (an unconfirmed one is unproven and hidden
     * from partners), oldest first. The partial index on approved_at is null finds them.
     */
    async listWaiting(): Promise<WaitingOrganization[]> {
      const rows = await db
        .select({
          id: organizations.id,
          name: organizations.name,
          region: organizations.region,
          createdAt: organizations.createdAt,
        })
        .from(organizations)
        .where(
          and(
            organizationWaiting,
            sql`exists (select 1 from ${users} inner join ${authUsers} on ${authUsers.id} = ${users.id} where ${users.organizationId} = ${organizations.id} and ${authUsers.emailVerified})`,
          ),
        )
        .orderBy(asc(organizations.createdAt));
      return rows.map((row) => ({ ...row, region: row.region }));
    },

    /** Partners and admins who can act: confirmed address, not disabled. */
    async listRecipients(): Promise<ApprovalRecipient[]> {
      const rows = await db
        .select({ email: authUsers.email, name: authUsers.name, type: users.type, regions: users.regions })
        .from(users)
        .innerJoin(authUsers, eq(authUsers.id, users.id))
        .where(
          and(
            inArray(users.type, ['REGIONAL_PARTNER', 'ADMIN']),
            isNull(users.disabledAt),
            eq(authUsers.emailVerified, true),
          ),
        )
        .orderBy(asc(authUsers.email));
      return rows.map((row) => ({ ...row, type: row.type as ApprovalRecipient['type'] }));
    },
  };
}

export type ApprovalQueueRepository = ReturnType<typeof createApprovalQueueRepository>;
