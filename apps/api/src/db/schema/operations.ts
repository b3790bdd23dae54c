/**
 * Operations (issue 49, ADR 0106): the log of delivered account mails, keyed by their pg-boss job,
 * so a retried or re-delivered job never sends its mail twice. Holds no mail content (the links
 * stay in the job only); rows go after 30 days (mail-jobs.ts).
 */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const tz = { withTimezone: true } as const;

export const mailSentLog = pgTable(
  'mail_sent_log',
  {
    /** The pg-boss job id of the mail (a UUID). */
    jobId: text('job_id').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    sentAt: timestamp('sent_at', tz).notNull().defaultNow(),
  },
  (table) => [index('mail_sent_log_sent_at_idx').on(table.sentAt)],
);
