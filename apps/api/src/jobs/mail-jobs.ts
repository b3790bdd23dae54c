/**
 * Account mails (confirmation, reset, "already registered", e-mail change and recovery) leave
 * the request through the pg-boss queue `mail`: the request only inserts a job, so it answers
 * in the same time whether or not the address has an account and whether or not the mail
 * server is slow. A worker delivers through the real transport (SMTP, or the outbox in demo
 * mode) with retries.
 *
 * The job data holds the whole mail, links included: a delivered mail's job is deleted at
 * once; a mail that still fails after every retry stays as a failed job (visible to
 * operators) until pg-boss's normal clean-up, and each failure is logged.
 *
 * Issue 49 (ADR 0106): a delivered mail is written to the sent log under its job id before its
 * job is deleted, so a job that comes back (a retry after a lost acknowledgement, a worker that
 * expired, pg-boss handing it out again) is recognised and not sent twice. Retries run for about
 * a day and a half (a long SMTP outage loses no account mail). With `hold` (MAIL_HOLD=1) the
 * worker does not run at all: mails stay queued — a restored copy started for verification
 * cannot mail real users.
 */
import { eq, lt, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { mailSentLog } from '../db/schema/operations';
import type { Mailer, MailMessage } from '../mail/mailer';

export const MAIL_QUEUE = 'mail';

/**
 * 13 attempts: the retries wait 30–60 s, 1–2 min, 2–4 min, … doubling (pg-boss's backoff with
 * jitter), 34 to 68 hours in all, so an SMTP outage of a day loses no mail; the first five retries
 * fall within a quarter of an hour.
 */
export const MAIL_QUEUE_OPTIONS: PgBoss.Queue = {
  name: MAIL_QUEUE,
  policy: 'standard',
  retryLimit: 12,
  retryDelay: 30,
  retryBackoff: true,
  // A worker that hangs on one mail gives it back after two minutes.
  expireInSeconds: 120,
  // Longer than every retry together: a queued mail is never dropped before its last attempt.
  retentionHours: 96,
};

/** Which mails went out already (mail_sent_log, keyed by the job id). */
export interface MailSentLog {
  has(jobId: string): Promise<boolean>;
  record(jobId: string, message: MailMessage): Promise<void>;
}

export interface MailJobLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface MailQueueOptions {
  boss: Pick<PgBoss, 'createQueue' | 'updateQueue' | 'send' | 'work' | 'deleteJob' | 'notifyWorker'>;
  /** Real delivery: SMTP, or the demo outbox. */
  transport: Mailer;
  log: MailJobLog;
  /** Seconds between polls for mails queued by other instances (own mails wake the worker at once). */
  pollingIntervalSeconds?: number;
  /** Delivered mails by job id: a job that comes back is not sent again. */
  sentLog?: MailSentLog;
  /** MAIL_HOLD=1: queue only, never deliver (a restored copy, a verification start). */
  hold?: boolean;
}

export interface MailQueue {
  /** What request paths use: `send` only enqueues. Before `start` succeeded it delivers directly. */
  mailer: Mailer;
  /** Creates the queue and starts this process's worker (not when holding). */
  start(): Promise<void>;
  /** 'degraded' while the last delivery failed (SMTP down) or mail is held; for GET /rest/ready. */
  health(): 'ok' | 'degraded';
}

export function createMailQueue(options: MailQueueOptions): MailQueue {
  const { boss, transport, log } = options;
  let workerId: string | undefined;
  let started = false;
  let lastDeliveryFailed = false;
  const { sentLog } = options;

  async function deleteDelivered(jobId: string) {
    try {
      await boss.deleteJob(MAIL_QUEUE, jobId);
    } catch (error) {
      log.warn({ err: error, jobId }, 'Zugestellte E-Mail konnte nicht aus der Warteschlange gelöscht werden');
    }
  }

  async function deliver(jobs: PgBoss.JobWithMetadata<MailMessage>[]): Promise<void> {
    for (const job of jobs) {
      if (sentLog && (await sentLog.has(job.id))) {
        log.warn({ jobId: job.id, to: job.data.to }, 'E-Mail wurde bereits zugestellt; nicht erneut gesendet');
        await deleteDelivered(job.id);
        continue;
      }
      try {
        await transport.send(job.data);
        lastDeliveryFailed = false;
      } catch (error) {
        lastDeliveryFailed = true;
        const final = job.retryCount >= job.retryLimit;
        log.error(
          { err: error, jobId: job.id, to: job.data.to, subject: job.data.subject, attempt: job.retryCount + 1, final },
          final
            ? 'E-Mail endgültig nicht zugestellt (alle Versuche fehlgeschlagen)'
            : 'E-Mail-Zustellung fehlgeschlagen; pg-boss versucht es erneut',
        );
        // Rethrown so pg-boss schedules the retry (or marks the job failed after the last one).
        throw error;
      }
      // Delivered: logged under the job id first (the job may come back), then the job's copy of
      // the mail (with its links) is not kept. A failure here must not fail the job (a retry
      // would send the mail twice); pg-boss then archives it as usual.
      try {
        await sentLog?.record(job.id, job.data);
      } catch (error) {
        log.warn({ err: error, jobId: job.id }, 'Zugestellte E-Mail konnte nicht im Versandprotokoll vermerkt werden');
      }
      await deleteDelivered(job.id);
    }
  }

  const mailer: Mailer = {
    async send(message) {
      if (!started) {
        // pg-boss did not start (logged by the server): better a mail sent inline than none.
        log.warn(
          { to: message.to, subject: message.subject },
          'Mail-Warteschlange läuft nicht; E-Mail wird direkt gesendet',
        );
        await transport.send(message);
        return;
      }
      const id = await boss.send(MAIL_QUEUE, message);
      if (!id) throw new Error('pg-boss did not accept the mail job');
      if (workerId) boss.notifyWorker(workerId);
    },
  };

  return {
    mailer,
    async start() {
      await boss.createQueue(MAIL_QUEUE, MAIL_QUEUE_OPTIONS);
      // An existing queue keeps the options it was created with: bring them up to these.
      await boss.updateQueue(MAIL_QUEUE, MAIL_QUEUE_OPTIONS);
      started = true;
      if (options.hold) {
        log.warn({}, 'MAIL_HOLD: E-Mails werden nur eingereiht, nicht gesendet');
        return;
      }
      workerId = await boss.work<MailMessage>(
        MAIL_QUEUE,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
        deliver,
      );
    },
    health: () => (options.hold || lastDeliveryFailed ? 'degraded' : 'ok'),
  };
}

/** The sent log in this database (table mail_sent_log); rows older than 30 days are removed at start. */
export function createMailSentLog(db: Database): MailSentLog & { prune(): Promise<void> } {
  return {
    async has(jobId) {
      const rows = await db.select({ jobId: mailSentLog.jobId }).from(mailSentLog).where(eq(mailSentLog.jobId, jobId));
      return rows.length > 0;
    },
    async record(jobId, message) {
      await db
        .insert(mailSentLog)
        .values({ jobId, recipient: message.to, subject: message.subject })
        .onConflictDoNothing();
    },
    async prune() {
      await db.delete(mailSentLog).where(lt(mailSentLog.sentAt, sql`now() - interval '30 days'`));
    },
  };
}
