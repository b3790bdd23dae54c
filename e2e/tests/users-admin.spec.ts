import { expect, test } from '@playwright/test';
import { API_PATHS, ERROR_MESSAGES, type UserListItem } from '@matchwerk/shared';
import { e2eEnv } from '../support/e2e-env';
import { DEMO, heading, signInViaApi, signInViaForm, uniqueEmail } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';

const PASSWORD = 'Ein-gutes-Passwort-2026';

test('an admin creates a statistics user who signs in, accepts the legal texts and lands on Statistik', async ({
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
  await dialog.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Nutzer anlegen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Der Nutzer wurde angelegt/)).toBeVisible();

  await page.getByRole('textbox', { name: 'Suchen' }).fill(email);
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByRole('gridcell', { name: email, exact: true })).toBeVisible();

  // The new user, in a browser of its own.
  const context = await browser.newContext();
  const other = await context.newPage();
  await signInViaForm(other, email, PASSWORD);
  await expect(other.getByRole('heading', { name: 'Datenschutz und Nutzungsbedingungen' })).toBeVisible();
  await other.getByRole('checkbox', { name: /Datenschutzerklärung gelesen/ }).check();
  await other.getByRole('checkbox', { name: /Nutzungsbedingungen\./ }).check();
  await other.getByRole('button', { name: 'Zustimmen und fortfahren' }).click();
  await expect(heading(other, 'Statistik')).toBeVisible();
  await context.close();
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
      password: PASSWORD,
      organization: organizations.items[0]?.id,
    },
    headers: { Origin: e2eEnv.baseUrl },
  });
  expect(created.status(), await created.text()).toBe(201);
  const user = (await created.json()) as UserListItem;

  const context = await browser.newContext();
  const victim = await context.newPage();
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
