import { expect, test, type PlaywrightWorkerArgs } from '@playwright/test';
import { API_PATHS } from '@matchwerk/shared';
import { expectNoSeriousViolations } from '../support/accessibility';
import { e2eEnv } from '../support/e2e-env';
import { DEMO, heading, signInViaForm } from '../support/fixtures';
import { expectNoHorizontalOverflow } from '../support/layout';

/** An API context signed in as a demo account: cookies for web users, the Bearer token for the candidate. */
async function signedIn(playwright: PlaywrightWorkerArgs['playwright'], email: string, bearer = false) {
  const context = await playwright.request.newContext({ baseURL: e2eEnv.baseUrl });
  const response = await context.post(API_PATHS.signIn, {
    headers: { Origin: e2eEnv.baseUrl },
    data: { email, password: e2eEnv.demoPassword },
  });
  expect(response.status(), await response.text()).toBe(200);
  if (!bearer) return context;
  const { token } = (await response.json()) as { token: string };
  await context.dispose();
  return playwright.request.newContext({
    baseURL: e2eEnv.baseUrl,
    extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  });
}

test('a regional partner works a candidate’s report on “Meldungen” (1400 px and 390 px)', async ({
  page,
  playwright,
}) => {
  test.setTimeout(240_000);
  // The candidate reports the demo company of Sindelfingen (the partner's region) through the API, as the app does.
  const company = await signedIn(playwright, DEMO.company);
  const { organizationId } = (await (await company.get(API_PATHS.currentUser)).json()) as { organizationId: string };
  const candidate = await signedIn(playwright, DEMO.applicant, true);
  const text = `Will sich allein mit mir treffen (${Date.now()}).`;
  const reported = await candidate.post(API_PATHS.applicantReports, {
    data: { subject: 'ORGANIZATION', targetId: organizationId, reason: 'PERSONAL_DATA', text },
  });
  expect(reported.status(), await reported.text()).toBe(201);

  await page.setViewportSize({ width: 1400, height: 900 });
  await signInViaForm(page, DEMO.partner);
  await expect(heading(page, 'Statistik')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('navigation').getByRole('link', { name: 'Meldungen' }).click();
  await expect(heading(page, 'Meldungen')).toBeVisible({ timeout: 30_000 });
  const grid = page.getByRole('grid', { name: 'Meldungen' });
  const row = grid.getByRole('row').filter({ hasText: text });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row.getByText('Fragt nach privaten Daten oder Treffen')).toBeVisible();
  await expect(row.getByText('offen', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);

  await row.getByRole('button', { name: /^Meldung bearbeiten/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Meldung bearbeiten' });
  await expect(dialog.getByText(text)).toBeVisible();
  await dialog.getByLabel('Notiz (optional)').fill('Mit dem Unternehmen telefoniert.');
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Die Meldung ist jetzt „in Bearbeitung“.')).toBeVisible();
  // The list opens on the open reports: this one has left it.
  await expect(row).toHaveCount(0);

  // On a phone: cards, the status filter, no sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel('Status').selectOption({ label: 'in Bearbeitung' });
  await expect(page).toHaveURL(/status=IN_PROGRESS/);
  const card = page.getByRole('region', { name: 'Meldungen' }).getByRole('listitem').filter({ hasText: text });
  await expect(card).toHaveCount(1, { timeout: 20_000 });
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);
  await card.getByRole('button', { name: 'Bearbeiten' }).click();
  const phoneDialog = page.getByRole('dialog', { name: 'Meldung bearbeiten' });
  await expect(phoneDialog.getByLabel('Notiz (optional)')).toHaveValue('Mit dem Unternehmen telefoniert.');
  await phoneDialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'erledigt' }).click();
  await phoneDialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Die Meldung ist jetzt „erledigt“.')).toBeVisible();
  await expect(card).toHaveCount(0);

  // The partner of another region never sees it; the company's own list of reports does not exist.
  const elsewhere = await signedIn(playwright, DEMO.partnerLichtenfels);
  const theirs = (await (await elsewhere.get(`${API_PATHS.reports}?status=DONE&pageSize=100`)).json()) as {
    items: { text: string }[];
  };
  expect(theirs.items.some((item) => item.text === text)).toBe(false);
  expect((await company.get(API_PATHS.reports)).status()).toBe(403);
  await Promise.all([company.dispose(), candidate.dispose(), elsewhere.dispose()]);
});
