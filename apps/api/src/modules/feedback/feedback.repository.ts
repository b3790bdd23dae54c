import type { FeedbackCategory, FeedbackStatus, UserType } from '@matchwerk/shared';
import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authUsers, feedback, users } from '../../db/schema/index';

export interface NewFeedback {
  userId: string;
  category: FeedbackCategory;
  message: string;
  page: string;
  screenshot: { storageKey: string; mimeType: string } | null;
  at: Date;
}

export interface FeedbackRow {
  id: string;
  category: FeedbackCategory;
  message: string;
  page: string;
  status: FeedbackStatus;
  screenshotKey: string | null;
  mailedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  senderName: string | null;
  senderEmail: string | null;
  senderType: UserType | null;
}

const COLUMNS = {
  id: feedback.id,
  category: feedback.category,
  message: feedback.message,
  page: feedback.page,
  status: feedback.status,
  screenshotKey: feedback.screenshotKey,
  mailedAt: feedback.mailedAt,
  createdAt: feedback.createdAt,
  updatedAt: feedback.updatedAt,
  senderName: authUsers.name,
  senderEmail: authUsers.email,
  senderType: users.type,
};

export function createFeedbackRepository(db: Database) {
  async function findById(id: string): Promise<FeedbackRow | null> {
    const rows = await db
      .select(COLUMNS)
      .from(feedback)
      .leftJoin(authUsers, eq(authUsers.id, feedback.userId))
      .leftJoin(users, eq(users.id, feedback.userId))
      .where(eq(feedback.id, id))
      .limit(1);
    return rows[0] ?? null;
  }

  return {
    async create(input: NewFeedback): Promise<string> {
      const [row] = await db
        .insert(feedback)
        .values({
          userId: input.userId,
          category: input.category,
          message: input.message,
          page: input.page,
          screenshotKey: input.screenshot?.storageKey ?? null,
          screenshotMimeType: input.screenshot?.mimeType ?? null,
          createdAt: input.at,
          updatedAt: input.at,
        })
        .returning({ id: feedback.id });
      if (!row) throw new Error('feedback insert returned nothing');
      return row.id;
    },

    async markMailed(id: string, at: Date): Promise<void> {
      await db.update(feedback).set({ mailedAt: at }).where(eq(feedback.id, id));
    },

    /** Newest first, optionally of one status. */
    async list(query: {
      status?: FeedbackStatus;
      page: number;
      pageSize: number;
    }): Promise<{ rows: FeedbackRow[]; total: number }> {
      const where = query.status ? eq(feedback.status, query.status) : undefined;
      const [rows, totals] = await Promise.all([
        db
          .select(COLUMNS)
          .from(feedback)
          .leftJoin(authUsers, eq(authUsers.id, feedback.userId))
          .leftJoin(users, eq(users.id, feedback.userId))
          .where(where)
          .orderBy(desc(feedback.createdAt), desc(feedback.id))
          .limit(query.pageSize)
          .offset(query.page * query.pageSize),
        db.select({ total: count() }).from(feedback).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    findById,

    async setStatus(id: string, status: FeedbackStatus, at: Date): Promise<FeedbackRow | null> {
      const updated = await db
        .update(feedback)
        .set({ status, updatedAt: at })
        .where(eq(feedback.id, id))
        .returning({ id: feedback.id });
      return updated[0] ? findById(id) : null;
    },

    async findScreenshot(id: string): Promise<{ storageKey: string; mimeType: string } | null> {
      const rows = await db
        .select({ storageKey: feedback.screenshotKey, mimeType: feedback.screenshotMimeType })
        .from(feedback)
        .where(eq(feedback.id, id))
        .limit(1);
      const row = rows[0];
      return row?.storageKey && row.mimeType ? { storageKey: row.storageKey, mimeType: row.mimeType } : null;
    },
  };
}

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
