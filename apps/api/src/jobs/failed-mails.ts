/**
 * The failed account mails of the pg-boss `mail` queue for the administrators' list (issue 49
 * item 6, ADR 0119). A mail fails for good after its last retry (mail-jobs.ts: 34–68 h); pg-boss
 * then keeps the job as `failed`, moves it to its archive after 12 h and deletes it after
 * `deleteAfterDays` — so the list reads both tables.
 *
 * "Erneut senden" queues the same mail as a new job (new id: the sent log does not know it, the
 * usual retries apply) and then removes the failed one, so the list shows each mail once. The
 * body (with its links) is read only to queue it again; the list never returns it.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FailedMail } from '@matchwerk/shared';
import type { Database } from '../db/client';
import type { MailMessage } from '../mail/mailer';
import type { FailedMailStore } from '../modules/mail-admin';
import type { Boss } from './boss';
import { MAIL_QUEUE } from './mail-jobs';

const ERROR_MAX_LENGTH = 300;

interface FailedRow {
  id: string;
  recipient: string | null;
  subject: string | null;
  failed_at: Date | string | null;
  attempts: number | string;
  error: string | null;
}

async function rows<Row>(db: Pick<Database, 'execute'>, query: SQL): Promise<Row[]> {
  // Both drivers (node-postgres, PGlite) answer raw SQL with `{ rows }`; the shared handle type cannot say so.
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

/** Failed mail jobs in the live table and the archive (the same columns). */
const FAILED = sql`(
  select id, data, output, completed_on, retry_count from pgboss.job where name = ${MAIL_QUEUE} and state = 'failed'
  union all
  select id, data, output, completed_on, retry_count from pgboss.archive where name = ${MAIL_QUEUE} and state = 'failed'
) f`;

function shorten(text: string | null): string | null {
  if (!text) return null;
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > ERROR_MAX_LENGTH ? `${oneLine.slice(0, ERROR_MAX_LENGTH - 1)}…` : oneLine;
}

function toFailedMail(row: FailedRow): FailedMail {
  const failedAt = row.failed_at instanceof Date ? row.failed_at : new Date(row.failed_at ?? 0);
  return {
    id: row.id,
    to: row.recipient ?? '',
    subject: row.subject ?? '',
    failedAt: failedAt.toISOString(),
    attempts: Number(row.attempts),
    lastError: shorten(row.error),
  };
}

/** `running`: whether pg-boss started in this process (before, its tables may not exist). */
export function createFailedMailStore(
  boss: Pick<Boss, 'send'>,
  db: Database,
  running: () => boolean = () => true,
): FailedMailStore {
  return {
    available: running,
    async list(limit) {
      const found = await rows<FailedRow>(
        db,
        sql`select f.id::text as id, f.data->>'to' as recipient, f.data->>'subject' as subject,
              f.completed_on as failed_at, f.retry_count + 1 as attempts,
              coalesce(f.output->>'message', f.output::text) as error
            from ${FAILED}
            order by f.completed_on desc nulls last
            limit ${limit}`,
      );
      return found.map(toFailedMail);
    },

    async resend(id) {
      const [found] = await rows<{ data: MailMessage }>(
        db,
        sql`select f.data from ${FAILED} where f.id = ${id}::uuid limit 1`,
      );
      if (!found) return false;
      const newId = await boss.send(MAIL_QUEUE, found.data);
      if (!newId) throw new Error('pg-boss did not accept the mail job');
      // Queued again: the failed copy goes, so the list and a second click cannot send it twice.
      await db.execute(
        sql`delete from pgboss.job where name = ${MAIL_QUEUE} and id = ${id}::uuid and state = 'failed'`,
      );
      await db.execute(
        sql`delete from pgboss.archive where name = ${MAIL_QUEUE} and id = ${id}::uuid and state = 'failed'`,
      );
      return true;
    },
  };
}
