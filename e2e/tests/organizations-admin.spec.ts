import { expect, test } from '@playwright/test';
import { API_PATHS, apiPath } from '@matchwerk/shared';
import { createActivePosting, createCandidate, type Candidate } from '../support/candidate';
import { e2eEnv } from '../support/e2e-env';
import { DEMO, heading, signInViaApi } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';

async function visibleToCandidates(candidate: Candidate, title: string): Promise<number> {
  const response = await candidate.api.get(`${API_PATHS.applicantVacancies}?search=${encodeURIComponent(title)}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { total: number }).total;
}

test(
  'the Sindelfingen partner filters and searches, deactivates an organisation (its posting leaves the candidate API) and reactivates it',
  { tag: '@smoke' },
  async ({ page, playwright }) => {
    const suffix = `${Date.now()}`;
    const name = `Schalttafel Böblingen ${suffix} GmbH`;
    const title = `Ausbildung Schalttafelbau ${suffix}`;
    await signInViaApi(page, DEMO.partner);
    const created = await page.request.post(API_PATHS.organizations, {
      headers: { Origin: e2eEnv.baseUrl },
      data: { name, region: 'SINDELFINGEN', city: 'Böblingen', links: {} },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await createActivePosting(page.request, id, title);
    const candidate = await createCandidate(playwright, { names: ['Lea'], familyNames: ['Lernend'] });
    expect(await visibleToCandidates(candidate, title)).toBe(1);

    await page.goto('/#/organizations');
    await expect(heading(page, 'Unternehmen')).toBeVisible();
    await expect(page.getByRole('grid')).toBeVisible();
    await page.getByLabel('Aktiv', { exact: true }).selectOption('true');
    await expect(page).toHaveURL(/active=true/);
    await page.getByRole('textbox', { name: 'Suche' }).fill(`Schalttafel Böblingen ${suffix}`);
    await expect(page).toHaveURL(/search=/);
    await expect(page.getByRole('gridcell', { name, exact: true })).toBeVisible();

    await page.getByRole('switch', { name: `${name} aktiv` }).click();
    await expect(page.getByText(/ist deaktiviert/)).toBeVisible();
    await expect.poll(() => visibleToCandidates(candidate, title)).toBe(0);

    // The list's "Aktiv = Ja" filter no longer finds it; "Nein" does.
    await page.getByLabel('Aktiv', { exact: true }).selectOption('false');
    await expect(page).toHaveURL(/active=false/);
    await page.getByRole('switch', { name: `${name} aktiv` }).click();
    await expect(page.getByText(/ist jetzt aktiv/)).toBeVisible();
    await expect.poll(() => visibleToCandidates(candidate, title)).toBe(1);

    // The row opens the organisation screen with the administration panel.
    await page.getByRole('gridcell', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#/organization/${id}`));
    await expect(page.getByRole('heading', { name: 'Verwaltung' })).toBeVisible();
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await candidate.api.dispose();
  },
);

test('the Sindelfingen partner opening a Lichtenfels organisation gets "not found" and a 404 from the API', async ({
  page,
  playwright,
}) => {
  const lichtenfels = await playwright.request.newContext({ baseURL: e2eEnv.baseUrl });
  const signIn = await lichtenfels.post(API_PATHS.signIn, {
    headers: { Origin: e2eEnv.baseUrl },
    data: { email: DEMO.companyLichtenfels, password: e2eEnv.demoPassword },
  });
  expect(signIn.status()).toBe(200);
  const { organizationId } = (await (await lichtenfels.get(API_PATHS.currentUser)).json()) as {
    organizationId: string;
  };
  await lichtenfels.dispose();

  await signInViaApi(page, DEMO.partner);
  const apiAnswer = page.waitForResponse((response) =>
    response.url().endsWith(apiPath(API_PATHS.organization, { id: organizationId })),
  );
  await page.goto(`/#/organization/${organizationId}`);
  expect((await apiAnswer).status()).toBe(404);
  await expect(
    page.getByText('Dieses Unternehmen wurde nicht gefunden oder Sie haben keinen Zugriff darauf.'),
  ).toBeVisible();
});

test('the organisations list is axe-clean, also at 375 px', async ({ page }) => {
  await signInViaApi(page, DEMO.admin);
  await page.goto('/#/organizations');
  await expect(heading(page, 'Unternehmen')).toBeVisible();
  // The grid's module is the largest lazy chunk; on a busy 2-core CI machine it can take a while.
  await expect(page.getByRole('grid')).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('grid')).toBeVisible();
  // Phones keep name and the two switches; place, counts and dates are hidden.
  await expect(page.locator('[role="columnheader"][data-field="name"]')).toBeVisible();
  await expect(page.locator('[role="columnheader"][data-field="active"]')).toBeVisible();
  await expect(page.locator('[role="columnheader"][data-field="city"]')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('organizations-375.png'), fullPage: true });
  await expectNoSeriousViolations(page);
});
