/** The mail queue's own decisions, with a fake pg-boss (the real one: mail-jobs.test.ts). */
import type PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../mail/mailer';
import { createMailQueue, MAIL_QUEUE, MAIL_QUEUE_OPTIONS, type MailQueueOptions, type MailSentLog } from './mail-jobs';

const MAIL: MailMessage = { to: 'a@test.example', subject: 'Betreff', text: 'Text', html: '<p>Text</p>' };

function fakeBoss(options: { deleteFails?: boolean } = {}) {
  const calls: string[] = [];
  let handler: ((jobs: PgBoss.JobWithMetadata<MailMessage>[]) => Promise<void>) | undefined;
  const boss = {
    createQueue: (name: string) => {
      calls.push(`createQueue ${name}`);
      return Promise.resolve();
    },
    updateQueue: (name: string) => {
      calls.push(`updateQueue ${name}`);
      return Promise.resolve();
    },
    send: (name: string) => {
      calls.push(`send ${name}`);
      return Promise.resolve('job-1');
    },
    work: (name: string, _options: unknown, work: typeof handler) => {
      calls.push(`work ${name}`);
      handler = work;
      return Promise.resolve('worker-1');
    },
    deleteJob: (name: string, id: string) => {
      calls.push(`deleteJob ${name} ${id}`);
      return options.deleteFails ? Promise.reject(new Error('connection lost')) : Promise.resolve();
    },
    notifyWorker: (id: string) => void calls.push(`notifyWorker ${id}`),
  } as unknown as MailQueueOptions['boss'];
  const run = (retryCount = 0) =>
    handler!([
      { id: 'job-1', name: MAIL_QUEUE, data: MAIL, retryCount, retryLimit: 5 } as PgBoss.JobWithMetadata<MailMessage>,
    ]);
  return { boss, calls, run };
}

function recordingLog() {
  const entries: { level: string; details: object; message: string }[] = [];
  return {
    entries,
    error: (details: object, message: string) => void entries.push({ level: 'error', details, message }),
    warn: (details: object, message: string) => void entries.push({ level: 'warn', details, message }),
  };
}

describe('mail queue (fake pg-boss)', () => {
  it('enqueues and wakes its worker once started; delivers directly (with a warning) while pg-boss is not running', async () => {
    const { boss, calls } = fakeBoss();
    const sent: MailMessage[] = [];
    const log = recordingLog();
    const queue = createMailQueue({ boss, transport: { send: (mail) => Promise.resolve(void sent.push(mail)) }, log });
    await queue.mailer.send(MAIL);
    expect(sent).toEqual([MAIL]);
    expect(log.entries.map((entry) => entry.level)).toEqual(['warn']);
    await queue.start();
    await queue.mailer.send(MAIL);
    expect(sent).toHaveLength(1);
    expect(calls).toEqual([
      `createQueue ${MAIL_QUEUE}`,
      `updateQueue ${MAIL_QUEUE}`,
      `work ${MAIL_QUEUE}`,
      `send ${MAIL_QUEUE}`,
      'notifyWorker worker-1',
    ]);
  });

  it('a delivered mail whose job cannot be deleted is not failed (a retry would send it twice)', async () => {
    const { boss, run } = fakeBoss({ deleteFails: true });
    const log = recordingLog();
    const queue = createMailQueue({ boss, transport: { send: () => Promise.resolve() }, log });
    await queue.start();
    await expect(run()).resolves.toBeUndefined();
    expect(log.entries).toMatchObject([{ level: 'warn', details: { jobId: 'job-1' } }]);
  });

  it('a failed delivery is logged and rethrown for pg-boss; the last attempt says so', async () => {
    const { boss, calls, run } = fakeBoss();
    const log = recordingLog();
    const queue = createMailQueue({ boss, transport: { send: () => Promise.reject(new Error('SMTP 554')) }, log });
    await queue.start();
    await expect(run(0)).rejects.toThrow('SMTP 554');
    await expect(run(5)).rejects.toThrow('SMTP 554');
    expect(log.entries).toMatchObject([
      { level: 'error', details: { to: MAIL.to, attempt: 1, final: false } },
      {
        level: 'error',
        details: { to: MAIL.to, attempt: 6, final: true },
        message: expect.stringContaining('endgültig') as unknown,
      },
    ]);
    expect(calls.some((call) => call.startsWith('deleteJob'))).toBe(false);
  });

  it('a job that comes back after its mail went out is not sent again (sent log by job id)', async () => {
    const { boss, calls, run } = fakeBoss();
    const log = recordingLog();
    const logged = new Set<string>();
    const sentLog: MailSentLog = {
      has: (jobId) => Promise.resolve(logged.has(jobId)),
      record: (jobId) => Promise.resolve(void logged.add(jobId)),
    };
    let sent = 0;
    const queue = createMailQueue({ boss, transport: { send: () => Promise.resolve(void sent++) }, log, sentLog });
    await queue.start();
    await run();
    // pg-boss hands out the same job again (its deletion was lost, a worker expired, a retry).
    await run();
    expect(sent).toBe(1);
    expect(logged).toEqual(new Set(['job-1']));
    expect(calls.filter((call) => call.startsWith('deleteJob'))).toHaveLength(2);
    expect(log.entries).toMatchObject([
      { level: 'warn', message: expect.stringContaining('bereits zugestellt') as unknown },
    ]);
  });

  it('MAIL_HOLD: mails are queued, no worker runs, readiness says degraded', async () => {
    const { boss, calls } = fakeBoss();
    const log = recordingLog();
    let sent = 0;
    const queue = createMailQueue({ boss, transport: { send: () => Promise.resolve(void sent++) }, log, hold: true });
    await queue.start();
    await queue.mailer.send(MAIL);
    expect(sent).toBe(0);
    expect(calls).toEqual([`createQueue ${MAIL_QUEUE}`, `updateQueue ${MAIL_QUEUE}`, `send ${MAIL_QUEUE}`]);
    expect(queue.health()).toBe('degraded');
  });

  it('retries for more than a day (an SMTP outage of hours loses no mail), and keeps the job until the last retry', () => {
    // pg-boss's backoff waits at least retryDelay × 2^k before retry k+1.
    const { retryLimit = 0, retryDelay = 0, retentionHours = 0 } = MAIL_QUEUE_OPTIONS;
    let minimumSeconds = 0;
    for (let k = 0; k < retryLimit; k++) minimumSeconds += retryDelay * 2 ** k;
    expect(minimumSeconds).toBeGreaterThan(24 * 3600);
    expect(retentionHours * 3600).toBeGreaterThan(minimumSeconds * 2);
    expect(retryDelay).toBeLessThanOrEqual(60);
  });
});
