// @database-sensitive: the job queue in the database
/**
 * Failed account mails for administrators (issue 49 item 6, ADR 0119), against real pg-boss
 * tables: a mail that failed for good (in the live table and in pg-boss's archive) is listed
 * without its body, only administrators see it, and "erneut senden" queues it once more as a new
 * job and takes it off the list.
 */
import { API_PATHS, apiPath, failedMailListSchema, type FailedMailList } from '@matchwerk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoss, type Boss } from '../../jobs/boss';
import { createFailedMailStore } from '../../jobs/failed-mails';
import { MAIL_QUEUE, MAIL_QUEUE_OPTIONS } from '../../jobs/mail-jobs';
import type { MailMessage } from '../../mail/mailer';
import { actorHeaders, type ActorName } from '../../testing/actors';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { FailedMailStore } from './index';

let testApp: TestApp;
let boss: Boss | undefined;
let store: FailedMailStore | undefined;
let headers: Record<ActorName, Record<string, string>>;

const mail = (to: string): MailMessage => ({
  to,
  subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
  text: 'Geheimer Link: https://matchwerk.example/#/authaction?mode=verifyEmail&token=SECRET',
  html: '<p>Geheimer Link: https://matchwerk.example/#/authaction?mode=verifyEmail&amp;token=SECRET</p>',
});

/** A mail job that failed after its last attempt (no worker runs: the test fails it itself). */
async function failedMail(to: string, error: string): Promise<string> {
  const id = await boss!.send(MAIL_QUEUE, mail(to), { retryLimit: 0 });
  if (!id) throw new Error('not queued');
  const [fetched] = await boss!.fetch(MAIL_QUEUE, { batchSize: 50 }).then((jobs) => jobs.filter((j) => j.id === id));
  if (!fetched) throw new Error('not fetched');
  await boss!.fail(MAIL_QUEUE, id, new Error(error));
  return id;
}

async function list(as: Record<string, string>) {
  return testApp.app.inject({ method: 'GET', url: API_PATHS.failedMails, headers: as });
}

async function queuedTo(to: string): Promise<number> {
  const result: unknown = await testApp.database.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${MAIL_QUEUE} and state = 'created' and data->>'to' = ${to}`,
  );
  return (result as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

beforeAll(async () => {
  testApp = await createTestApp({
    // Filled once pg-boss runs on the test's database (appMailer below).
    failedMails: {
      available: () => store !== undefined,
      list: (limit) => store!.list(limit),
      resend: (id) => store!.resend(id),
    },
    async appMailer({ capture, database, databaseUrl }) {
      boss = createBoss({ database, databaseUrl });
      await boss.start();
      await boss.createQueue(MAIL_QUEUE, MAIL_QUEUE_OPTIONS);
      store = createFailedMailStore(boss, database.db);
      return capture;
    },
  });
  headers = await actorHeaders(testApp);
}, 120_000);

afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true, timeout: 5_000 });
  await testApp?.close();
});

describe('failed account mails', () => {
  it('lists failed mails (live and archived) newest first, without their body, for administrators only', async () => {
    const live = await failedMail('lebendig@example.org', 'SMTP 550 mailbox unavailable');
    const archived = await failedMail('archiv@example.org', 'SMTP 421 service not available');
    // As pg-boss's maintenance does after 12 h: the failed job moves to the archive.
    await testApp.database.db
      .execute(sql`with moved as (delete from pgboss.job where id = ${archived}::uuid returning *)
      insert into pgboss.archive (id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff,
        start_after, started_on, singleton_key, singleton_on, expire_in, created_on, completed_on, keep_until,
        dead_letter, policy, output)
      select id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff, start_after,
        started_on, singleton_key, singleton_on, expire_in, created_on, completed_on + interval '1 second', keep_until,
        dead_letter, policy, output from moved`);

    const answer = await list(headers.admin);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const body: FailedMailList = failedMailListSchema.parse(answer.json());
    expect(body.available).toBe(true);
    expect(body.items.map((item) => item.id)).toEqual([archived, live]);
    expect(body.items[1]).toMatchObject({
      to: 'lebendig@example.org',
      subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
      attempts: 1,
      lastError: 'SMTP 550 mailbox unavailable',
    });
    expect(answer.body).not.toContain('SECRET');

    for (const actor of ['partnerInRegion', 'organisationOwn', 'statistics'] as const) {
      expect((await list(headers[actor])).statusCode).toBe(403);
    }
  });

  it('sends a failed mail again as a new job, once, and takes it off the list', async () => {
    const admin = headers.admin;
    const id = await failedMail('nochmal@example.org', 'SMTP 451 try later');
    const resend = () =>
      testApp.app.inject({ method: 'POST', url: apiPath(API_PATHS.failedMailResend, { id }), headers: admin });

    expect((await resend()).statusCode).toBe(204);
    expect(await queuedTo('nochmal@example.org')).toBe(1);
    const after = failedMailListSchema.parse((await list(admin)).json());
    expect(after.items.map((item) => item.id)).not.toContain(id);

    const again = await resend();
    expect(again.statusCode).toBe(404);
    expect(again.json<{ message: string }>().message).toContain('nicht (mehr)');
    expect(await queuedTo('nochmal@example.org')).toBe(1);

    const partner = await testApp.app.inject({
      method: 'POST',
      url: apiPath(API_PATHS.failedMailResend, { id: await failedMail('partner@example.org', 'x') }),
      headers: headers.partnerInRegion,
    });
    expect(partner.statusCode).toBe(403);
    expect(await queuedTo('partner@example.org')).toBe(0);
  });
});
