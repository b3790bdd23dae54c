import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { DEMO, signInViaApi } from '../support/fixtures';

/**
 * Issue #14: no screen writes a warning or an error to the browser console, and none throws.
 * Every screen of every demo role and every public page is visited; the hash routes are reached
 * the way a user who edits the address bar reaches them (a same-document hash change, a POP
 * navigation the router did not create). Nothing is allowed.
 */

interface Problem {
  kind: string;
  text: string;
  where: string;
}

function watchConsole(page: Page): Problem[] {
  const problems: Problem[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'warning' && message.type() !== 'error') return;
    problems.push({ kind: message.type(), text: message.text(), where: `${page.url()} (${message.location().url})` });
  });
  page.on('pageerror', (error) => problems.push({ kind: 'pageerror', text: error.message, where: page.url() }));
  return problems;
}

/** Opens a hash route and waits until the screen has its heading and its data have arrived. */
async function visit(page: Page, hashPath: string): Promise<void> {
  await page.goto(`/#${hashPath}`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

/** Opens the first entry of a list screen (a posting, a chat: links; an organisation: a clickable row). */
async function openFirst(page: Page, listPath: string, prefix: string): Promise<void> {
  await visit(page, listPath);
  const link = page.getByRole('main').locator(`a[href^="#${prefix}"]:not([href$="/new"])`).first();
  const row = page.getByRole('main').getByRole('row').nth(1).getByRole('gridcell').first();
  // The entries may arrive after the heading (and the sidebar's poll keeps the network busy).
  await expect(link.or(row).first()).toBeVisible();
  if ((await link.count()) > 0) await link.click();
  else await row.click();
  await expect(page).toHaveURL(new RegExp(`#${prefix}[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

const ROLES = [
  {
    name: 'employer',
    email: DEMO.company,
    screens: [
      '/',
      '/chats',
      '/vacancies',
      '/vacancies/new',
      '/settings',
      '/help',
      '/barrierefreiheit',
      '/users',
      '/gibt-es-nicht',
    ],
    details: [
      { list: '/vacancies', prefix: '/vacancies/' },
      { list: '/chats', prefix: '/chat/' },
    ],
  },
  {
    name: 'administrator',
    email: DEMO.admin,
    screens: [
      '/statistics',
      '/vacancies',
      '/organizations',
      '/organization/new',
      '/users',
      '/orders',
      '/help',
      '/verwaltung',
      '/verwaltung?bereich=protokoll',
      '/verwaltung?bereich=e-mails',
    ],
    details: [
      { list: '/organizations', prefix: '/organization/' },
      { list: '/vacancies', prefix: '/vacancies/' },
    ],
  },
  {
    name: 'regional partner',
    email: DEMO.partner,
    screens: ['/statistics', '/vacancies', '/organizations', '/users', '/orders', '/student-statistics', '/help'],
    details: [{ list: '/organizations', prefix: '/organization/' }],
  },
  { name: 'statistics user', email: DEMO.statistics, screens: ['/statistics', '/help', '/vacancies'], details: [] },
] as const;

for (const role of ROLES) {
  test(`every screen of the ${role.name} leaves the console clean`, async ({ page }) => {
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    await signInViaApi(page, role.email);
    for (const screen of role.screens) await visit(page, screen);
    for (const detail of role.details) await openFirst(page, detail.list, detail.prefix);
    expect(problems).toEqual([]);
  });
}

test('a posting with unsaved changes, left through the address bar, asks first and leaves the console clean', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await signInViaApi(page, DEMO.company);
  await visit(page, '/vacancies/new');
  await page.getByLabel('Titel').first().fill('Ausbildung mit ungespeicherten Änderungen');
  await page.evaluate(() => {
    window.location.hash = '#/chats';
  });
  await expect(page.getByRole('dialog', { name: 'Ungespeicherte Änderungen verwerfen?' })).toBeVisible();
  await page.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(page).toHaveURL(/#\/vacancies\/new$/);
  await expect(page.getByLabel('Titel').first()).toHaveValue('Ausbildung mit ungespeicherten Änderungen');
  expect(problems).toEqual([]);
});

test('the signed-out and public pages leave the console clean', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  for (const screen of ['/login', '/signup', '/authaction', '/barrierefreiheit', '/vorschau-lichtenfels'])
    await visit(page, screen);

  for (const url of [
    '/vorschau-lichtenfels',
    '/legal/impressum.html',
    '/legal/datenschutz.html',
    '/legal/nutzungsbedingungen.html',
  ]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
    await page.waitForLoadState('networkidle');
  }
  await page.goto('/vorschau-lichtenfels');
  await page.locator('a[href^="/stellen/"]').first().click();
  await expect(page).toHaveURL(/\/stellen\/[0-9a-f-]{36}$/);
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test('the server’s error pages have an icon and leave the console clean', async ({ page }) => {
  const problems = watchConsole(page);
  for (const url of ['/vorschau-atlantis', '/gibt-es-nicht']) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('link[rel="icon"]').first()).toHaveAttribute('href', /^\/favicon\./);
  }
  // Chrome reports a document answered with 404 as "Failed to load resource" — the status this
  // test asks for, not a fault of the page: only that line, and only for the page's own URL.
  const unexpected = problems.filter(
    (p) =>
      !(
        p.kind === 'error' &&
        /status of 404/.test(p.text) &&
        /\/(vorschau-atlantis|gibt-es-nicht) \(http:\/\/localhost:\d+\/(vorschau-atlantis|gibt-es-nicht)\)$/.test(
          p.where,
        )
      ),
  );
  expect(unexpected).toEqual([]);
});
