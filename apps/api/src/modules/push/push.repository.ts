/** The candidate notification tables (db/schema/candidate-push.ts) and what a notice needs to know of the candidate. */
import type { CandidateNotificationKind } from '@matchwerk/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authUsers } from '../../db/schema/auth';
import { candidateMailItems, candidateNotificationSettings, pushSubscriptions } from '../../db/schema/candidate-push';
import { applicantProfiles } from '../../db/schema/marketplace';
import { organizations } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';

export interface StoredSubscription {
  id: string;
  userId: string;
  sessionId: string | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: Date;
  lastSuccessAt: Date | null;
}

export interface StoredSettings {
  push: Record<CandidateNotificationKind, boolean>;
  email: Record<CandidateNotificationKind, boolean>;
  /** Null: never chosen (the default by age applies). */
  quietHours: boolean | null;
}

export const DEFAULT_SETTINGS: StoredSettings = {
  push: { MATCHING_ACCEPTED: true, MATCHING_DECLINED: true, MESSAGE: true },
  email: { MATCHING_ACCEPTED: true, MATCHING_DECLINED: true, MESSAGE: true },
  quietHours: null,
};

export interface CandidateRecipient {
  userId: string;
  email: string;
  /** The first given name (the mail's greeting), or null. */
  firstName: string | null;
  dateOfBirth: string | null;
  settings: StoredSettings;
}

export interface MailItem {
  kind: CandidateNotificationKind;
  organizationId: string | null;
  companyName: string | null;
  createdAt: Date;
}

type SettingsRow = typeof candidateNotificationSettings.$inferSelect;

function settingsOf(row: SettingsRow | undefined): StoredSettings {
  if (!row) return DEFAULT_SETTINGS;
  return {
    push: {
      MATCHING_ACCEPTED: row.pushMatchingAccepted,
      MATCHING_DECLINED: row.pushMatchingDeclined,
      MESSAGE: row.pushMessage,
    },
    email: {
      MATCHING_ACCEPTED: row.emailMatchingAccepted,
      MATCHING_DECLINED: row.emailMatchingDeclined,
      MESSAGE: row.emailMessage,
    },
    quietHours: row.quietHours,
  };
}

function settingsColumns(settings: StoredSettings) {
  return {
    pushMatchingAccepted: settings.push.MATCHING_ACCEPTED,
    pushMatchingDeclined: settings.push.MATCHING_DECLINED,
    pushMessage: settings.push.MESSAGE,
    emailMatchingAccepted: settings.email.MATCHING_ACCEPTED,
    emailMatchingDeclined: settings.email.MATCHING_DECLINED,
    emailMessage: settings.email.MESSAGE,
    quietHours: settings.quietHours,
  };
}

/** The settings column of each kind's e-mail switch. */
const EMAIL_KEY = {
  MATCHING_ACCEPTED: 'emailMatchingAccepted',
  MATCHING_DECLINED: 'emailMatchingDeclined',
  MESSAGE: 'emailMessage',
} as const satisfies Record<CandidateNotificationKind, keyof SettingsRow>;

export function createPushRepository(db: Database) {
  return {
    /** Upsert by endpoint: a device that subscribes again (or changes hands) gets the newest keys and owner. */
    /** `sessionId`: the sign-in that subscribed (its end removes the row); tests without a session leave it out. */
    async saveSubscription(input: {
      userId: string;
      sessionId?: string | null;
      endpoint: string;
      p256dh: string;
      auth: string;
    }) {
      const [row] = await db
        .insert(pushSubscriptions)
        .values(input)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId: input.userId, sessionId: input.sessionId ?? null, p256dh: input.p256dh, auth: input.auth },
        })
        .returning();
      return row!;
    },

    /** Deletes the user's subscription with that endpoint; false when there was none. */
    async deleteSubscription(userId: string, endpoint: string): Promise<boolean> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },

    /** The push service said the subscription is gone (404/410). */
    async deleteSubscriptionById(id: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    /** Every device of these users signs out ("sign out everywhere", account disabled). */
    async deleteSubscriptionsOf(userIds: readonly string[]): Promise<number> {
      if (userIds.length === 0) return 0;
      const rows = await db
        .delete(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, [...userIds]))
        .returning({ id: pushSubscriptions.id });
      return rows.length;
    },

    async subscriptionsOf(userId: string): Promise<StoredSubscription[]> {
      return db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(asc(pushSubscriptions.createdAt));
    },

    async findSubscription(id: string): Promise<StoredSubscription | null> {
      const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
      return row ?? null;
    },

    async markDelivered(id: string, at: Date): Promise<void> {
      await db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(eq(pushSubscriptions.id, id));
    },

    async countSubscriptions(userId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      return Number(row?.count ?? 0);
    },

    async settingsOf(userId: string): Promise<StoredSettings> {
      const [row] = await db
        .select()
        .from(candidateNotificationSettings)
        .where(eq(candidateNotificationSettings.userId, userId));
      return settingsOf(row);
    },

    async saveSettings(userId: string, settings: StoredSettings, at: Date): Promise<void> {
      const columns = { ...settingsColumns(settings), updatedAt: at };
      await db
        .insert(candidateNotificationSettings)
        .values({ userId, ...columns })
        .onConflictDoUpdate({ target: candidateNotificationSettings.userId, set: columns });
    },

    /** One-click unsubscribe from one kind of fallback mail; false for an unknown or non-candidate user. */
    async turnEmailOff(userId: string, kind: CandidateNotificationKind, at: Date): Promise<boolean> {
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.type, 'APPLICANT')));
      if (!user) return false;
      await db
        .insert(candidateNotificationSettings)
        .values({ userId, ...settingsColumns(DEFAULT_SETTINGS), [EMAIL_KEY[kind]]: false, updatedAt: at })
        .onConflictDoUpdate({
          target: candidateNotificationSettings.userId,
          set: { [EMAIL_KEY[kind]]: false, updatedAt: at },
        });
      return true;
    },

    /** The candidate a notice is for (an enabled APPLICANT), or null. */
    async recipient(userId: string): Promise<CandidateRecipient | null> {
      return (await this.recipients([userId])).get(userId) ?? null;
    },

    /** The enabled APPLICANTs among these users with their settings, in one query (a batch of notices). */
    async recipients(userIds: readonly string[]): Promise<Map<string, CandidateRecipient>> {
      const found = new Map<string, CandidateRecipient>();
      if (userIds.length === 0) return found;
      const rows = await db
        .select({
          userId: users.id,
          email: authUsers.email,
          names: applicantProfiles.names,
          dateOfBirth: applicantProfiles.dateOfBirth,
          settings: candidateNotificationSettings,
        })
        .from(users)
        .innerJoin(authUsers, eq(authUsers.id, users.id))
        .leftJoin(applicantProfiles, eq(applicantProfiles.userId, users.id))
        .leftJoin(candidateNotificationSettings, eq(candidateNotificationSettings.userId, users.id))
        .where(and(inArray(users.id, [...new Set(userIds)]), eq(users.type, 'APPLICANT'), isNull(users.disabledAt)));
      for (const row of rows)
        found.set(row.userId, {
          userId: row.userId,
          email: row.email,
          firstName: row.names?.[0] ?? null,
          dateOfBirth: row.dateOfBirth ?? null,
          settings: settingsOf(row.settings ?? undefined),
        });
      return found;
    },

    /** Every device of these users, per user. */
    async subscriptionsOfMany(userIds: readonly string[]): Promise<Map<string, StoredSubscription[]>> {
      const found = new Map<string, StoredSubscription[]>();
      if (userIds.length === 0) return found;
      const rows = await db
        .select()
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, [...new Set(userIds)]))
        .orderBy(asc(pushSubscriptions.createdAt));
      for (const row of rows) found.set(row.userId, [...(found.get(row.userId) ?? []), row]);
      return found;
    },

    async findSubscriptions(ids: readonly string[]): Promise<Map<string, StoredSubscription>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select()
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.id, [...new Set(ids)]));
      return new Map(rows.map((row) => [row.id, row]));
    },

    async markDeliveredMany(ids: readonly string[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: at })
        .where(inArray(pushSubscriptions.id, [...new Set(ids)]));
    },

    async companyName(organizationId: string): Promise<string | null> {
      return (await this.companyNames([organizationId])).get(organizationId) ?? null;
    },

    async companyNames(organizationIds: readonly string[]): Promise<Map<string, string>> {
      if (organizationIds.length === 0) return new Map();
      const rows = await db
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(inArray(organizations.id, [...new Set(organizationIds)]));
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    async addMailItem(userId: string, kind: CandidateNotificationKind, organizationId: string | null): Promise<void> {
      await db.insert(candidateMailItems).values({ userId, kind, organizationId });
    },

    /** Takes every item not yet mailed (a concurrent run takes none of them twice). */
    async claimMailItems(userId: string, at: Date): Promise<MailItem[]> {
      const claimed = await db
        .update(candidateMailItems)
        .set({ mailedAt: at })
        .where(and(eq(candidateMailItems.userId, userId), isNull(candidateMailItems.mailedAt)))
        .returning({
          id: candidateMailItems.id,
          kind: candidateMailItems.kind,
          organizationId: candidateMailItems.organizationId,
          createdAt: candidateMailItems.createdAt,
        });
      const ids = [...new Set(claimed.map((item) => item.organizationId).filter((id): id is string => id !== null))];
      const names = new Map<string, string>();
      if (ids.length > 0) {
        const rows = await db
          .select({ id: organizations.id, name: organizations.name })
          .from(organizations)
          .where(inArray(organizations.id, ids));
        for (const row of rows) names.set(row.id, row.name);
      }
      return claimed
        .map((item) => ({
          kind: item.kind,
          organizationId: item.organizationId,
          companyName: item.organizationId ? (names.get(item.organizationId) ?? null) : null,
          createdAt: item.createdAt,
        }))
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },

    /** A mail failed: its items wait for the next try. */
    async releaseMailItems(userId: string, at: Date): Promise<void> {
      await db
        .update(candidateMailItems)
        .set({ mailedAt: null })
        .where(and(eq(candidateMailItems.userId, userId), eq(candidateMailItems.mailedAt, at)));
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
