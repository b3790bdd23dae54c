/**
 * Unread counts and seen marks (ADR 0040). Each count is one statement; the seen and read marks
 * are upserts that never move a mark backwards.
 */
import type { Region } from '@matchwerk/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { prepareSql } from '../../db/prepared-sql';

export interface OrganizationUnreadRow {
  matchings: number;
  messages: number;
  newMatchings: Array<{
    vacancyId: string;
    vacancyTitle: string;
    applicantId: string;
    names: string[];
    familyNames: string[];
    createdAt: Date;
  }>;
  unreadChats: Array<{
    applicantId: string;
    names: string[];
    familyNames: string[];
    unread: number;
    lastMessageAt: Date;
  }>;
}

export interface ApplicantUnreadRow {
  matchings: number;
  messages: number;
  unreadChats: Array<{
    organization: { id: string; name: string; region: Region };
    unread: number;
    lastMessageAt: Date;
  }>;
}

/** jsonb arrays come back as parsed arrays from both drivers; times inside them as ISO text. */
type Json<T> = T[] | null;

export function createUnreadRepository(db: Database, listLimit: number) {
  /*
   * The organisation user's counts and the newest items, in ONE statement: open matchings of the
   * organisation's postings created after the user's mark (index vacancy_id, state, created_at),
   * and per chat of the organisation the candidate's messages after the user's read mark
   * (index chat_id, seq).
   */
  const organizationCounts = prepareSql<{
    matchings: number;
    new_matchings: Json<{
      vacancyId: string;
      vacancyTitle: string;
      applicantId: string;
      names: string[] | null;
      familyNames: string[] | null;
      createdAt: string;
    }>;
    messages: number;
    unread_chats: Json<{
      applicantId: string;
      names: string[] | null;
      familyNames: string[] | null;
      unread: number;
      lastMessageAt: string;
    }>;
  }>(
    db,
    'unread_organization',
    sql`with mark as (
        select coalesce((select matchings_seen_at from user_seen_marks where user_id = ${sql.placeholder('userId')}), '-infinity'::timestamptz) as seen_at
      ),
      fresh as (
        select m.vacancy_id, v.title, m.applicant_id, m.created_at
        from matchings m join vacancies v on v.id = m.vacancy_id, mark
        where v.organization_id = ${sql.placeholder('organizationId')} and m.state = 'OPEN' and m.created_at > mark.seen_at
      ),
      per_chat as (
        select c.applicant_id, c.last_message_at,
          (select count(*)::int from messages x
            where x.chat_id = c.id and x.sender = 'APPLICANT'
              and x.seq > coalesce((select r.read_seq from chat_reads r where r.chat_id = c.id and r.user_id = ${sql.placeholder('userId')}), 0)) as unread
        from chats c
        where c.organization_id = ${sql.placeholder('organizationId')}
      )
      select
        (select count(*)::int from fresh) as matchings,
        (select jsonb_agg(jsonb_build_object('vacancyId', f.vacancy_id, 'vacancyTitle', f.title, 'applicantId', f.applicant_id,
            'names', p.names, 'familyNames', p.family_names, 'createdAt', f.created_at) order by f.created_at desc)
          from (select * from fresh order by created_at desc limit ${sql.placeholder('limit')}) f
          left join applicant_profiles p on p.user_id = f.applicant_id) as new_matchings,
        (select coalesce(sum(unread), 0)::int from per_chat) as messages,
        (select jsonb_agg(jsonb_build_object('applicantId', u.applicant_id, 'names', p.names, 'familyNames', p.family_names,
            'unread', u.unread, 'lastMessageAt', u.last_message_at) order by u.last_message_at desc)
          from (select * from per_chat where unread > 0 order by last_message_at desc limit ${sql.placeholder('limit')}) u
          left join applicant_profiles p on p.user_id = u.applicant_id) as unread_chats`,
  );

  /** The candidate's counts: decisions after its mark, and the organisations' messages after its read marks. */
  const applicantCounts = prepareSql<{
    matchings: number;
    messages: number;
    unread_chats: Json<{ id: string; name: string; region: Region; unread: number; lastMessageAt: string }>;
  }>(
    db,
    'unread_applicant',
    sql`with mark as (
        select coalesce((select matchings_seen_at from user_seen_marks where user_id = ${sql.placeholder('userId')}), '-infinity'::timestamptz) as seen_at
      ),
      per_chat as (
        select c.organization_id, c.last_message_at,
          (select count(*)::int from messages x
            where x.chat_id = c.id and x.sender <> 'APPLICANT'
              and x.seq > coalesce((select r.read_seq from chat_reads r where r.chat_id = c.id and r.user_id = ${sql.placeholder('userId')}), 0)) as unread
        from chats c
        where c.applicant_id = ${sql.placeholder('userId')}
      )
      select
        (select count(*)::int from matchings m, mark where m.applicant_id = ${sql.placeholder('userId')} and m.decided_at > mark.seen_at) as matchings,
        (select coalesce(sum(unread), 0)::int from per_chat) as messages,
        (select jsonb_agg(jsonb_build_object('id', o.id, 'name', o.name, 'region', o.region, 'unread', u.unread, 'lastMessageAt', u.last_message_at)
            order by u.last_message_at desc)
          from (select * from per_chat where unread > 0 order by last_message_at desc limit ${sql.placeholder('limit')}) u
          join organizations o on o.id = u.organization_id) as unread_chats`,
  );

  /** Raises the user's read mark of the chat to `seq` (at most the chat's newest seq); null without the chat. */
  const markRead = prepareSql<{ read_seq: number }>(
    db,
    'unread_mark_read',
    sql`with chat as (
        select id, last_message_seq from chats where organization_id = ${sql.placeholder('organizationId')} and applicant_id = ${sql.placeholder('applicantId')}
      )
      insert into chat_reads (chat_id, user_id, read_seq, read_at)
      select chat.id, ${sql.placeholder('userId')}, least(${sql.placeholder('seq')}::int, chat.last_message_seq), ${sql.placeholder('now')}::timestamptz from chat
      on conflict (chat_id, user_id) do update
        set read_seq = greatest(chat_reads.read_seq, excluded.read_seq), read_at = excluded.read_at
      returning read_seq`,
  );

  const time = (value: string) => new Date(value);

  return {
    async countsForOrganizationUser(organizationId: string, userId: string): Promise<OrganizationUnreadRow> {
      const [row] = await organizationCounts.execute({ organizationId, userId, limit: listLimit });
      return {
        matchings: row?.matchings ?? 0,
        messages: row?.messages ?? 0,
        newMatchings: (row?.new_matchings ?? []).map((item) => ({
          ...item,
          names: item.names ?? [],
          familyNames: item.familyNames ?? [],
          createdAt: time(item.createdAt),
        })),
        unreadChats: (row?.unread_chats ?? []).map((item) => ({
          ...item,
          names: item.names ?? [],
          familyNames: item.familyNames ?? [],
          lastMessageAt: time(item.lastMessageAt),
        })),
      };
    },

    async countsForApplicant(userId: string): Promise<ApplicantUnreadRow> {
      const [row] = await applicantCounts.execute({ userId, limit: listLimit });
      return {
        matchings: row?.matchings ?? 0,
        messages: row?.messages ?? 0,
        unreadChats: (row?.unread_chats ?? []).map(({ id, name, region, unread, lastMessageAt }) => ({
          organization: { id, name, region },
          unread,
          lastMessageAt: time(lastMessageAt),
        })),
      };
    },

    /** The user has seen their matchings up to `now` (never moved backwards). */
    async markMatchingsSeen(userId: string, now: Date): Promise<void> {
      await db.execute(
        sql`insert into user_seen_marks (user_id, matchings_seen_at) values (${userId}, ${now.toISOString()}::timestamptz)
          on conflict (user_id) do update set matchings_seen_at = greatest(user_seen_marks.matchings_seen_at, excluded.matchings_seen_at)`,
      );
    },

    /** The stored read mark after raising it to `seq`; null when there is no such chat. */
    async markChatRead(input: {
      organizationId: string;
      applicantId: string;
      userId: string;
      seq: number;
      now: Date;
    }): Promise<number | null> {
      const [row] = await markRead.execute({ ...input, now: input.now.toISOString() });
      return row ? row.read_seq : null;
    },
  };
}

export type UnreadRepository = ReturnType<typeof createUnreadRepository>;
