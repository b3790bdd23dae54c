import type { NotificationInterval } from '@matchwerk/shared';
import { and, asc, desc, eq, gt, lte, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authUsers } from '../../db/schema/auth';
import { applicantProfiles, chats, matchings, messages, notificationDeliveries } from '../../db/schema/marketplace';
import { users } from '../../db/schema/users';
import { vacancies } from '../../db/schema/vacancies';
import type { DigestChat, DigestMatching } from './digest';

export interface Recipient {
  userId: string;
  email: string;
  name: string;
  organizationId: string;
  interval: NotificationInterval;
}

export interface ClaimedDigest {
  matchings: DigestMatching[];
  chats: DigestChat[];
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

async function collectItems(
  tx: Transaction | Database,
  organizationId: string,
  from: Date,
  until: Date,
): Promise<ClaimedDigest> {
  const newMatchings = await tx
    .select({
      applicantId: matchings.applicantId,
      names: applicantProfiles.names,
      familyNames: applicantProfiles.familyNames,
      vacancyTitle: vacancies.title,
    })
    .from(matchings)
    .innerJoin(vacancies, eq(vacancies.id, matchings.vacancyId))
    .leftJoin(applicantProfiles, eq(applicantProfiles.userId, matchings.applicantId))
    .where(
      and(eq(vacancies.organizationId, organizationId), gt(matchings.createdAt, from), lte(matchings.createdAt, until)),
    )
    .orderBy(asc(matchings.createdAt));
  const perChat = await tx
    .select({
      applicantId: chats.applicantId,
      names: applicantProfiles.names,
      familyNames: applicantProfiles.familyNames,
      count: sql<number>`count(*)::int`,
      lastText: sql<string>`(array_agg(${messages.text} order by ${messages.seq} desc))[1]`,
      lastAt: max(messages.createdAt),
    })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .leftJoin(applicantProfiles, eq(applicantProfiles.userId, chats.applicantId))
    .where(
      and(
        eq(chats.organizationId, organizationId),
        eq(messages.sender, 'APPLICANT'),
        gt(messages.createdAt, from),
        lte(messages.createdAt, until),
      ),
    )
    .groupBy(chats.applicantId, applicantProfiles.names, applicantProfiles.familyNames)
    .orderBy(desc(max(messages.createdAt)));
  return {
    matchings: newMatchings,
    chats: perChat.map(({ lastAt: _lastAt, ...chat }) => ({ ...chat, count: Number(chat.count) })),
  };
}

export function createNotificationsRepository(db: Database) {
  const recipientColumns = {
    userId: users.id,
    email: authUsers.email,
    name: authUsers.name,
    organizationId: sql<string>`${users.organizationId}`,
    interval: users.notificationInterval,
  };
  const wantsMail = and(
    eq(users.type, 'ORGANIZATION'),
    eq(users.notifyViaMail, true),
    eq(authUsers.emailVerified, true),
    sql`${users.organizationId} is not null`,
  );

  return {
    /** Organisation users who want digests of this interval. */
    async findRecipients(interval: NotificationInterval): Promise<Recipient[]> {
      return db
        .select(recipientColumns)
        .from(users)
        .innerJoin(authUsers, eq(authUsers.id, users.id))
        .where(and(wantsMail, eq(users.notificationInterval, interval)));
    },

    /** The organisation's users who want mails at once. */
    async findImmediateRecipients(organizationId: string): Promise<Recipient[]> {
      return db
        .select(recipientColumns)
        .from(users)
        .innerJoin(authUsers, eq(authUsers.id, users.id))
        .where(and(wantsMail, eq(users.notificationInterval, 'IMMEDIATELY'), eq(users.organizationId, organizationId)));
    },

    /**
     * Claims the digest of one user and window: under a lock on the user row, reads where the
     * last digest ended, collects what is new since then (at most `lookbackMs`) and records the
     * delivery. Null when there is nothing new or another sender claimed this window already —
     * the primary key (user_id, window_key) and the row lock make "the same mail twice" impossible.
     */
    async claimDigest(input: {
      recipient: Recipient;
      windowKey: string;
      until: Date;
      lookbackMs: number;
    }): Promise<(ClaimedDigest & { from: Date }) | null> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, input.recipient.userId)).for('update');
        const [taken] = await tx
          .select({ key: notificationDeliveries.windowKey })
          .from(notificationDeliveries)
          .where(
            and(
              eq(notificationDeliveries.userId, input.recipient.userId),
              eq(notificationDeliveries.windowKey, input.windowKey),
            ),
          );
        if (taken) return null;
        const [last] = await tx
          .select({ until: max(notificationDeliveries.coveredUntil) })
          .from(notificationDeliveries)
          .where(eq(notificationDeliveries.userId, input.recipient.userId));
        const floor = new Date(input.until.getTime() - input.lookbackMs);
        const lastUntil = last?.until ? new Date(last.until) : null;
        const from = lastUntil && lastUntil > floor ? lastUntil : floor;
        if (from >= input.until) return null;
        const items = await collectItems(tx, input.recipient.organizationId, from, input.until);
        if (items.matchings.length === 0 && items.chats.length === 0) return null;
        const inserted = await tx
          .insert(notificationDeliveries)
          .values({
            userId: input.recipient.userId,
            windowKey: input.windowKey,
            interval: input.recipient.interval,
            coveredFrom: from,
            coveredUntil: input.until,
            matchingsCount: items.matchings.length,
            messagesCount: items.chats.reduce((sum, chat) => sum + chat.count, 0),
          })
          .onConflictDoNothing()
          .returning({ key: notificationDeliveries.windowKey });
        return inserted.length > 0 ? { ...items, from } : null;
      });
    },

    async markSent(userId: string, windowKey: string, at: Date): Promise<void> {
      await db
        .update(notificationDeliveries)
        .set({ sentAt: at })
        .where(and(eq(notificationDeliveries.userId, userId), eq(notificationDeliveries.windowKey, windowKey)));
    },

    /** Gives the window back after a failed send, so the job's retry can send it. */
    async release(userId: string, windowKey: string): Promise<void> {
      await db
        .delete(notificationDeliveries)
        .where(and(eq(notificationDeliveries.userId, userId), eq(notificationDeliveries.windowKey, windowKey)));
    },

    /** notifyViaMail = false; true when the user exists. */
    async unsubscribe(userId: string, at: Date): Promise<boolean> {
      const updated = await db
        .update(users)
        .set({ notifyViaMail: false, updatedAt: at })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      return updated.length > 0;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
