import { expect, type Page } from '@playwright/test';
import { API_PATHS } from '@matchwerk/shared';
import { e2eEnv } from './e2e-env';

export const DEMO = {
  admin: 'admin@matchwerk.example',
  partner: 'partner@matchwerk.example',
  partnerLichtenfels: 'partner.lichtenfels@matchwerk.example',
  statistics: 'statistik@matchwerk.example',
  company: 'firma@matchwerk.example',
  companyLichtenfels: 'firma.lichtenfels@matchwerk.example',
  applicant: 'bewerberin@matchwerk.example',
  unverified: 'unbestaetigt@matchwerk.example',
  legalNotSigned: 'neu@matchwerk.example',
} as const;

/** Signs in through the API (not the form), sharing the session cookie with the page. */
export async function signInViaApi(page: Page, email: string, password: string = e2eEnv.demoPassword): Promise<void> {
  const response = await page.request.post(API_PATHS.signIn, {
    data: { email, password, rememberMe: false },
    headers: { Origin: e2eEnv.baseUrl },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Fills and submits the login form. */
export async function signInViaForm(page: Page, email: string, password: string = e2eEnv.demoPassword): Promise<void> {
  await page.goto('/#/login');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/** The session cookie better-auth sets (cookie prefix `matchwerk`, apps/api plugins/auth-config.ts). */
export const SESSION_COOKIE = 'matchwerk.session_token';

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@e2e.matchwerk.example`;
}

export function heading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name });
}
