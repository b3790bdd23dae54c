// @database-sensitive: the job queue and date arithmetic in SQL
/**
 * The retention job's wiring on pg-boss (PGlite; the run itself: retention.service.test.ts): a
 * singleton queue (one run at a time across processes), the 03:30 Berlin cron (pg-boss fires a
 * cron tick once across all instances) and a worker that calls the run.
 */
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import type { RetentionService } from '../modules/data-protection/retention.service';
import { createBoss, type Boss } from './boss';
import { RETENTION_QUEUE, startRetentionJobs } from './retention-jobs';

let boss: Boss | undefined;
let close: (() => Promise<void>) | undefined;
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await close?.();
});

it(
  'creates a singleton queue with a daily Berlin schedule and runs the retention on a job',
  { timeout: 90_000 },
  async () => {
    const handle = await openDatabase({ kind: 'pglite' });
    close = () => handle.close();
    boss = createBoss({ database: handle });
    await boss.start();
    let ran!: () => void;
    const runCalled = new Promise<void>((resolve) => {
      ran = resolve;
    });
    const service = {
      run: () => {
        ran();
        return Promise.resolve({
          noticedMatchings: 0,
          noticedChats: 0,
          noticedOrganizations: 0,
          failedMails: 0,
          noticedCandidates: 0,
          failedCandidateMails: 0,
          deletedMatchings: 0,
          deletedChats: 0,
          deletedCandidates: 0,
          deletedPhotos: 0,
        });
      },
    } as unknown as RetentionService; // only `run` is used by the worker
    await startRetentionJobs(boss, service);

    const queue = await boss.getQueue(RETENTION_QUEUE);
    expect(queue?.policy).toBe('singleton');
    const schedules = await boss.getSchedules();
    expect(schedules.find((schedule) => schedule.name === RETENTION_QUEUE)).toMatchObject({
      cron: '30 3 * * *',
      options: { tz: 'Europe/Berlin' },
    });

    await boss.send(RETENTION_QUEUE, {});
    await runCalled;
  },
);
