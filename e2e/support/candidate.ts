import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type PlaywrightWorkerArgs } from '@playwright/test';
import { API_PATHS, apiPath, CANDIDATE_APP_ROUTES, type Region } from '@matchwerk/shared';
import { e2eEnv } from './e2e-env';
import { uniqueEmail } from './fixtures';
import { waitForMail } from './mailbox';

/** A candidate as the mobile app is one: its own sign-up, the mailed confirmation, a Bearer token. */
export interface Candidate {
  id: string;
  name: string;
  api: APIRequestContext;
  /** The app's Bearer token (for requests to one API process directly, in scale-out mode). */
  token: string;
  showInterest(vacancyId: string): Promise<void>;
  send(organizationId: string, text: string): Promise<void>;
  messages(organizationId: string): Promise<Array<{ text: string; sender: string; seq: number }>>;
  /** Reports reading the chat up to seq, as the app does when the chat is on screen ("gelesen" for the employer). */
  markRead(organizationId: string, seq: number): Promise<void>;
  matchingState(vacancyId: string): Promise<string | undefined>;
}

export async function createCandidate(
  playwright: PlaywrightWorkerArgs['playwright'],
  person: { names: string[]; familyNames: string[]; region?: Region },
): Promise<Candidate> {
  const email = uniqueEmail('kandidat');
  const password = 'Kandidaten-Passphrase-2026';
  const anonymous = await playwright.request.newContext({ baseURL: e2eEnv.baseUrl });
  const signup = await anonymous.post(API_PATHS.applicantSignup, {
    headers: { Origin: e2eEnv.baseUrl },
    data: {
      email,
      password,
      ...person,
      region: person.region ?? 'SINDELFINGEN',
      // An adult: no parent has to confirm (ADR 0097).
      dateOfBirth: '2005-05-05',
      termsAndConditionsChecked: true,
    },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  // Candidates' mails link into the candidate app (/app/#/bestaetigt?token=…, ADR 0102).
  const confirmation = await waitForMail(email, /bestätigen/i);
  const link = new URL(
    confirmation.links.find((l) => l.includes(`/app/#${CANDIDATE_APP_ROUTES.emailConfirmed}?`)) ?? '',
  );
  const token = new URLSearchParams(link.hash.split('?')[1]).get('token') ?? '';
  expect((await anonymous.get(`${API_PATHS.verifyEmail}?token=${encodeURIComponent(token)}`)).status()).toBe(200);
  const signIn = await anonymous.post(API_PATHS.signIn, {
    headers: { Origin: e2eEnv.baseUrl },
    data: { email, password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const { token: bearer } = (await signIn.json()) as { token: string };
  await anonymous.dispose();

  // Like the app: no cookies, only the Bearer token.
  const api = await playwright.request.newContext({
    baseURL: e2eEnv.baseUrl,
    extraHTTPHeaders: { Authorization: `Bearer ${bearer}` },
  });
  const profile = (await (await api.get(API_PATHS.applicantProfile)).json()) as { id: string };
  return {
    id: profile.id,
    name: [...person.names, ...person.familyNames].join(' '),
    api,
    token: bearer,
    async showInterest(vacancyId) {
      const response = await api.post(API_PATHS.applicantMatchings, { data: { vacancyId } });
      expect(response.status(), await response.text()).toBe(201);
    },
    async send(organizationId, text) {
      const response = await api.post(apiPath(API_PATHS.applicantChatMessages, { organizationId }), {
        data: { text, clientMessageId: randomUUID() },
      });
      expect(response.status(), await response.text()).toBe(201);
    },
    async messages(organizationId) {
      const response = await api.get(apiPath(API_PATHS.applicantChat, { organizationId }));
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()) as { messages: Array<{ text: string; sender: string; seq: number }> }).messages;
    },
    async markRead(organizationId, seq) {
      const response = await api.post(apiPath(API_PATHS.applicantChatRead, { organizationId }), { data: { seq } });
      expect(response.status(), await response.text()).toBe(200);
    },
    async matchingState(vacancyId) {
      const response = await api.get(API_PATHS.applicantMatchings);
      const { matchings } = (await response.json()) as { matchings: Array<{ vacancyId: string; state: string }> };
      return matchings.find((m) => m.vacancyId === vacancyId)?.state;
    },
  };
}

/** An active posting of the signed-in employer (created through the API). */
export async function createActivePosting(
  request: APIRequestContext,
  organizationId: string,
  title: string,
): Promise<string> {
  const headers = { Origin: e2eEnv.baseUrl };
  const created = await request.post(`/rest/vacancy/${organizationId}`, {
    headers,
    data: {
      title,
      type: 'APPRENTICESHIP',
      description: '<p>Drei Jahre Ausbildung in einem freundlichen Team.</p>',
      contactName: 'Greta Sägespan',
      compensation: { salaryPerTrainingYear: [1000, 1100, 1200] },
      location: { city: 'Sindelfingen', zipCode: '71063' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { vacancy } = (await created.json()) as { vacancy: { id: string } };
  expect((await request.put(`/rest/vacancy/${vacancy.id}/activate`, { headers })).status()).toBe(200);
  return vacancy.id;
}
