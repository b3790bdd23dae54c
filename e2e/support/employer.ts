import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { API_PATHS, apiPath, type CurrentUser, type Region } from '@matchwerk/shared';
import { e2eEnv } from './e2e-env';
import { DEMO, uniqueEmail } from './fixtures';
import { authActionLink, waitForMail } from './mailbox';

export interface Employer {
  email: string;
  password: string;
  companyName: string;
}

const origin = { Origin: e2eEnv.baseUrl };

/**
 * Releases a waiting self sign-up the way its regional partner (or, elsewhere, an admin) does (ADR 0020: until then it is
 * inactive and its postings are hidden from candidates), in a context of its own.
 */
async function release(organizationId: string, region: Region): Promise<void> {
  const partner = await playwrightRequest.newContext({ baseURL: e2eEnv.baseUrl, extraHTTPHeaders: origin });
  try {
    const signIn = await partner.post(API_PATHS.signIn, {
      data: { email: region === 'SINDELFINGEN' ? DEMO.partner : DEMO.admin, password: e2eEnv.demoPassword },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
    const release = await partner.put(apiPath(API_PATHS.organizationToggleActive, { id: organizationId }));
    expect(release.status(), await release.text()).toBe(200);
    expect(((await release.json()) as { active: boolean }).active).toBe(true);
  } finally {
    await partner.dispose();
  }
}

/**
 * A new employer made the way a real one is: sign-up, the mailed confirmation link, the legal
 * texts accepted, and (unless `released: false`) released by the regional partner. The request
 * context ends up signed in (share it with a page via `page.request`, or call with `page.request`).
 */
export async function createEmployer(
  request: APIRequestContext,
  options: { companyName?: string; region?: Region; released?: boolean } = {},
): Promise<Employer> {
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

  const signIn = await request.post(API_PATHS.signIn, {
    headers: origin,
    data: { email: employer.email, password: employer.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const accept = await request.post(API_PATHS.acceptTerms, {
    headers: origin,
    data: { privacyStatementAccepted: true, termsAndConditionsAccepted: true },
  });
  expect(accept.status(), await accept.text()).toBe(200);
  if (options.released !== false) {
    const me = (await accept.json()) as CurrentUser;
    await release(me.organizationId ?? '', options.region ?? 'SINDELFINGEN');
  }
  return employer;
}
