import { z } from 'zod';

/*
 * Account mails that failed after every retry (issue 49 item 6, ADR 0119): administrators see them
 * and send them again. The list shows whom and what, never the mail's body (its links are secrets).
 */

export const failedMailSchema = z.object({
  /** The pg-boss job id of the failed mail. */
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  /** When the last attempt failed (ISO). */
  failedAt: z.string(),
  attempts: z.number().int(),
  /** The mail server's last answer, shortened; null when none was recorded. */
  lastError: z.string().nullable(),
});
export type FailedMail = z.infer<typeof failedMailSchema>;

export const failedMailListSchema = z.object({
  /** False when the job queue does not run in this process (the list cannot be read). */
  available: z.boolean(),
  items: z.array(failedMailSchema),
});
export type FailedMailList = z.infer<typeof failedMailListSchema>;

/** The most failed mails one list shows (newest first). */
export const FAILED_MAILS_LIST_LIMIT = 200;

export const FAILED_MAIL_NOT_FOUND = 'Diese E-Mail ist nicht (mehr) in der Liste der fehlgeschlagenen E-Mails.';
