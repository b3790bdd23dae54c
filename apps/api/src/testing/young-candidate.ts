/**
 * A candidate under 16 signed up through the real route (ADR 0097), with the token of the link
 * the parent got and Bearer headers — for the parental consent tests and the tables of every
 * write route.
 */
import { berlinToday } from '@matchwerk/shared';
import { extractLinks } from '../mail/mailer';
import { bearer, createSessionToken } from './actors';
import { TEST_ORIGIN, type TestApp } from './test-app';

let counter = 0;

/** `YYYY-MM-DD` of the day someone turns `years` old today (Berlin), shifted by `days`. */
export function birthDateForAge(years: number, days = 0, today = berlinToday()): string {
  const [year, month, day] = today.split('-').map(Number);
  const date = new Date(Date.UTC((year ?? 0) - years, (month ?? 1) - 1, (day ?? 1) + days));
  return date.toISOString().slice(0, 10);
}

export interface YoungCandidate {
  id: string;
  email: string;
  parentEmail: string;
  headers: Record<string, string>;
  /** The token of the parent's link (`/einwilligung?token=…`). */
  token: string;
}

export function parentLinkToken(testApp: TestApp, parentEmail: string): string {
  const mail = testApp.mailer.lastTo(parentEmail);
  const link = mail && extractLinks(mail.text).find((candidate) => candidate.includes('/einwilligung?token='));
  if (!link) throw new Error(`no consent link sent to ${parentEmail}`);
  return new URL(link).searchParams.get('token') ?? '';
}

export async function signUpYoungCandidate(testApp: TestApp, age = 15): Promise<YoungCandidate> {
  counter += 1;
  const tag = `${Date.now().toString(36)}-${counter}`;
  const email = `jung-${tag}@test.example`;
  const parentEmail = `eltern-${tag}@test.example`;
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/rest/applicant/signup',
    headers: { origin: TEST_ORIGIN },
    payload: {
      email,
      password: 'Ein-langes-Test-Passwort-42',
      names: ['Jona'],
      familyNames: ['Jung'],
      region: 'SINDELFINGEN',
      dateOfBirth: birthDateForAge(age),
      parentEmail,
      termsAndConditionsChecked: true,
    },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.body}`);
  const id = await testApp.userIdOf(email);
  return {
    id,
    email,
    parentEmail,
    headers: bearer(await createSessionToken(testApp, id)),
    token: parentLinkToken(testApp, parentEmail),
  };
}
