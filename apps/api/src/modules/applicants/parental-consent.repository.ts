import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { PARENTAL_CONSENT_EVENTS } from '../../db/schema/candidate-consent';
import { parentalConsentEvents, parentalConsents, type ParentalConsentRow } from '../../db/schema/candidate-consent';
import { applicantProfiles } from '../../db/schema/marketplace';

export type ParentalConsentEvent = (typeof PARENTAL_CONSENT_EVENTS)[number];
export type ParentalConsentState = ParentalConsentRow['status'];

export interface ConsentByToken {
  consent: ParentalConsentRow;
  names: string[];
  dateOfBirth: string | null;
}

export function createParentalConsentRepository(db: Database) {
  return {
    async find(applicantId: string): Promise<ParentalConsentRow | null> {
      const [row] = await db.select().from(parentalConsents).where(eq(parentalConsents.applicantId, applicantId));
      return row ?? null;
    },

    /** PENDING consents whose parent never got a link (the demo's seeded 14-year-old). */
    async pendingWithoutLink(): Promise<{ applicantId: string; parentEmail: string }[]> {
      return db
        .select({ applicantId: parentalConsents.applicantId, parentEmail: parentalConsents.parentEmail })
        .from(parentalConsents)
        .where(and(eq(parentalConsents.status, 'PENDING'), isNull(parentalConsents.tokenHash)));
    },

    /** The consent of a valid (unexpired) token, with the child's first names and birth date. */
    async findByToken(tokenHash: string, now: Date): Promise<ConsentByToken | null> {
      const [row] = await db
        .select({
          consent: parentalConsents,
          names: applicantProfiles.names,
          dateOfBirth: applicantProfiles.dateOfBirth,
        })
        .from(parentalConsents)
        .leftJoin(applicantProfiles, eq(applicantProfiles.userId, parentalConsents.applicantId))
        .where(and(eq(parentalConsents.tokenHash, tokenHash), gt(parentalConsents.tokenExpiresAt, now)));
      return row ? { consent: row.consent, names: row.names ?? [], dateOfBirth: row.dateOfBirth ?? null } : null;
    },

    /** A new request (sign-up, re-send, new address): PENDING with a new token; recorded as an event. */
    async request(
      input: { applicantId: string; parentEmail: string; tokenHash: string; expiresAt: Date; now: Date },
      event: ParentalConsentEvent,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const values = {
          parentEmail: input.parentEmail,
          status: 'PENDING' as const,
          tokenHash: input.tokenHash,
          tokenExpiresAt: input.expiresAt,
          requestedAt: input.now,
          decidedAt: null,
          updatedAt: input.now,
        };
        await tx
          .insert(parentalConsents)
          .values({ applicantId: input.applicantId, ...values })
          .onConflictDoUpdate({ target: parentalConsents.applicantId, set: values });
        await tx
          .insert(parentalConsentEvents)
          .values({ applicantId: input.applicantId, event, parentEmail: input.parentEmail, at: input.now });
      });
    },

    /** The parent's decision; the link stays valid until `expiresAt` so it can be changed later. */
    async decide(
      applicantId: string,
      decision: { status: Exclude<ParentalConsentState, 'PENDING'>; event: ParentalConsentEvent; expiresAt: Date },
      now: Date,
    ): Promise<ParentalConsentRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(parentalConsents)
          .set({ status: decision.status, decidedAt: now, updatedAt: now, tokenExpiresAt: decision.expiresAt })
          .where(eq(parentalConsents.applicantId, applicantId))
          .returning();
        if (!row) return null;
        await tx
          .insert(parentalConsentEvents)
          .values({ applicantId, event: decision.event, parentEmail: row.parentEmail, at: now });
        return row;
      });
    },

    /** The consent events of a candidate, oldest first (audit trail; tests and the data export). */
    async events(applicantId: string): Promise<{ event: ParentalConsentEvent; parentEmail: string; at: Date }[]> {
      return db
        .select({
          event: parentalConsentEvents.event,
          parentEmail: parentalConsentEvents.parentEmail,
          at: parentalConsentEvents.at,
        })
        .from(parentalConsentEvents)
        .where(eq(parentalConsentEvents.applicantId, applicantId))
        .orderBy(parentalConsentEvents.at, parentalConsentEvents.id);
    },
  };
}

export type ParentalConsentRepository = ReturnType<typeof createParentalConsentRepository>;
