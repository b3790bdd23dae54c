/**
 * The retention job's database work (issue #14, ADR 0046, docs/data-protection.md). Every
 * deletion runs in small transactions of at most `batchSize` rows, each with
 * `set_config('matchwerk.retention', 'on', true)`, so the statistics summaries keep what the
 * deleted rows contributed (migration 0015). Times come from the caller's clock, never `now()`.
 *
 * Definitions (the one place they are written down in code):
 * - season start of a posting: `coalesce(start_of_training, start)`, Berlin midnight;
 * - a matching is closed at: decided (ACCEPTED/REJECTED) → the later of its decision and the
 *   season start; OPEN → the season start (the season began without an answer); no season
 *   start and OPEN → never closed;
 * - a matching is due `months` after it was closed;
 * - a chat (one per organisation and candidate) is due when every matching between the two is
 *   due and its last message is `months` old;
 * - a candidate is inactive when nothing of theirs happened for `months`: registration, profile
 *   or account change, sign-in, session use, and the days with views, interest or own messages
 *   (statistics_candidates.active_days);
 * - a candidate's notice (candidate_retention_notices) counts while nothing of theirs happened
 *   since it was sent (the same list; an active day counts if it is the notice's Berlin day or later).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { retentionSettings, type RetentionSettingsRow } from '../../db/schema/index';
import { recordAudit, type AuditEntry } from '../audit';

async function rows<Row>(db: Pick<Database, 'execute'>, query: SQL): Promise<Row[]> {
  // Both drivers (node-postgres, PGlite) answer raw SQL with `{ rows }`; the shared handle type cannot say so.
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

const SEASON_START = sql`(coalesce(v.start_of_training, v.start)::timestamp at time zone 'Europe/Berlin')`;
/** When matching `m` (of posting `v`) was closed; null = not closed. */
const CLOSED_AT = sql`(case when m.state <> 'OPEN' then greatest(m.decided_at, ${SEASON_START}) else ${SEASON_START} end)`;

function monthsInterval(months: number): SQL {
  return sql`make_interval(months => ${months}::int)`;
}

/** Matchings (m of posting v) due at `at`. due ≥ created_at + months, so the index on created_at narrows the scan. */
function matchingDueBy(at: Date, months: number): SQL {
  return sql`m.created_at <= ${at.toISOString()}::timestamptz - ${monthsInterval(months)} and ${CLOSED_AT} + ${monthsInterval(months)} <= ${at.toISOString()}::timestamptz`;
}

/** Chats (c) due at `at`: last message old enough and no matching of the pair that is not due. */
function chatDueBy(at: Date, months: number): SQL {
  return sql`c.last_message_at <= ${at.toISOString()}::timestamptz - ${monthsInterval(months)}
    and not exists (
      select 1 from matchings m join vacancies v on v.id = m.vacancy_id
      where m.applicant_id = c.applicant_id and v.organization_id = c.organization_id
        and (${CLOSED_AT} is null or ${CLOSED_AT} + ${monthsInterval(months)} > ${at.toISOString()}::timestamptz)
    )`;
}

/**
 * Nothing of candidate `u` (with profile `p` and statistics row `s` joined) happened after `since`.
 * Active days are whole Berlin days: activity on the day of `since` counts as after it.
 */
function candidateQuietSince(since: SQL): SQL {
  return sql`u.created_at <= ${since} and u.updated_at <= ${since} and coalesce(u.last_sign_in_at, u.created_at) <= ${since}
    and coalesce(p.updated_at, u.created_at) <= ${since}
    and (upper(s.active_days) is null or upper(s.active_days) <= (${since} at time zone 'Europe/Berlin')::date)
    and not exists (select 1 from auth_sessions x where x.user_id = u.id and x.updated_at > ${since})`;
}

/** Candidate `u` has a notice that counts (nothing happened since), sent at or before `noticedBy` when given. */
function candidateNoticed(noticedBy?: Date): SQL {
  const before = noticedBy ? sql` and n.noticed_at <= ${noticedBy.toISOString()}::timestamptz` : sql``;
  return sql`exists (select 1 from candidate_retention_notices n
    where n.applicant_id = u.id${before} and ${candidateQuietSince(sql`n.noticed_at`)})`;
}

export interface NoticedCandidate {
  id: string;
  email: string;
  /** First and family names as the profile has them (empty without a profile). */
  name: string;
}

export interface NoticedItem {
  organizationId: string;
  /** Posting title of a matching; null for a chat. */
  vacancyTitle: string | null;
  kind: 'matching' | 'chat';
}

export interface DeletedCandidates {
  ids: string[];
  storageKeys: string[];
  /** Organisations that had a chat with one of them (their chat version caches). */
  chats: { organizationId: string; applicantId: string }[];
}

export function createRetentionRepository(db: Database) {
  return {
    async getSettings(): Promise<RetentionSettingsRow> {
      const [row] = await db.select().from(retentionSettings).limit(1);
      if (row) return row;
      // The migration inserts the row; a missing one (deleted by hand) means the defaults.
      const [created] = await db.insert(retentionSettings).values({ id: 1 }).onConflictDoNothing().returning();
      return created ?? (await db.select().from(retentionSettings).limit(1))[0]!;
    },

    /** Writes the periods and their audit entry in one transaction; answers the row before and after. */
    async updateSettings(
      input: { matchingRetentionMonths: number; candidateInactivityMonths: number },
      by: string,
      at: Date,
      audit: (before: RetentionSettingsRow, after: RetentionSettingsRow) => AuditEntry,
    ): Promise<RetentionSettingsRow> {
      const before = await this.getSettings();
      return db.transaction(async (tx) => {
        const [after] = await tx
          .update(retentionSettings)
          .set({ ...input, updatedAt: at, updatedBy: by })
          .where(sql`${retentionSettings.id} = 1`)
          .returning();
        if (!after) throw new Error('retention_settings row missing');
        await recordAudit(tx, audit(before, after));
        return after;
      });
    },

    /**
     * Announces up to `batchSize` matchings due by `horizon` that were not announced yet; answers
     * the new notices (empty = nothing left). The unique matching id makes it idempotent.
     */
    async noticeMatchings(now: Date, horizon: Date, months: number, batchSize: number): Promise<NoticedItem[]> {
      const inserted = await rows<{ organization_id: string; title: string }>(
        db,
        sql`with candidates as (
              select v.organization_id, m.id, v.title from matchings m join vacancies v on v.id = m.vacancy_id
              where ${matchingDueBy(horizon, months)}
                and not exists (select 1 from retention_notices n where n.matching_id = m.id)
              order by m.id limit ${batchSize}
            ), noticed as (
              insert into retention_notices (organization_id, matching_id, noticed_at)
              select organization_id, id, ${now.toISOString()}::timestamptz from candidates
              on conflict (matching_id) do nothing
              returning matching_id
            )
            select c.organization_id, c.title from candidates c join noticed n on n.matching_id = c.id`,
      );
      return inserted.map((row) => ({
        organizationId: row.organization_id,
        vacancyTitle: row.title,
        kind: 'matching' as const,
      }));
    },

    async noticeChats(now: Date, horizon: Date, months: number, batchSize: number): Promise<NoticedItem[]> {
      const inserted = await rows<{ organization_id: string }>(
        db,
        sql`insert into retention_notices (organization_id, chat_id, noticed_at)
            select c.organization_id, c.id, ${now.toISOString()}::timestamptz from chats c
            where ${chatDueBy(horizon, months)}
              and not exists (select 1 from retention_notices n where n.chat_id = c.id)
            order by c.id limit ${batchSize}
            on conflict (chat_id) do nothing
            returning organization_id`,
      );
      return inserted.map((row) => ({
        organizationId: row.organization_id,
        vacancyTitle: null,
        kind: 'chat' as const,
      }));
    },

    /** Takes back an organisation's notices of this run (its mail could not be sent): the next run announces them again. */
    async withdrawNotices(organizationId: string, noticedAt: Date): Promise<void> {
      await db.execute(
        sql`delete from retention_notices where organization_id = ${organizationId} and noticed_at = ${noticedAt.toISOString()}::timestamptz`,
      );
    },

    /**
     * Notices up to `batchSize` candidates inactive since `inactiveSince` (the caller passes the
     * start of an inactivity that is long enough by the notice horizon) that have no notice that
     * counts; answers them (empty = nothing left). A void notice of an earlier spell is overwritten.
     */
    async noticeCandidates(now: Date, inactiveSince: Date, batchSize: number): Promise<NoticedCandidate[]> {
      const noticed = await rows<{ id: string; email: string; name: string }>(
        db,
        sql`with due as (
              select u.id, a.email, concat_ws(' ', array_to_string(p.names, ' '), array_to_string(p.family_names, ' ')) as name
              from users u
              join auth_users a on a.id = u.id
              left join applicant_profiles p on p.user_id = u.id
              left join statistics_candidates s on s.applicant_id = u.id
              where u.type = 'APPLICANT'
                and ${candidateQuietSince(sql`${inactiveSince.toISOString()}::timestamptz`)}
                and not ${candidateNoticed()}
              order by u.id limit ${batchSize}
              for update of u skip locked
            ), noticed as (
              insert into candidate_retention_notices (applicant_id, noticed_at)
              select id, ${now.toISOString()}::timestamptz from due
              on conflict (applicant_id) do update set noticed_at = excluded.noticed_at
              returning applicant_id
            )
            select d.id, d.email, d.name from due d join noticed n on n.applicant_id = d.id order by d.id`,
      );
      return noticed.map((row) => ({ id: row.id, email: row.email, name: row.name.trim() }));
    },

    /** Takes back a candidate's notice of this run (the mail could not be sent): the next run tries again. */
    async withdrawCandidateNotice(applicantId: string, noticedAt: Date): Promise<void> {
      await db.execute(
        sql`delete from candidate_retention_notices where applicant_id = ${applicantId} and noticed_at = ${noticedAt.toISOString()}::timestamptz`,
      );
    },

    /** Who gets an organisation's retention mail: its enabled users, else its contact address. */
    async recipientsOf(
      organizationId: string,
    ): Promise<{ name: string; organizationName: string; to: string[] } | null> {
      const found = await rows<{ name: string; contact_mail: string | null; emails: string[] | null }>(
        db,
        sql`select o.name, o.contact_mail,
              array(select a.email from users u join auth_users a on a.id = u.id
                    where u.organization_id = o.id and u.type = 'ORGANIZATION' and u.disabled_at is null order by a.email) as emails
            from organizations o where o.id = ${organizationId}`,
      );
      const row = found[0];
      if (!row) return null;
      const to = row.emails && row.emails.length > 0 ? row.emails : row.contact_mail ? [row.contact_mail] : [];
      return { name: row.name, organizationName: row.name, to };
    },

    /** Deletes up to `batchSize` due matchings announced before `noticedBefore`; answers how many. */
    async deleteDueMatchings(now: Date, noticedBefore: Date, months: number, batchSize: number): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('matchwerk.retention', 'on', true)`);
        const deleted = await rows<{ id: string }>(
          tx,
          sql`delete from matchings where id in (
                select m.id from matchings m join vacancies v on v.id = m.vacancy_id join retention_notices n on n.matching_id = m.id
                where n.noticed_at <= ${noticedBefore.toISOString()}::timestamptz and ${matchingDueBy(now, months)}
                order by m.id limit ${batchSize}
                for update of m skip locked
              ) returning id`,
        );
        return deleted.length;
      });
    },

    /** Deletes up to `batchSize` due chats (their messages by cascade) announced before `noticedBefore`. */
    async deleteDueChats(
      now: Date,
      noticedBefore: Date,
      months: number,
      batchSize: number,
    ): Promise<{ organizationId: string; applicantId: string }[]> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('matchwerk.retention', 'on', true)`);
        const deleted = await rows<{ organization_id: string; applicant_id: string }>(
          tx,
          sql`delete from chats where id in (
                select c.id from chats c join retention_notices n on n.chat_id = c.id
                where n.noticed_at <= ${noticedBefore.toISOString()}::timestamptz and ${chatDueBy(now, months)}
                order by c.id limit ${batchSize}
                for update of c skip locked
              ) returning organization_id, applicant_id`,
        );
        return deleted.map((row) => ({ organizationId: row.organization_id, applicantId: row.applicant_id }));
      });
    },

    /**
     * Deletes up to `batchSize` candidates without activity since `inactiveSince` whose notice
     * counts and was sent before `noticedBefore`: the auth user goes, and with it (cascade) user
     * row, profile, photo rows, matchings, chats, messages, sessions, notice; tokens and demo
     * mails of the address too. Answers the photo files to remove.
     */
    async deleteInactiveCandidates(
      inactiveSince: Date,
      noticedBefore: Date,
      batchSize: number,
    ): Promise<DeletedCandidates> {
      const since = sql`${inactiveSince.toISOString()}::timestamptz`;
      return db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('matchwerk.retention', 'on', true)`);
        const doomed = await rows<{ id: string; email: string }>(
          tx,
          sql`select u.id, a.email from users u
              join auth_users a on a.id = u.id
              left join applicant_profiles p on p.user_id = u.id
              left join statistics_candidates s on s.applicant_id = u.id
              where u.type = 'APPLICANT' and ${candidateQuietSince(since)} and ${candidateNoticed(noticedBefore)}
              order by u.id limit ${batchSize}
              for update of u skip locked`,
        );
        if (doomed.length === 0) return { ids: [], storageKeys: [], chats: [] };
        const ids = doomed.map((row) => row.id);
        const idArray = sql`array[${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}]::text[]`;
        const files = await rows<{ storage_key: string }>(
          tx,
          sql`select storage_key from applicant_photos where applicant_id = any(${idArray})`,
        );
        const chatRows = await rows<{ organization_id: string; applicant_id: string }>(
          tx,
          sql`select organization_id, applicant_id from chats where applicant_id = any(${idArray})`,
        );
        // Password-reset tokens store the user id as value; recover-email tokens a JSON record with it (as deleteAccount).
        const patterns = ids.map((id) => `%"userId":${JSON.stringify(id)}%`);
        await tx.execute(
          sql`delete from auth_verifications where value = any(${idArray}) or value like any(array[${sql.join(
            patterns.map((pattern) => sql`${pattern}`),
            sql`, `,
          )}]::text[])`,
        );
        await tx.execute(
          sql`delete from mail_outbox where "to" = any(array[${sql.join(
            doomed.map((row) => sql`${row.email}`),
            sql`, `,
          )}]::text[])`,
        );
        await tx.execute(sql`delete from auth_users where id = any(${idArray})`);
        return {
          ids,
          storageKeys: files.map((file) => file.storage_key),
          chats: chatRows.map((row) => ({ organizationId: row.organization_id, applicantId: row.applicant_id })),
        };
      });
    },

    async recordRun(entry: AuditEntry): Promise<void> {
      await recordAudit(db, entry);
    },
  };
}

export type RetentionRepository = ReturnType<typeof createRetentionRepository>;
