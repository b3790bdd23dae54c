import { expect, test, type Browser } from '@playwright/test';
import { createEmployer } from '../support/employer';
import { heading, SESSION_COOKIE, signInViaForm } from '../support/fixtures';

async function freshPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('"Angemeldet bleiben" unticked keeps the session for this browser session only; ticked for 30 days', async ({
  browser,
  playwright,
}) => {
  const setup = await playwright.request.newContext();
  const employer = await createEmployer(setup);
  await setup.dispose();

  const transient = await freshPage(browser);
  await signInViaForm(transient.page, employer.email, employer.password);
  await expect(heading(transient.page, 'Mein Unternehmen')).toBeVisible();
  const browserSession = (await transient.context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
  // -1: no Expires/Max-Age, the browser drops it when it closes.
  expect(browserSession?.expires).toBe(-1);
  await transient.context.close();

  const lasting = await freshPage(browser);
  await lasting.page.goto('/#/login');
  await lasting.page.getByRole('checkbox', { name: 'Angemeldet bleiben' }).check();
  await signInViaForm(lasting.page, employer.email, employer.password);
  await expect(heading(lasting.page, 'Mein Unternehmen')).toBeVisible();
  const persistent = (await lasting.context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
  expect(persistent?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 60 * 60);
  await lasting.context.close();
});

test(
  'changing the password in one browser signs the other one out at its next request',
  { tag: '@smoke' },
  async ({ browser, playwright }) => {
    const setup = await playwright.request.newContext();
    const employer = await createEmployer(setup);
    await setup.dispose();

    const [office, home] = [await freshPage(browser), await freshPage(browser)];
    for (const { page } of [office, home]) {
      await signInViaForm(page, employer.email, employer.password);
      await expect(heading(page, 'Mein Unternehmen')).toBeVisible();
    }

    await office.page.getByRole('link', { name: 'Einstellungen & Rechtliches', exact: true }).click();
    await expect(heading(office.page, 'Support & Einstellungen')).toBeVisible();
    await office.page.getByLabel('Aktuelles Passwort').first().fill(employer.password);
    await office.page.getByLabel('Neues Passwort', { exact: true }).fill('Ganz-neue-Passphrase-nach-Umzug-2026');
    await office.page.getByLabel('Neues Passwort wiederholen').fill('Ganz-neue-Passphrase-nach-Umzug-2026');
    await office.page.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(office.page.getByText('Ihr Passwort wurde geändert.')).toBeVisible();

    await home.page.reload();
    await expect(home.page).toHaveURL(/#\/login/);
    await expect(home.page.getByRole('button', { name: 'Anmelden' })).toBeVisible();

    // The browser that changed it got a new session with the answer and stays signed in.
    await office.page.reload();
    await expect(heading(office.page, 'Support & Einstellungen')).toBeVisible();
    await Promise.all([office.context.close(), home.context.close()]);
  },
);
