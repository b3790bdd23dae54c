// @database-sensitive: the job queue in the database
/**
 * Account mails through the pg-boss `mail` queue, on PGlite (and PostgreSQL with
 * TEST_DATABASE_URL): the worker delivers and forgets delivered jobs, failures are logged and
 * retried, and — the reason for the queue — public account endpoints answer a known address
 * (which gets a mail) while the mail server still holds that mail, with the same answer as for
 * an unknown address: nobody can tell the two apart by waiting for the mail server.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Mailer, MailMessage } from '../mail/mailer';
import { UNVERIFIED_EMAIL } from '../testing/actors';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app';
import { createBoss, type Boss } from './boss';
import { createMailQueue, MAIL_QUEUE } from './mail-jobs';

/**
 * A mail server the test can stop: while the gate is closed it holds every mail. An endpoint
 * that sent inline would not answer until the gate opens (and the test would time out).
 */
const gate = {
  closed: null as Promise<void> | null,
  open: () => undefined as void,
  held: [] as MailMessage[],
  close() {
    this.closed = new Promise<void>((resolve) => {
      this.open = () => {
        this.closed = null;
        resolve();
      };
    });
  },
};

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
          if (gate.closed) {
            gate.held.push(message);
            await gate.closed;
          }
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

const post = (url: string, payload: object) =>
  testApp.app.inject({ method: 'POST', url, headers: { origin: TEST_ORIGIN }, payload });
const unknownAddress = (prefix: string, i: number) =>
  `${prefix}-${i}-${Math.random().toString(36).slice(2)}@unbekannt.example`;

async function mailTo(email: string, subject: RegExp): Promise<MailMessage> {
  await expect
    .poll(() => testApp.mailer.sent.find((mail) => mail.to === email && subject.test(mail.subject)), {
      timeout: 60_000,
      interval: 100,
    })
    .toBeDefined();
  return testApp.mailer.sent.find((mail) => mail.to === email && subject.test(mail.subject))!;
}

/** States of the mail jobs pg-boss still holds (delivered ones are deleted). */
async function mailJobStates(): Promise<string[]> {
  // The handle's result type is driver-generic; both drivers answer with `rows`.
  const result = (await testApp.database.db.execute(sql`select state from pgboss.job where name = ${MAIL_QUEUE}`)) as {
    rows: { state: string }[];
  };
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
    expect(errors[0]?.details).toMatchObject({
      to: UNVERIFIED_EMAIL,
      subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
      attempt: 1,
      final: false,
    });
    await expect.poll(mailJobStates, { timeout: 30_000, interval: 100 }).toEqual(['retry']);
    expect(testApp.mailer.lastTo(UNVERIFIED_EMAIL)).toBeUndefined();
  });
});

type Answer = { statusCode: number; body: string };

/**
 * With the mail server holding mail: the known address is answered exactly like an unknown one
 * while the mail one of the two calls sends (to `mailedEmail`) is still held — the answer did not
 * wait for delivery; the mail arrives once the server lets it go.
 */
async function answersBeforeDelivery(
  known: () => Promise<Answer>,
  unknown: () => Promise<Answer>,
  mailed?: { email: string; subject: RegExp },
) {
  gate.close();
  const deliveredBefore = testApp.mailer.sent.length;
  try {
    const knownAnswer = await known();
    const unknownAnswer = await unknown();
    expect(knownAnswer.statusCode).toBe(200);
    expect(unknownAnswer.statusCode).toBe(200);
    expect(knownAnswer.body).toBe(unknownAnswer.body);
    if (mailed)
      await vi.waitFor(() => expect(gate.held.map((mail) => mail.to)).toContain(mailed.email), {
        timeout: 30_000,
        interval: 50,
      });
    expect(testApp.mailer.sent).toHaveLength(deliveredBefore);
  } finally {
    gate.open();
  }
  if (mailed) {
    const delivered = await mailTo(mailed.email, mailed.subject);
    expect(gate.held.some((mail) => mail.to === mailed.email && mail.subject === delivered.subject)).toBe(true);
  }
  gate.held.length = 0;
}

describe('public account endpoints answer before the mail server delivers, the same for known and unknown addresses', () => {
  it('POST /rest/auth/request-password-reset', async () => {
    await answersBeforeDelivery(
      () => post('/rest/auth/request-password-reset', { email: 'firma@matchwerk.example' }),
      () => post('/rest/auth/request-password-reset', { email: unknownAddress('reset', 0) }),
      { email: 'firma@matchwerk.example', subject: /Passwort zurücksetzen/ },
    );
  });

  it('POST /rest/organization/resend-signup-confirmation', async () => {
    await answersBeforeDelivery(
      () => post('/rest/organization/resend-signup-confirmation', { email: UNVERIFIED_EMAIL }),
      () => post('/rest/organization/resend-signup-confirmation', { email: unknownAddress('resend', 0) }),
      { email: UNVERIFIED_EMAIL, subject: /Bitte bestätigen Sie Ihre E-Mail-Adresse/ },
    );
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
    // The known address's owner is told by mail (through the queue), not the caller.
    await answersBeforeDelivery(
      () => post('/rest/organization/signup', body('firma@matchwerk.example')),
      () => post('/rest/organization/signup', body(unknownAddress('signup', 0))),
      { email: 'firma@matchwerk.example', subject: /bereits ein Matchwerk-Konto/ },
    );
  }, 120_000);

  it('POST /rest/applicant/signup', async () => {
    const body = (email: string) => ({
      email,
      password: 'Gleich-schnell-fuer-alle-42',
      names: ['Mia'],
      familyNames: ['Keller'],
      region: 'HORB',
      dateOfBirth: '2005-05-05',
      termsAndConditionsChecked: true,
    });
    // No mail of this sign-up reached the transport within 30 s in either run: the answers alone, with the mail server held.
    await answersBeforeDelivery(
      () => post('/rest/applicant/signup', body('bewerberin@matchwerk.example')),
      () => post('/rest/applicant/signup', body(unknownAddress('applicant', 0))),
    );
  }, 120_000);
});
