/**
 * Candidate notifications on pg-boss (issue 46 item 2, ADR 0099):
 * - `candidate-notify`: a notice from a domain event → pushes or a fallback-mail item;
 * - `candidate-push`: one push to one device, retried with backoff on 5xx/429/network errors
 *   (each job of a batch fails or completes on its own); held pushes start after quiet hours;
 * - `candidate-mail` (policy "short": one waiting job per candidate): the batched fallback mail.
 */
import type PgBoss from 'pg-boss';
import {
  type CandidateNotice,
  type CandidateNotificationQueue,
  type CandidateNotifier,
  type NoticeSchedule,
  type PushJob,
} from '../modules/push';

export const CANDIDATE_QUEUES = {
  notify: 'candidate-notify',
  push: 'candidate-push',
  mail: 'candidate-mail',
} as const;

/** Pushes are retried soon: a message an hour late is of little use (then the TTL ends it anyway). */
export const PUSH_RETRY = { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 } as const;

interface MailJob {
  userId: string;
}

type Sender = Pick<PgBoss, 'send' | 'insert' | 'notifyWorker'>;

/**
 * This process's workers per queue. pg-boss polls; a job queued here wakes the local workers at
 * once (the fan-out does not wait a polling interval per step), and a worker whose batch was full
 * fetches again without waiting. Jobs queued by another instance are found by polling.
 */
const localWorkers = new WeakMap<object, Map<string, string[]>>();

function wake(boss: Pick<PgBoss, 'notifyWorker'>, queue: string): void {
  for (const id of localWorkers.get(boss)?.get(queue) ?? []) boss.notifyWorker(id);
}

function remember(boss: PgBoss, queue: string, id: string): void {
  const queues = localWorkers.get(boss) ?? new Map<string, string[]>();
  queues.set(queue, [...(queues.get(queue) ?? []), id]);
  localWorkers.set(boss, queues);
}

/** What the domain-event subscriber calls: one notify job per notice. */
export function createQueuedCandidateNotifications(boss: Sender): CandidateNotificationQueue {
  return {
    async notify(notices) {
      if (notices.length === 1) await boss.send(CANDIDATE_QUEUES.notify, notices[0]!);
      else if (notices.length > 1)
        await boss.insert(notices.map((notice) => ({ name: CANDIDATE_QUEUES.notify, data: notice })));
      if (notices.length > 0) wake(boss, CANDIDATE_QUEUES.notify);
    },
  };
}

/** Where the notifier puts pushes and mails: pg-boss jobs. */
export function createBossNoticeSchedule(boss: Sender): NoticeSchedule {
  return {
    async push(jobs, startAfter) {
      if (jobs.length === 0) return;
      await boss.insert(
        jobs.map((data) => ({
          name: CANDIDATE_QUEUES.push,
          data,
          retryLimit: PUSH_RETRY.retryLimit,
          retryDelay: PUSH_RETRY.retryDelay,
          retryBackoff: PUSH_RETRY.retryBackoff,
          expireInSeconds: PUSH_RETRY.expireInSeconds,
          ...(startAfter ? { startAfter: startAfter.toISOString() } : {}),
        })),
      );
      if (!startAfter) wake(boss, CANDIDATE_QUEUES.push);
    },
    async mail(userId, startAfter) {
      await boss.send(CANDIDATE_QUEUES.mail, { userId } satisfies MailJob, {
        singletonKey: userId,
        startAfter,
      });
    },
  };
}

export interface CandidatePushJobOptions {
  /** Jobs fetched per poll and worker; a batch runs side by side. */
  batchSize?: number;
  /** Workers per queue (notify and push) in this process. */
  workers?: number;
  pollingIntervalSeconds?: number;
}

/** Creates the queues and workers. */
export async function startCandidatePushJobs(
  boss: PgBoss,
  notifier: CandidateNotifier,
  options: CandidatePushJobOptions = {},
): Promise<void> {
  const polling = options.pollingIntervalSeconds ?? 2;
  await boss.createQueue(CANDIDATE_QUEUES.notify, { name: CANDIDATE_QUEUES.notify, retryLimit: 3, retryDelay: 30 });
  await boss.createQueue(CANDIDATE_QUEUES.push, { name: CANDIDATE_QUEUES.push, ...PUSH_RETRY });
  await boss.createQueue(CANDIDATE_QUEUES.mail, {
    name: CANDIDATE_QUEUES.mail,
    policy: 'short',
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
  });
  const batchSize = options.batchSize ?? 100;
  const schedule = createBossNoticeSchedule(boss);
  for (let worker = 0; worker < (options.workers ?? 2); worker++) {
    await startBatchWorker<CandidateNotice>(boss, CANDIDATE_QUEUES.notify, { batchSize, polling }, async (jobs) => {
      // One insert for the pushes of the whole batch (a commit per notice would bound the fan-out).
      const collected = collectPushes(schedule);
      await notifier.dispatchMany(
        jobs.map((job) => job.data),
        collected,
      );
      await collected.flush();
    });
    await startBatchWorker<PushJob>(boss, CANDIDATE_QUEUES.push, { batchSize, polling }, async (jobs) => {
      const results = await notifier.deliverMany(jobs.map((job) => job.data));
      await failRejected(boss, CANDIDATE_QUEUES.push, jobs, results);
    });
  }
  await boss.work<MailJob>(CANDIDATE_QUEUES.mail, { pollingIntervalSeconds: polling }, async ([job]) => {
    if (job) await notifier.sendMail(job.data.userId);
  });
}

/**
 * A worker that runs each batch side by side; a job that throws is failed alone (pg-boss retries
 * it), the rest complete; after a full batch it fetches again at once.
 */
async function startBatchWorker<T extends object>(
  boss: PgBoss,
  queue: string,
  options: { batchSize: number; polling: number },
  runBatch: (jobs: PgBoss.Job<T>[]) => Promise<void>,
): Promise<void> {
  let id = '';
  id = await boss.work<T>(
    queue,
    { batchSize: options.batchSize, pollingIntervalSeconds: options.polling },
    async (jobs) => {
      if (jobs.length === options.batchSize && id) boss.notifyWorker(id);
      await runBatch(jobs);
    },
  );
  remember(boss, queue, id);
}

/** A schedule that keeps a batch's pushes (per start) and hands them to `target` in one go; mails pass through. */
function collectPushes(target: NoticeSchedule): NoticeSchedule & { flush(): Promise<void> } {
  const held = new Map<number, { startAfter: Date | null; jobs: PushJob[] }>();
  return {
    push(jobs, startAfter) {
      const key = startAfter?.getTime() ?? 0;
      const entry = held.get(key) ?? { startAfter, jobs: [] };
      entry.jobs.push(...jobs);
      held.set(key, entry);
      return Promise.resolve();
    },
    mail: (userId, startAfter) => target.mail(userId, startAfter),
    async flush() {
      for (const { startAfter, jobs } of held.values()) await target.push(jobs, startAfter);
      held.clear();
    },
  };
}

/** Fails each job whose result was rejected (pg-boss retries it with backoff); the rest complete with the batch. */
async function failRejected<T>(
  boss: Pick<PgBoss, 'fail'>,
  queue: string,
  jobs: PgBoss.Job<T>[],
  results: PromiseSettledResult<unknown>[],
): Promise<void> {
  for (const [index, result] of results.entries()) {
    if (result.status !== 'rejected') continue;
    const error: unknown = result.reason;
    await boss.fail(queue, jobs[index]!.id, { message: error instanceof Error ? error.message : String(error) });
  }
}
