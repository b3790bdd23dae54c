/** Contacts a candidate ended with a company (ADR 0101): one row per pair, written once. */
import { SYSTEM_MESSAGE_TEXTS } from '@matchwerk/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contactEnds, matchings, organizations, vacancies } from '../../db/schema/index';
import { appendSystemMessageInTransaction } from '../messages';

export interface EndedContact {
  endedAt: Date;
  /** False when the contact had been ended before (nothing written). */
  created: boolean;
  /** The chat's version after its closing message; null without a chat (or nothing written). */
  chatVersion: number | null;
}

export function createContactEndsRepository(db: Database) {
  return {
    async organizationExists(organizationId: string): Promise<boolean> {
      const rows = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
        .limit(1);
      return rows.length > 0;
    },

    /** When the candidate ended contact with the company, or null. One primary-key look-up. */
    async endedAt(organizationId: string, applicantId: string): Promise<Date | null> {
      const rows = await db
        .select({ endedAt: contactEnds.endedAt })
        .from(contactEnds)
        .where(and(eq(contactEnds.applicantId, applicantId), eq(contactEnds.organizationId, organizationId)))
        .limit(1);
      return rows[0]?.endedAt ?? null;
    },

    /** Whether the candidate ended contact with the company of this posting. */
    async endedForVacancy(applicantId: string, vacancyId: string): Promise<boolean> {
      const rows = await db
        .select({ one: sql<number>`1` })
        .from(vacancies)
        .innerJoin(
          contactEnds,
          and(eq(contactEnds.organizationId, vacancies.organizationId), eq(contactEnds.applicantId, applicantId)),
        )
        .where(eq(vacancies.id, vacancyId))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Ends the contact in one transaction: the row, the candidate's OPEN matchings with the
     * company's postings withdrawn (the company no longer sees an open Anfrage), and the closing
     * SYSTEM message in their chat. A second call changes nothing.
     */
    async end(organizationId: string, applicantId: string, now: Date): Promise<EndedContact> {
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(contactEnds)
          .values({ applicantId, organizationId, endedAt: now })
          .onConflictDoNothing()
          .returning({ endedAt: contactEnds.endedAt });
        if (!inserted) {
          const [existing] = await tx
            .select({ endedAt: contactEnds.endedAt })
            .from(contactEnds)
            .where(and(eq(contactEnds.applicantId, applicantId), eq(contactEnds.organizationId, organizationId)));
          return { endedAt: existing?.endedAt ?? now, created: false, chatVersion: null };
        }
        await tx
          .delete(matchings)
          .where(
            and(
              eq(matchings.applicantId, applicantId),
              eq(matchings.state, 'OPEN'),
              inArray(
                matchings.vacancyId,
                tx.select({ id: vacancies.id }).from(vacancies).where(eq(vacancies.organizationId, organizationId)),
              ),
            ),
          );
        const chatVersion = await appendSystemMessageInTransaction(tx, {
          organizationId,
          applicantId,
          systemText: SYSTEM_MESSAGE_TEXTS.contactEnded.ORGANIZATION,
          now,
        });
        return { endedAt: inserted.endedAt, created: true, chatVersion };
      });
    },
  };
}

export type ContactEndsRepository = ReturnType<typeof createContactEndsRepository>;

/** SQL: the candidate (a column or value) ended contact with the company (a column). For the candidate's lists. */
export function contactEndedSql(applicantId: unknown, organizationId: unknown) {
  return sql<boolean>`exists (select 1 from ${contactEnds} where ${contactEnds.applicantId} = ${applicantId} and ${contactEnds.organizationId} = ${organizationId})`;
}
