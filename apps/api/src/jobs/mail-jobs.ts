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
 */
import type PgBoss from 'pg-boss';
import type { Mailer, MailMessage } from '../mail/mailer';

export const MAIL_QUEUE = 'mail';

/** 6 attempts over about a quarter of an hour (30 s, 60 s, 120 s, … with backoff). */
export const MAIL_QUEUE_OPTIONS: PgBoss.Queue = {
  name: MAIL_QUEUE,
  policy: 'standard',
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  // A worker that hangs on one mail gives it back after two minutes.
  expireInSeconds: 120,
  // A mail nobody delivered within a day is dropped: its links have expired by then.
  retentionHours: 24,
};

export interface MailJobLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface MailQueueOptions {
  boss: Pick<PgBoss, 'createQueue' | 'send' | 'work' | 'deleteJob' | 'notifyWorker'>;
  /** Real delivery: SMTP, or the demo outbox. */
  transport: Mailer;
  log: MailJobLog;
  /** Seconds between polls for mails queued by other instances (own mails wake the worker at once). */
  pollingIntervalSeconds?: number;
}

export interface MailQueue {
  /** What request paths use: `send` only enqueues. Before `start` succeeded it delivers directly. */
  mailer: Mailer;
  /** Creates the queue and starts this process's worker. */
  start(): Promise<void>;
}

export function createMailQueue(options: MailQueueOptions): MailQueue {
  const { boss, transport, log } = options;
  let workerId: string | undefined;

  async function deliver(jobs: PgBoss.JobWithMetadata<MailMessage>[]): Promise<void> {
    for (const job of jobs) {
      try {
        await transport.send(job.data);
      } catch (error) {
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
      // Delivered: the job's copy of the mail (with its links) is not kept. A failure here must
      // not fail the job (a retry would send the mail twice); pg-boss then archives it as usual.
      try {
        await boss.deleteJob(MAIL_QUEUE, job.id);
      } catch (error) {
        log.warn(
          { err: error, jobId: job.id },
          'Zugestellte E-Mail konnte nicht aus der Warteschlange gelöscht werden',
        );
      }
    }
  }

  const mailer: Mailer = {
    async send(message) {
      if (!workerId) {
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
      boss.notifyWorker(workerId);
    },
  };

  return {
    mailer,
    async start() {
      await boss.createQueue(MAIL_QUEUE, MAIL_QUEUE_OPTIONS);
      workerId = await boss.work<MailMessage>(
        MAIL_QUEUE,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
        deliver,
      );
    },
  };
}
