import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type PlaywrightWorkerArgs } from '@playwright/test';
import pg from 'pg';
import { API_PATHS, apiPath, type ChatResponse, type CurrentUser, type PollResponse } from '@matchwerk/shared';
import { createActivePosting, createCandidate } from '../support/candidate';
import { e2eEnv } from '../support/e2e-env';
import { createEmployer, type Employer } from '../support/employer';
import { mailsTo, waitForMail } from '../support/mailbox';

/**
 * Scale-out (E2E_CLUSTER=1 only, see playwright.config.ts): two API processes behind nginx,
 * sharing PostgreSQL, Redis and S3. Each scenario acts on one process and checks on the other.
 */
const origin = { Origin: e2eEnv.baseUrl };
const [firstNode, secondNode] = e2eEnv.nodeUrls as [string, string];

type Playwright = PlaywrightWorkerArgs['playwright'];

/** A context on one API process; its cookies are sent to the other process too (same host 127.0.0.1). */
function onNode(
  playwright: Playwright,
  url: string,
  extraHTTPHeaders?: Record<string, string>,
): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL: url, extraHTTPHeaders });
}

async function signIn(context: APIRequestContext, employer: Pick<Employer, 'email' | 'password'>): Promise<number> {
  return (
    await context.post(API_PATHS.signIn, {
      headers: origin,
      data: { email: employer.email, password: employer.password },
    })
  ).status();
}

test(
  'nginx alternates between both processes, and a session from one works on the other until it is revoked there',
  { tag: '@cluster' },
  async ({ playwright, request }) => {
    const employer = await createEmployer(request, { companyName: 'Zwei-Prozesse GmbH' });
    const first = await onNode(playwright, firstNode);
    expect(await signIn(first, employer)).toBe(200);
    const second = await playwright.request.newContext({
      baseURL: secondNode,
      storageState: await first.storageState(),
    });

    const me = await second.get(API_PATHS.currentUser);
    expect(me.status()).toBe(200);
    expect(((await me.json()) as CurrentUser).email).toBe(employer.email);

    // Signed out on the second process: refused on the first at its next request (Redis revocation).
    expect((await first.get(API_PATHS.currentUser)).status()).toBe(200);
    expect((await second.post(API_PATHS.signOut, { headers: origin, data: {} })).status()).toBe(200);
    expect((await first.get(API_PATHS.currentUser)).status()).toBe(401);
    await Promise.all([first.dispose(), second.dispose()]);
  },
);

test(
  'a chat message sent through one process reaches a poller on the other within one poll',
  { tag: '@cluster' },
  async ({ playwright, request }) => {
    const employer = await createEmployer(request, { companyName: 'Nachrichten über zwei Prozesse GmbH' });
    const me = (await (await request.get(API_PATHS.currentUser)).json()) as CurrentUser;
    const organizationId = me.organizationId ?? '';
    const vacancyId = await createActivePosting(
      request,
      organizationId,
      'Ausbildung Kaufmann/-frau für Büromanagement',
    );
    const candidate = await createCandidate(playwright, { names: ['Jonas'], familyNames: ['Brenner'] });
    await candidate.showInterest(vacancyId);
    const accepted = await request.post(API_PATHS.setMatchingResult, {
      headers: origin,
      data: { vacancyId, applicantId: candidate.id, organizationResult: 'ACCEPTED', organizationId },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);

    // The employer reads the chat on the second process and keeps its polling cursor.
    const employerOnSecond = await onNode(playwright, secondNode);
    expect(await signIn(employerOnSecond, employer)).toBe(200);
    const chat = (await (
      await employerOnSecond.get(apiPath(API_PATHS.organizationChat, { applicantId: candidate.id }))
    ).json()) as ChatResponse;
    const pollUrl = `${apiPath(API_PATHS.organizationChatPolling, { applicantId: candidate.id })}?since=${encodeURIComponent(chat.cursor)}`;
    expect((await employerOnSecond.get(pollUrl)).status()).toBe(204);

    const candidateOnFirst = await onNode(playwright, firstNode, { Authorization: `Bearer ${candidate.token}` });
    const sent = await candidateOnFirst.post(apiPath(API_PATHS.applicantChatMessages, { organizationId }), {
      data: { text: 'Hallo, hier ist Jonas über den ersten Prozess.', clientMessageId: randomUUID() },
    });
    expect(sent.status(), await sent.text()).toBe(201);

    const poll = await employerOnSecond.get(pollUrl);
    expect(poll.status()).toBe(200);
    expect(((await poll.json()) as PollResponse).messages.map((message) => message.text)).toEqual([
      'Hallo, hier ist Jonas über den ersten Prozess.',
    ]);
    await Promise.all([employerOnSecond.dispose(), candidateOnFirst.dispose()]);
  },
);

test('failed sign-ins are counted across both processes', { tag: '@cluster' }, async ({ playwright, request }) => {
  const employer = await createEmployer(request, { companyName: 'Gezählte Versuche GmbH' });
  const nodes = [await onNode(playwright, firstNode), await onNode(playwright, secondNode)];
  // Ten wrong passwords, alternating: each process alone saw only five.
  for (let attempt = 0; attempt < 10; attempt++) {
    expect(await signIn(nodes[attempt % 2]!, { email: employer.email, password: `Falsch-${attempt}-Passwort` })).toBe(
      401,
    );
  }
  // The address+IP pair is blocked now on both, even for the right password.
  expect(await signIn(nodes[0]!, employer)).toBe(429);
  expect(await signIn(nodes[1]!, employer)).toBe(429);
  await Promise.all(nodes.map((node) => node.dispose()));
});

test(
  'the notification job runs once for both processes: one mail per new interest',
  { tag: '@cluster' },
  async ({ playwright, request }) => {
    // The immediate mail waits 90 s to gather a burst (notifications/digest.ts).
    test.setTimeout(240_000);
    const employer = await createEmployer(request, { companyName: 'Eine Mail GmbH' });
    const me = (await (await request.get(API_PATHS.currentUser)).json()) as CurrentUser;
    const settings = await request.put(apiPath(API_PATHS.notificationSettings, { userId: me.id }), {
      headers: origin,
      data: { notifyViaMail: true, interval: 'IMMEDIATELY' },
    });
    expect(settings.status(), await settings.text()).toBe(200);
    const vacancyId = await createActivePosting(request, me.organizationId ?? '', 'Ferienjob im Lager');
    const candidate = await createCandidate(playwright, { names: ['Lea'], familyNames: ['Vogt'] });
    await candidate.showInterest(vacancyId);

    // The notification, not the release mail ("Matchwerk: Ihr Unternehmen ist freigeschaltet", issue 48).
    const notification = /^Matchwerk: \d+ neue/;
    await waitForMail(employer.email, notification, 0, 150_000);
    // Both processes work the queue; wait until the job is finished, then count.
    const database = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await database.connect();
    try {
      await expect
        .poll(
          async () =>
            (
              await database.query<{ state: string }>(
                `SELECT state FROM pgboss.job WHERE name = 'notify-immediate' AND singleton_key = $1`,
                [me.organizationId],
              )
            ).rows.map((row) => row.state),
          { timeout: 30_000 },
        )
        .toEqual(['completed']);
    } finally {
      await database.end();
    }
    expect(mailsTo(employer.email).filter((mail) => notification.test(mail.subject))).toHaveLength(1);
  },
);
