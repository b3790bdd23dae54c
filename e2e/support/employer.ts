import { expect, type APIRequestContext } from '@playwright/test';
import { API_PATHS, type Region } from '@matchwerk/shared';
import { e2eEnv } from './e2e-env';
import { uniqueEmail } from './fixtures';
import { authActionLink, waitForMail } from './mailbox';

export interface Employer {
  email: string;
  password: string;
  companyName: string;
}

const origin = { Origin: e2eEnv.baseUrl };

/**
 * A new employer made the way a real one is: sign-up, the mailed confirmation link, the legal
 * texts accepted. The request context ends up signed in (share it with a page via
 * `page.request`, or call with `page.request`).
 */
export async function createEmployer(request: APIRequestContext, options: { companyName?: string; region?: Region } = {}): Promise<Employer> {
  const employer: Employer = {
    email: uniqueEmail('firma'),
    password: 'Sichere-Passphrase-fuer-E2E-2026',
    companyName: options.companyName ?? 'Tischlerei Sägespan GmbH',
  };
  const signup = await request.post(API_PATHS.signup, {
    headers: origin,
    data: {
      companyName: employer.companyName,
      userName: 'Greta Sägespan',
      email: employer.email,
      password: employer.password,
      region: options.region ?? 'SINDELFINGEN',
      termsAndConditionsChecked: true,
    },
  });
  expect(signup.status(), await signup.text()).toBe(200);

  const link = new URL(authActionLink(await waitForMail(employer.email, /bestätigen/i)));
  const token = new URLSearchParams(link.hash.split('?')[1]).get('token');
  const verify = await request.get(`${API_PATHS.verifyEmail}?token=${encodeURIComponent(token ?? '')}`);
  expect(verify.status(), await verify.text()).toBe(200);

  const signIn = await request.post(API_PATHS.signIn, { headers: origin, data: { email: employer.email, password: employer.password } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const accept = await request.post(API_PATHS.acceptTerms, {
    headers: origin,
    data: { privacyStatementAccepted: true, termsAndConditionsAccepted: true },
  });
  expect(accept.status(), await accept.text()).toBe(200);
  return employer;
}
