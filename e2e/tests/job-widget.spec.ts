import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  API_PATHS,
  apiPath,
  JOB_WIDGET_PATHS,
  jobWidgetSnippet,
  publicPostingPath,
  type CurrentUser,
  type JobWidgetResponse,
} from '@matchwerk/shared';
import { e2eEnv } from '../support/e2e-env';
import { DEMO, heading, signInViaApi } from '../support/fixtures';
import { startWidgetHost, type WidgetHost } from '../support/widget-host';
import { expectNoSeriousViolations } from '../support/accessibility';

/**
 * The job widget (issue #13) on a foreign website of another origin: the demo company's page at
 * 127.0.0.1:<E2E_PORT+10> embeds the snippet that loads from the app at localhost:<E2E_PORT>.
 */
const HOST_PORT = Number(process.env.E2E_WIDGET_HOST_PORT ?? e2eEnv.port + 10);
const COMPANY_NAME = 'Schwabenwerk Präzisionstechnik GmbH';

let host: WidgetHost;
let organizationId: string;
let expected: JobWidgetResponse;

async function organizationIdOf(request: APIRequestContext, email: string): Promise<string> {
  const signIn = await request.post(API_PATHS.signIn, {
    data: { email, password: e2eEnv.demoPassword, rememberMe: false },
    headers: { Origin: e2eEnv.baseUrl },
  });
  expect(signIn.status()).toBe(200);
  const user = (await (await request.get(API_PATHS.currentUser)).json()) as CurrentUser;
  return user.organizationId!;
}

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: e2eEnv.baseUrl });
  organizationId = await organizationIdOf(request, DEMO.company);
  await request.dispose();
  // What the widget must show: the public answer, fetched anonymously.
  const anonymous = await playwright.request.newContext({ baseURL: e2eEnv.baseUrl });
  expected = (await (
    await anonymous.get(apiPath(JOB_WIDGET_PATHS.data, { organizationId }))
  ).json()) as JobWidgetResponse;
  await anonymous.dispose();
  expect(expected.postings.length).toBeGreaterThan(1);
  host = await startWidgetHost({ port: HOST_PORT, appOrigin: e2eEnv.baseUrl, organizationId });
});

test.afterAll(async () => {
  await host?.close();
});

test('the widget shows the company’s active postings on a website of another origin, isolated, accessible, 375 px wide', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${host.origin}/`);
  expect(new URL(page.url()).origin).not.toBe(new URL(e2eEnv.baseUrl).origin);

  const widget = page.getByRole('region', { name: `Offene Stellen bei ${COMPANY_NAME}` });
  await expect(widget.getByRole('heading', { level: 2, name: `Offene Stellen bei ${COMPANY_NAME}` })).toBeVisible();
  const links = widget.getByRole('list').getByRole('link');
  await expect(links).toHaveCount(expected.postings.length);
  for (const [index, posting] of expected.postings.entries()) {
    const link = links.nth(index);
    await expect(link).toContainText(posting.title);
    await expect(link).toContainText(posting.typeLabel);
    // The public posting page on the app's origin (rendered by another part of issue #13).
    await expect(link).toHaveAttribute('href', `${e2eEnv.baseUrl}${publicPostingPath(posting.id)}`);
  }
  // Where the snippet stands: between the intro and the paragraph after it.
  await expect(page.locator('main > p + .matchwerk-job-widget + script + p.after')).toHaveCount(1);

  // Logo and photos load across origins (CORP cross-origin) under the host page's strict CSP.
  await expect(widget.getByRole('img', { name: `Logo von ${COMPANY_NAME}` })).toBeVisible();
  const photo = widget.locator('li img').first();
  await photo.scrollIntoViewIfNeeded();
  await expect
    .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);

  // Styles isolated both ways: the host page's rules for img, a and ul do not reach in, and the
  // widget's rules do not reach out; font family comes from the host page.
  const inside = await photo.evaluate((image) => getComputedStyle(image).borderStyle);
  expect(inside).not.toBe('dashed');
  const linkFont = await links.first().evaluate((link) => getComputedStyle(link).fontFamily);
  expect(linkFont).toContain('Georgia');
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Karriere' })).toHaveCSS(
    'border-top-style',
    'none',
  );

  // Keyboard: the first posting is reachable with Tab after the host page's menu, with a visible focus.
  await page.getByRole('link', { name: 'Kontakt' }).focus();
  await page.keyboard.press('Tab');
  await expect(links.first()).toBeFocused();
  expect(await links.first().evaluate((link) => getComputedStyle(link).outlineStyle)).toBe('solid');

  await expectNoSeriousViolations(page, '.matchwerk-job-widget');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // No cookie was set for the app's origin by showing the widget.
  expect(await context.cookies(e2eEnv.baseUrl)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test('the iframe alternative shows the same postings on a website that allows no scripts', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto(`${host.origin}/iframe`);
  const frame = page.frameLocator('iframe[title="Offene Stellen"]');
  const links = frame.getByRole('list').getByRole('link');
  await expect(frame.getByRole('heading', { level: 2, name: `Offene Stellen bei ${COMPANY_NAME}` })).toBeVisible();
  await expect(links).toHaveCount(expected.postings.length);
  await expect(links.first()).toHaveAttribute(
    'href',
    `${e2eEnv.baseUrl}${publicPostingPath(expected.postings[0]!.id)}`,
  );
  // Links open the posting in the whole window, not inside the frame.
  expect(await links.first().evaluate((link) => link.ownerDocument.querySelector('base')?.target)).toBe('_top');
  await expectNoSeriousViolations(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});

test('an employer copies the snippet in Mein Unternehmen and sees the live preview', async ({ browser }) => {
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2eEnv.baseUrl });
  const page = await context.newPage();
  await signInViaApi(page, DEMO.company);
  await page.goto('/#/settings');
  await expect(heading(page, 'Mein Unternehmen')).toBeVisible();
  const section = page.getByRole('region', { name: 'Stellen auf Ihrer Website' });
  const snippet = jobWidgetSnippet(e2eEnv.baseUrl, organizationId);
  await expect(section.getByRole('textbox', { name: 'Code für Ihre Website' })).toHaveValue(snippet);
  await section.getByRole('button', { name: 'Kopieren' }).click();
  await expect(page.getByText('Code kopiert. Fügen Sie ihn jetzt in Ihre Website ein.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);

  const preview = section.getByRole('region', { name: `Offene Stellen bei ${COMPANY_NAME}` });
  await expect(preview.getByRole('list').getByRole('link')).toHaveCount(expected.postings.length);
  await expectNoSeriousViolations(page);
  await context.close();
});
