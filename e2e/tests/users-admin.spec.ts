import { expect, test, type APIRequestContext } from '@playwright/test';
import { API_PATHS, ERROR_MESSAGES, type UserListItem } from '@matchwerk/shared';
import { e2eEnv } from '../support/e2e-env';
import { DEMO, heading, signInViaApi, signInViaForm, uniqueEmail } from '../support/fixtures';
import { authActionLink, waitForMail } from '../support/mailbox';
import { expectNoSeriousViolations } from '../support/accessibility';

const PASSWORD = 'Ein-gutes-Passwort-2026';

/** The set-password link of the invitation mail a created user gets (ADR 0124). */
async function invitationLink(email: string): Promise<string> {
  const link = authActionLink(await waitForMail(email, /^Einladung zu Matchwerk/));
  expect(link).toContain('mode=resetPassword');
  return link;
}

/** Sets the password with the invitation's link through the API, as the link's page does. */
async function setPasswordViaApi(request: APIRequestContext, email: string): Promise<void> {
  const token = new URL((await invitationLink(email)).replace('/#/', '/')).searchParams.get('token');
  const response = await request.post(API_PATHS.resetPassword, {
    data: { token, newPassword: PASSWORD },
    headers: { Origin: e2eEnv.baseUrl },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('an admin invites a statistics user who sets a password by the mailed link, accepts the legal texts and lands on Statistik', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('statistik');
  await signInViaForm(page, DEMO.admin);
  await expect(heading(page, 'Statistik')).toBeVisible();
  await page.goto('/#/users');
  await expect(heading(page, 'Nutzer')).toBeVisible();
  await expect(page.getByRole('grid')).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'Nutzer anlegen' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nutzer anlegen' });
  await dialog.getByLabel('Typ').selectOption('STATISTICS');
  await dialog.getByLabel(/E-Mail/).fill(email);
  await dialog.getByLabel(/^Name/).fill('Sina Statistik');
  // Nobody chooses another person's password: the dialog has no such field.
  await expect(dialog.getByLabel(/Passwort/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Nutzer anlegen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Der Nutzer wurde angelegt/)).toBeVisible();

  await page.getByRole('textbox', { name: 'Suchen' }).fill(email);
  await expect(page).toHaveURL(/search=/);
  const row = page.getByRole('row').filter({ has: page.getByRole('gridcell', { name: email, exact: true }) });
  await expect(row.getByText('Eingeladen')).toBeVisible();

  // The new user opens the mailed link in a browser of its own and sets the password.
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(await invitationLink(email));
  await expect(heading(other, 'Neues Passwort festlegen')).toBeVisible();
  await other.getByLabel('Neues Passwort', { exact: true }).fill(PASSWORD);
  await other.getByLabel('Neues Passwort wiederholen').fill(PASSWORD);
  await other.getByRole('button', { name: 'Passwort speichern' }).click();
  await other.getByRole('link', { name: 'Zur Anmeldung' }).click();
  await signInViaForm(other, email, PASSWORD);
  await expect(other.getByRole('heading', { name: 'Datenschutz und Nutzungsbedingungen' })).toBeVisible();
  await other.getByRole('checkbox', { name: /Datenschutzerklärung gelesen/ }).check();
  await other.getByRole('checkbox', { name: /Nutzungsbedingungen\./ }).check();
  await other.getByRole('button', { name: 'Zustimmen und fortfahren' }).click();
  await expect(heading(other, 'Statistik')).toBeVisible();
  await context.close();

  // No longer "Eingeladen" in the list.
  await page.reload();
  await expect(row.getByText('Aktiv', { exact: true })).toBeVisible();
});

test("a disabled user's open session is refused at the next request and the login form says why", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('firma');
  // A partner creates an organisation user of its region through the API.
  await signInViaApi(page, DEMO.partner);
  const organizations = (await (await page.request.get(`${API_PATHS.organizations}?pageSize=1`)).json()) as {
    items: { id: string }[];
  };
  const created = await page.request.post(API_PATHS.userCreate, {
    data: {
      type: 'ORGANIZATION',
      email,
      name: 'Dora Deaktiviert',
      organization: organizations.items[0]?.id,
    },
    headers: { Origin: e2eEnv.baseUrl },
  });
  expect(created.status(), await created.text()).toBe(201);
  const user = (await created.json()) as UserListItem;

  const context = await browser.newContext();
  const victim = await context.newPage();
  await setPasswordViaApi(victim.request, email);
  await signInViaApi(victim, email, PASSWORD);
  expect((await victim.request.get(API_PATHS.currentUser)).status()).toBe(200);

  const disabled = await page.request.put(API_PATHS.userDisable.replace(':userId', user.id), {
    headers: { Origin: e2eEnv.baseUrl },
  });
  expect(disabled.status()).toBe(200);
  expect((await victim.request.get(API_PATHS.currentUser)).status()).toBe(401);

  await signInViaForm(victim, email, PASSWORD);
  await expect(victim.getByRole('alert').filter({ hasText: 'Ihr Zugang wurde deaktiviert' })).toBeVisible();
  await context.close();
  expect(ERROR_MESSAGES.ACCOUNT_DISABLED).toContain('Ihr Zugang wurde deaktiviert');
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a partner uses the user list on a phone', async ({ page }) => {
    await signInViaForm(page, DEMO.partner);
    await expect(heading(page, 'Statistik')).toBeVisible();
    // Searching the demo accounts' domain (not the e2e accounts' @e2e.matchwerk.example, which
    // would push the demo ones to later pages): both demo companies match, only the partner's own is listed.
    await page.goto(`/#/users?search=${encodeURIComponent('@matchwerk.example')}`);
    await expect(heading(page, 'Nutzer')).toBeVisible();
    await expect(page.getByRole('gridcell', { name: DEMO.company, exact: true })).toBeVisible();
    await expect(page.getByRole('gridcell', { name: DEMO.companyLichtenfels, exact: true })).toHaveCount(0);
    await page.getByLabel('E-Mail bestätigt').selectOption('false');
    await expect(page).toHaveURL(/emailVerified=false/);
    await expectNoSeriousViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(1);
  });
});
