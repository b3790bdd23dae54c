/**
 * Account mails through the pg-boss `mail` queue, on PGlite (and PostgreSQL with
 * TEST_DATABASE_URL): the worker delivers and forgets delivered jobs, failures are logged and
 * retried, and — the reason for the queue — public account endpoints answer known and unknown
 * addresses in the same time even when the mail server is slow.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../mail/mailer';
import { UNVERIFIED_EMAIL } from '../testing/actors';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app';
import { createBoss, type Boss } from './boss';
import { createMailQueue, MAIL_QUEUE } from './mail-jobs';

/** A deliberately slow mail server: inline sending would show in every known-address answer. */
const TRANSPORT_DELAY_MS = 300;
const CALLS = 20;

interface LogEntry {
  details: object;
  message: string;
}

let testApp: TestApp;
let boss: Boss;
const errors: LogEntry[] = [];
const log = {
  error: (details: object, message: string) => void errors.push({ details, message }),
  warn: () => undefined,
};
/** Set by a test to make the transport fail once for one address. */
let failOnceFor: string | undefined;

beforeAll(async () => {
  testApp = await createTestApp({
    // High limits: 40 calls per endpoint from one address.
    rateLimits: { maxPerIp: 10_000, defaultMaxPerIp: 10_000, maxPerAccount: 10_000 },
    async appMailer({ capture, database, databaseUrl }) {
      const transport: Mailer = {
        async send(message) {
          await sleep(TRANSPORT_DELAY_MS);
          if (failOnceFor && message.to === failOnceFor) {
            failOnceFor = undefined;
            throw new Error('SMTP 451 temporary failure');
          }
          await capture.send(message);
        },
      };
      boss = createBoss({ database, databaseUrl });
      await boss.start();
      const queue = createMailQueue({ boss, transport, log });
      await queue.start();
      return queue.mailer;
    },
  });
}, 120_000);

afterAll(async () => {
  // Graceful: the mail being delivered finishes before the database closes.
  await boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
  await testApp?.close();
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function timed(send: () => Promise<{ statusCode: number }>): Promise<number> {
  const started = performance.now();
  const response = await send();
  const elapsed = performance.now() - started;
  expect(response.statusCode).toBe(200);
  return elapsed;
}

/** Known and unknown calls alternate, so load from the worker or other test files hits both alike. */
async function compare(known: (i: number) => Promise<{ statusCode: number }>, unknown: (i: number) => Promise<{ statusCode: number }>) {
  const knownTimes: number[] = [];
  const unknownTimes: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    knownTimes.push(await timed(() => known(i)));
    unknownTimes.push(await timed(() => unknown(i)));
  }
  const [a, b] = [median(knownTimes), median(unknownTimes)];
  return { known: a, unknown: b, ratio: Math.max(a, b) / Math.min(a, b) };
}

const post = (url: string, payload: object) => testApp.app.inject({ method: 'POST', url, headers: { origin: TEST_ORIGIN }, payload });
const unknownAddress = (prefix: string, i: number) => `${prefix}-${i}-${Math.random().toString(36).slice(2)}@unbekannt.example`;

async function mailTo(email: string, subject: RegExp): Promise<MailMessage> {
  await expect.poll(() => testApp.mailer.sent.find((mail) => mail.to === email && subject.test(mail.subject)), { timeout: 60_000, interval: 100 }).toBeDefined();
  return testApp.mailer.sent.find((mail) => mail.to === email && subject.test(mail.subject))!;
}

/** States of the mail jobs pg-boss still holds (delivered ones are deleted). */
async function mailJobStates(): Promise<string[]> {
  // The handle's result type is driver-generic; both drivers answer with `rows`.
  const result = (await testApp.database.db.execute(sql`select state from pgboss.job where name = ${MAIL_QUEUE}`)) as { rows: { state: string }[] };
  return result.rows.map((row) => row.state);
}

describe('mail queue', () => {
  it('delivers a queued mail through the transport and does not keep the delivered job', async () => {
    const email = 'admin@matchwerk.example';
    await post('/rest/auth/request-password-reset', { email });
    const mail = await mailTo(email, /Passwort zurücksetzen/);
    expect(mail.text).toContain('/#/authaction?mode=resetPassword&token=');
    await expect.poll(mailJobStates, { timeout: 30_000, interval: 100 }).toEqual([]);
  });

  it('logs a failed delivery and leaves the job to pg-boss for a retry', async () => {
    failOnceFor = UNVERIFIED_EMAIL;
    await post('/rest/organization/resend-signup-confirmation', { email: UNVERIFIED_EMAIL });
    await expect.poll(() => errors.length, { timeout: 30_000, interval: 100 }).toBeGreaterThan(0);
    expect(errors[0]?.message).toContain('pg-boss versucht es erneut');
    expect(errors[0]?.details).toMatchObject({ to: UNVERIFIED_EMAIL, subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse', attempt: 1, final: false });
    await expect.poll(mailJobStates, { timeout: 30_000, interval: 100 }).toEqual(['retry']);
    expect(testApp.mailer.lastTo(UNVERIFIED_EMAIL)).toBeUndefined();
  });
});

describe(`answer times with a ${TRANSPORT_DELAY_MS} ms mail server: median of ${CALLS} calls, known vs unknown address`, () => {
  it('POST /rest/auth/request-password-reset', async () => {
    const result = await compare(
      () => post('/rest/auth/request-password-reset', { email: 'firma@matchwerk.example' }),
      (i) => post('/rest/auth/request-password-reset', { email: unknownAddress('reset', i) }),
    );
    expect(result.ratio, JSON.stringify(result)).toBeLessThan(2);
  });

  it('POST /rest/organization/resend-signup-confirmation', async () => {
    const result = await compare(
      () => post('/rest/organization/resend-signup-confirmation', { email: UNVERIFIED_EMAIL }),
      (i) => post('/rest/organization/resend-signup-confirmation', { email: unknownAddress('resend', i) }),
    );
    expect(result.ratio, JSON.stringify(result)).toBeLessThan(2);
  });

  it('POST /rest/organization/signup', async () => {
    const body = (email: string) => ({
      companyName: 'Zeitgleich GmbH',
      userName: 'Tara Takt',
      email,
      password: 'Gleich-schnell-fuer-alle-42',
      region: 'HORB',
      termsAndConditionsChecked: true,
    });
    const result = await compare(
      () => post('/rest/organization/signup', body('firma@matchwerk.example')),
      (i) => post('/rest/organization/signup', body(unknownAddress('signup', i))),
    );
    expect(result.ratio, JSON.stringify(result)).toBeLessThan(2);
    // The known address's owner was told by mail (through the queue), not the caller.
    expect((await mailTo('firma@matchwerk.example', /bereits ein Matchwerk-Konto/)).subject).toBe('Sie haben bereits ein Matchwerk-Konto');
  }, 120_000);

  it('POST /rest/applicant/signup', async () => {
    const body = (email: string) => ({
      email,
      password: 'Gleich-schnell-fuer-alle-42',
      names: ['Mia'],
      familyNames: ['Keller'],
      region: 'HORB',
      termsAndConditionsChecked: true,
    });
    const result = await compare(
      () => post('/rest/applicant/signup', body('bewerberin@matchwerk.example')),
      (i) => post('/rest/applicant/signup', body(unknownAddress('applicant', i))),
    );
    expect(result.ratio, JSON.stringify(result)).toBeLessThan(2);
  }, 120_000);
});
