import type { Region } from '@matchwerk/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizations, users, type NewOrganizationRow } from '../../db/schema/index';

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

    async findById(id: string) {
      const rows = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
      return rows[0] ?? null;
    },
  };
}

export type OrganizationsRepository = ReturnType<typeof createOrganizationsRepository>;
