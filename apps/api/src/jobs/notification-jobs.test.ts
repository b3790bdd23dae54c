// @database-sensitive: the job queue in the database
/**
 * The notification events ask pg-boss for an organisation's delayed job once per burst; the
 * database's "short" policy is exercised in boss.test.ts.
 */
import type PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { IMMEDIATE_DELAY_SECONDS } from '../modules/notifications/digest';
import { createQueuedNotificationEvents, QUEUES } from './notification-jobs';

type Send = Pick<PgBoss, 'send'>['send'];

/** A pg-boss stand-in that records each send and answers what the test sets. */
function recordingBoss() {
  const sent: { queue: string; organizationId: string; startAfter: unknown }[] = [];
  let answer: () => Promise<string | null> = () => Promise.resolve(`job-${sent.length}`);
  const send = ((queue: string, data: { organizationId: string }, options: { startAfter?: unknown }) => {
    sent.push({ queue, organizationId: data.organizationId, startAfter: options.startAfter });
    return answer();
  }) as Send;
  return {
    boss: { send },
    sent,
    answerWith: (next: () => Promise<string | null>) => {
      answer = next;
    },
  };
}

describe('createQueuedNotificationEvents', () => {
  it('queues one delayed job per organisation for a burst of events', async () => {
    const { boss, sent } = recordingBoss();
    const events = createQueuedNotificationEvents(boss, { now: () => 1_000 });

    await Promise.all([
      events.applicantMessage('org-1', new Date()),
      events.applicantMessage('org-1', new Date()),
      events.matchingCreated('org-2', new Date()),
    ]);
    await events.matchingCreated('org-1', new Date());

    expect(sent).toEqual([
      { queue: QUEUES.immediate, organizationId: 'org-1', startAfter: IMMEDIATE_DELAY_SECONDS },
      { queue: QUEUES.immediate, organizationId: 'org-2', startAfter: IMMEDIATE_DELAY_SECONDS },
    ]);
  });

  it('asks again before the job it queued can have started', async () => {
    let now = 0;
    const { boss, sent } = recordingBoss();
    const events = createQueuedNotificationEvents(boss, { now: () => now });

    await events.applicantMessage('org-1', new Date());
    now += IMMEDIATE_DELAY_SECONDS * 1000 - 5_001;
    await events.applicantMessage('org-1', new Date());
    expect(sent).toHaveLength(1);

    now += 1;
    await events.applicantMessage('org-1', new Date());
    expect(sent).toHaveLength(2);
  });

  it('asks again when the waiting job was queued elsewhere (pg-boss answers no id)', async () => {
    const { boss, sent, answerWith } = recordingBoss();
    answerWith(() => Promise.resolve(null));
    const events = createQueuedNotificationEvents(boss, { now: () => 1_000 });

    await events.applicantMessage('org-1', new Date());
    await events.applicantMessage('org-1', new Date());

    expect(sent).toHaveLength(2);
  });

  it('hands a failed send to its callers and asks again with the next event', async () => {
    const { boss, sent, answerWith } = recordingBoss();
    answerWith(() => Promise.reject(new Error('Datenbank nicht erreichbar')));
    const events = createQueuedNotificationEvents(boss, { now: () => 1_000 });

    await expect(events.applicantMessage('org-1', new Date())).rejects.toThrow('Datenbank nicht erreichbar');
    answerWith(() => Promise.resolve('job-2'));
    await events.applicantMessage('org-1', new Date());

    expect(sent).toHaveLength(2);
  });
});
