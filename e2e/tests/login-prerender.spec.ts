import { API_PATHS, EARLY_DATA_REQUESTS, LOGIN_PRERENDER_ID, ROUTES } from '@matchwerk/shared';
import { expect, test, type Page } from '@playwright/test';
import { createEmployer } from '../support/employer';
import { heading, SESSION_COOKIE } from '../support/fixtures';

const prerender = (page: Page) => page.locator(`#${LOGIN_PRERENDER_ID}`);

/** Holds every script of the app until `release()`, as on a slow phone connection. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('the login screen shows before the app has loaded, and what was typed and clicked in it is taken over', async ({
  page,
  playwright,
}) => {
  const setup = await playwright.request.newContext();
  const employer = await createEmployer(setup);
  await setup.dispose();
  const release = await holdScripts(page);

  await page.goto('/#/login', { waitUntil: 'commit' });
  // No script has run: this is index.html's prerendered login.
  await expect(heading(page, 'Anmelden')).toBeVisible();
  await expect(prerender(page)).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill(employer.email);
  await page.getByLabel('Passwort', { exact: true }).fill(employer.password);
  await page.getByRole('checkbox', { name: 'Angemeldet bleiben' }).check();
  await page.getByRole('button', { name: 'Anmelden' }).click();
  // Before the app runs, nothing is sent (the password never goes into the address).
  expect(page.url()).not.toContain('password');

  release();
  await expect(heading(page, 'Mein Unternehmen')).toBeVisible();
  await expect(prerender(page)).toHaveCount(0);
  const session = (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
  expect(session?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 60 * 60);
});

test('the app replaces the prerendered login with its own, once, keeping the typed address and the focus', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/#/login', { waitUntil: 'commit' });
  await page.getByLabel('E-Mail-Adresse').fill('halb@getipp');

  release();
  // The app's own screen has taken over when the prerender is gone.
  await expect(prerender(page)).toHaveCount(0);
  await expect(heading(page, 'Anmelden')).toHaveCount(1);
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue('halb@getipp');
  await expect(page.getByLabel('E-Mail-Adresse')).toBeFocused();
  await page.keyboard.type('t.example');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('Bitte geben Sie Ihr Passwort ein.')).toBeVisible();
});

test("the prerendered login's links open the app's screens, also when clicked before the app has loaded", async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/#/login', { waitUntil: 'commit' });
  const legal = prerender(page).getByRole('navigation', { name: 'Rechtliches' });
  await expect(prerender(page).getByRole('link', { name: 'Noch kein Konto? Jetzt registrieren' })).toHaveAttribute(
    'href',
    `#${ROUTES.Signup.path}`,
  );
  await legal.getByRole('link', { name: 'Barrierefreiheit' }).click();

  release();
  await expect(heading(page, 'Erklärung zur Barrierefreiheit')).toBeVisible();
  await expect(prerender(page)).toHaveCount(0);
});

test('other screens never show the prerendered login', async ({ page }) => {
  await page.goto('/#/barrierefreiheit');
  await expect(heading(page, 'Erklärung zur Barrierefreiheit')).toBeVisible();
  await expect(prerender(page)).toHaveCount(0);
});

test('a signed-in reload learns the session and the posting list while the scripts load, and the app does not ask again', async ({
  page,
}) => {
  await createEmployer(page.request);
  const listUrl = EARLY_DATA_REQUESTS['/vacancies']?.url;
  const requests: string[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname === API_PATHS.getSession || pathname === API_PATHS.currentUser || pathname === API_PATHS.vacancies)
      requests.push(pathname + search);
  });
  const release = await holdScripts(page);

  await page.goto('/#/vacancies', { waitUntil: 'commit' });
  // Asked and answered by index.html's script before any of the app's scripts arrived (ADR 0062,
  // ADR 0070).
  await expect.poll(() => requests).toEqual([API_PATHS.getSession, API_PATHS.currentUser, listUrl]);

  release();
  await expect(heading(page, 'Stellenanzeigen')).toBeVisible();
  await expect(page.getByText('Noch keine Stellenanzeigen.')).toBeVisible();
  expect(requests).toEqual([API_PATHS.getSession, API_PATHS.currentUser, listUrl]);
});
