/**
 * Issue 14 (ADR 0041): internal notes on matchings, the employer's response figures, the answer
 * deadlines per region, and the two deadline jobs' claims (reminder, automatic decline).
 */
import {
  AUTO_DECLINE_MESSAGE,
  RESPONSE_DEADLINE_DEFAULT_DAYS,
  RESPONSE_DEADLINE_MIN_DAYS,
  type Region,
} from '@matchwerk/shared';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authUsers } from '../../db/schema/auth';
import { matchingNotes, responseDeadlines } from '../../db/schema/candidate-follow-up';
import { matchings } from '../../db/schema/marketplace';
import { vacancies } from '../../db/schema/vacancies';

export interface NoteRow {
  id: string;
  matchingId: string;
  authorUserId: string | null;
  authorName: string | null;
  text: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface ResponseFigures {
  total: number;
  answered: number;
  medianAnswerHours: number | null;
}

/** A matching the answer-deadline job declined. */
export interface DeclinedMatching {
  organizationId: string;
  applicantId: string;
}

export interface ReminderItem {
  organizationId: string;
  organizationName: string;
  vacancyTitle: string;
  applicantName: string;
  createdAt: Date;
  /** When the matching will be declined automatically without an answer. */
  declineAt: Date;
}

export interface ReminderRecipient {
  organizationId: string;
  email: string;
  name: string;
}

async function rows<Row>(db: Database, query: SQL): Promise<Row[]> {
  // Both drivers (node-postgres, PGlite) answer raw SQL with `{ rows }`; the shared handle type cannot say so.
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
const nullableNumber = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

/** An open matching is declined no earlier than a day after its reminder: nobody is declined unwarned. */
export const DECLINE_AFTER_REMINDER_HOURS = 24;

export function createCandidateFollowUpRepository(db: Database) {
  const noteColumns = {
    id: matchingNotes.id,
    matchingId: matchingNotes.matchingId,
    authorUserId: matchingNotes.authorUserId,
    authorName: authUsers.name,
    text: matchingNotes.text,
    createdAt: matchingNotes.createdAt,
    updatedAt: matchingNotes.updatedAt,
  };

  return {
    /** The id of the matching (posting, candidate) when the posting belongs to the organisation, else null. */
    async findMatchingId(organizationId: string, vacancyId: string, applicantId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: matchings.id })
        .from(matchings)
        .innerJoin(vacancies, eq(vacancies.id, matchings.vacancyId))
        .where(
          and(
            eq(vacancies.organizationId, organizationId),
            eq(matchings.vacancyId, vacancyId),
            eq(matchings.applicantId, applicantId),
          ),
        )
        .limit(1);
      return row?.id ?? null;
    },

    /** The matching's notes, oldest first, with the author's name. */
    async listNotes(matchingId: string): Promise<NoteRow[]> {
      return db
        .select(noteColumns)
        .from(matchingNotes)
        .leftJoin(authUsers, eq(authUsers.id, matchingNotes.authorUserId))
        .where(eq(matchingNotes.matchingId, matchingId))
        .orderBy(asc(matchingNotes.createdAt), asc(matchingNotes.id));
    },

    /** One note with the organisation its matching belongs to (null when unknown). */
    async findNote(noteId: string): Promise<(NoteRow & { organizationId: string }) | null> {
      const [row] = await db
        .select({ ...noteColumns, organizationId: vacancies.organizationId })
        .from(matchingNotes)
        .innerJoin(matchings, eq(matchings.id, matchingNotes.matchingId))
        .innerJoin(vacancies, eq(vacancies.id, matchings.vacancyId))
        .leftJoin(authUsers, eq(authUsers.id, matchingNotes.authorUserId))
        .where(eq(matchingNotes.id, noteId))
        .limit(1);
      return row ?? null;
    },

    async insertNote(input: { matchingId: string; authorUserId: string; text: string; now: Date }): Promise<string> {
      const [row] = await db
        .insert(matchingNotes)
        .values({
          matchingId: input.matchingId,
          authorUserId: input.authorUserId,
          text: input.text,
          createdAt: input.now,
          updatedAt: input.now,
        })
        .returning({ id: matchingNotes.id });
      if (!row) throw new Error('note not inserted');
      return row.id;
    },

    /** Changes the text of the author's own note; false when it is not (or no longer) theirs. */
    async updateOwnNote(noteId: string, authorUserId: string, text: string, now: Date): Promise<boolean> {
      const updated = await db
        .update(matchingNotes)
        .set({ text, updatedAt: now })
        .where(and(eq(matchingNotes.id, noteId), eq(matchingNotes.authorUserId, authorUserId)))
        .returning({ id: matchingNotes.id });
      return updated.length > 0;
    },

    async deleteOwnNote(noteId: string, authorUserId: string): Promise<boolean> {
      const deleted = await db
        .delete(matchingNotes)
        .where(and(eq(matchingNotes.id, noteId), eq(matchingNotes.authorUserId, authorUserId)))
        .returning({ id: matchingNotes.id });
      return deleted.length > 0;
    },

    /**
     * Matchings created since `since` on the organisation's postings: how many, how many a person
     * answered (accepted or declined, not the automatic decline), and the median answer time.
     */
    async responseFigures(organizationId: string, since: Date): Promise<ResponseFigures> {
      const [row] = await rows<{
        total: number | string;
        answered: number | string;
        median_hours: number | string | null;
      }>(
        db,
        sql`select count(*)::int as total,
                   count(*) filter (where m.state <> 'OPEN' and not m.declined_automatically)::int as answered,
                   percentile_cont(0.5) within group (order by extract(epoch from (m.decided_at - m.created_at)) / 3600.0)
                     filter (where m.state <> 'OPEN' and not m.declined_automatically and m.decided_at is not null) as median_hours
            from matchings m
            join vacancies v on v.id = m.vacancy_id
            where v.organization_id = ${organizationId} and m.created_at >= ${since.toISOString()}::timestamptz`,
      );
      return {
        total: Number(row?.total ?? 0),
        answered: Number(row?.answered ?? 0),
        medianAnswerHours: nullableNumber(row?.median_hours),
      };
    },

    /** The regions an administrator has set (the others use the default). */
    async listDeadlines(): Promise<{ region: Region; declineAfterDays: number }[]> {
      return db
        .select({ region: responseDeadlines.region, declineAfterDays: responseDeadlines.declineAfterDays })
        .from(responseDeadlines);
    },

    async upsertDeadline(region: Region, declineAfterDays: number, updatedBy: string, now: Date): Promise<void> {
      await db
        .insert(responseDeadlines)
        .values({ region, declineAfterDays, updatedBy, updatedAt: now })
        .onConflictDoUpdate({ target: responseDeadlines.region, set: { declineAfterDays, updatedBy, updatedAt: now } });
    },

    /**
     * Declines every open matching past its region's deadline whose reminder went out at least a
     * day ago, in one statement (row locks of the UPDATE: a second process finds them decided).
     * Answers how many. The statistics triggers see an ordinary decision.
     */
    /** Declines the overdue open matchings; answers who was declined by whom. */
    async declineOverdue(now: Date): Promise<DeclinedMatching[]> {
      const at = now.toISOString();
      const declined = await rows<{ organization_id: string; applicant_id: string }>(
        db,
        sql`update matchings m
               set state = 'REJECTED', decided_at = ${at}::timestamptz, decided_by = null,
                   decline_message = ${AUTO_DECLINE_MESSAGE}, declined_automatically = true
              from vacancies v
              join organizations o on o.id = v.organization_id
              left join response_deadlines d on d.region = o.region
             where m.vacancy_id = v.id
               and m.state = 'OPEN'
               and m.created_at <= ${at}::timestamptz - make_interval(days => ${RESPONSE_DEADLINE_MIN_DAYS})
               and m.created_at <= ${at}::timestamptz - make_interval(days => coalesce(d.decline_after_days, ${RESPONSE_DEADLINE_DEFAULT_DAYS}))
               and m.reminder_sent_at <= ${at}::timestamptz - make_interval(hours => ${DECLINE_AFTER_REMINDER_HOURS})
         returning o.id as organization_id, m.applicant_id`,
      );
      return declined.map((row) => ({ organizationId: row.organization_id, applicantId: row.applicant_id }));
    },

    /**
     * Claims the open matchings created before `before` that have had no reminder: sets
     * reminder_sent_at in the same statement that reads them, so each is claimed by one process
     * once. Answers them with posting, organisation, candidate name and the decline date.
     */
    async claimReminders(now: Date, before: Date): Promise<(ReminderItem & { id: string })[]> {
      const claimed = await rows<{
        id: string;
        organization_id: string;
        organization_name: string;
        vacancy_title: string;
        applicant_name: string | null;
        created_at: Date | string;
        decline_after_days: number | string;
      }>(
        db,
        sql`with due as (
              update matchings set reminder_sent_at = ${now.toISOString()}::timestamptz
               where state = 'OPEN' and reminder_sent_at is null and created_at <= ${before.toISOString()}::timestamptz
               returning id, vacancy_id, applicant_id, created_at)
            select due.id, o.id as organization_id, o.name as organization_name, v.title as vacancy_title,
                   array_to_string(p.names || p.family_names, ' ') as applicant_name, due.created_at,
                   coalesce(d.decline_after_days, ${RESPONSE_DEADLINE_DEFAULT_DAYS}) as decline_after_days
              from due
              join vacancies v on v.id = due.vacancy_id
              join organizations o on o.id = v.organization_id
              left join applicant_profiles p on p.user_id = due.applicant_id
              left join response_deadlines d on d.region = o.region
             order by o.id, due.created_at`,
      );
      return claimed.map((row) => {
        const createdAt = toDate(row.created_at);
        const byDeadline = createdAt.getTime() + Number(row.decline_after_days) * 86_400_000;
        // Never before a day after the reminder (see declineOverdue).
        const declineAt = new Date(Math.max(byDeadline, now.getTime() + DECLINE_AFTER_REMINDER_HOURS * 3_600_000));
        return {
          id: row.id,
          organizationId: row.organization_id,
          organizationName: row.organization_name,
          vacancyTitle: row.vacancy_title,
          applicantName: row.applicant_name ?? '',
          createdAt,
          declineAt,
        };
      });
    },

    /** A failed mail gives its claims back, so the next run (or pg-boss's retry) tries again. */
    async releaseReminders(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.execute(
        sql`update matchings set reminder_sent_at = null where id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );
    },

    /** Who gets an organisation's reminder: its verified, enabled users who want notification mails. */
    async reminderRecipients(organizationIds: string[]): Promise<ReminderRecipient[]> {
      if (organizationIds.length === 0) return [];
      return rows<ReminderRecipient>(
        db,
        sql`select u.organization_id as "organizationId", a.email, a.name
              from users u join auth_users a on a.id = u.id
             where u.type = 'ORGANIZATION' and u.notify_via_mail and a.email_verified and u.disabled_at is null
               and u.organization_id in (${sql.join(
                 organizationIds.map((id) => sql`${id}::uuid`),
                 sql`, `,
               )})
             order by a.email`,
      );
    },
  };
}

export type CandidateFollowUpRepository = ReturnType<typeof createCandidateFollowUpRepository>;
