import { expect, test, type Page } from '@playwright/test';
import { API_PATHS, type CurrentUser } from '@matchwerk/shared';
import { expectNoSeriousViolations } from '../support/accessibility';
import { DEMO } from '../support/fixtures';
import { e2eEnv } from '../support/e2e-env';

/** Imprint and privacy statement: linked from every page anybody opens without an account (issue 48 item 1). */
async function expectLegalLinks(page: Page, privacyHref: string | RegExp = '/legal/datenschutz.html') {
  // The operator's links, not a company's own privacy link on its posting page.
  const legal = page.getByRole('navigation', { name: 'Rechtliches' });
  await expect(legal.getByRole('link', { name: 'Impressum', exact: true })).toHaveAttribute(
    'href',
    '/legal/impressum.html',
  );
  await expect(legal.getByRole('link', { name: /^Datenschutz(erklärung)?$/ })).toHaveAttribute('href', privacyHref);
}

for (const viewport of [
  { width: 1400, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`every public page links Impressum and Datenschutz at ${viewport.width} px`, async ({
    page,
    playwright,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    const shot = (name: string) =>
      page.screenshot({ path: testInfo.outputPath(`item1-${name}-${viewport.width}.png`), fullPage: true });

    await page.goto('/vorschau-lichtenfels');
    await expectLegalLinks(page);
    await shot('server-preview');
    await expectNoSeriousViolations(page);

    await page.getByRole('article').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/stellen\/[0-9a-f-]{36}$/);
    await expectLegalLinks(page);
    await expectNoSeriousViolations(page);

    await page.goto('/#/vorschau-lichtenfels');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectLegalLinks(page);
    await shot('spa-preview');
    await expectNoSeriousViolations(page);

    await page.goto('/#/login');
    await expectLegalLinks(page);
    await expectNoSeriousViolations(page);

    // The candidate app's signed-out screens: the operator's imprint, its own privacy screen.
    await page.goto('/app/');
    await expectLegalLinks(page, '#/rechtliches');
    await shot('candidate-app');
    await expectNoSeriousViolations(page);

    const request = await playwright.request.newContext({ baseURL: e2eEnv.baseUrl });
    await request.post(API_PATHS.signIn, {
      data: { email: DEMO.company, password: e2eEnv.demoPassword, rememberMe: false },
      headers: { Origin: e2eEnv.baseUrl },
    });
    const organizationId = ((await (await request.get(API_PATHS.currentUser)).json()) as CurrentUser).organizationId;
    await request.dispose();
    await page.goto(`/widget/v1/frame/${organizationId}`);
    await expect(page.getByRole('list').getByRole('link').first()).toBeVisible();
    await expectLegalLinks(page);
    await shot('widget-frame');
    await expectNoSeriousViolations(page);
  });
}
