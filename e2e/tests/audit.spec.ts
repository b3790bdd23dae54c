import { expect, test, type Page } from '@playwright/test';
import { API_PATHS, apiPath } from '@matchwerk/shared';
import { e2eEnv } from '../support/e2e-env';
import { DEMO, heading, signInViaApi } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';

/** The SINDELFINGEN partner creates an organisation and makes it a member: two entries in its history. */
async function organizationWithHistory(page: Page): Promise<string> {
  await signInViaApi(page, DEMO.partner);
  const headers = { Origin: e2eEnv.baseUrl };
  const created = await page.request.post(API_PATHS.organizations, {
    headers,
    data: { name: `Verlaufstest ${Date.now()} GmbH`, region: 'SINDELFINGEN', city: 'Böblingen', links: {} },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const member = await page.request.put(apiPath(API_PATHS.organizationToggleMember, { id }), { headers });
  expect(member.status(), await member.text()).toBe(200);
  return id;
}

test('the partner sees who changed what on the organisation screen; a partner of another region gets 404', async ({
  page,
  playwright,
}) => {
  const id = await organizationWithHistory(page);
  await page.goto(`/#/organization/${id}`);
  const history = page.getByRole('region', { name: 'Verlauf' });
  const table = history.getByRole('table', { name: 'Verlauf der Änderungen' });
  await expect(table).toBeVisible();
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(3);
  // Newest first: the member toggle, then the creation.
  await expect(rows.nth(1)).toContainText('Als Mitglied markiert');
  await expect(rows.nth(1)).toContainText('Mitglied: nein → ja');
  await expect(rows.nth(1)).toContainText(DEMO.partner);
  await expect(rows.nth(1).getByRole('cell').first()).toHaveText(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/);
  await expect(rows.nth(2)).toContainText('Unternehmen angelegt');
  await expect(history.getByText('2 von 2 Einträgen')).toBeVisible();
  await expectNoSeriousViolations(page);

  const other = await playwright.request.newContext({ baseURL: e2eEnv.baseUrl });
  const signIn = await other.post(API_PATHS.signIn, {
    headers: { Origin: e2eEnv.baseUrl },
    data: { email: DEMO.partnerLichtenfels, password: e2eEnv.demoPassword },
  });
  expect(signIn.status()).toBe(200);
  expect((await other.get(apiPath(API_PATHS.organizationAudit, { id }))).status()).toBe(404);
  await other.dispose();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the history is a list that fits the phone screen', async ({ page }) => {
    const id = await organizationWithHistory(page);
    await page.goto(`/#/organization/${id}`);
    await expect(heading(page, 'Unternehmen bearbeiten')).toBeVisible();
    const list = page.getByRole('region', { name: 'Verlauf' }).getByRole('list', { name: 'Verlauf der Änderungen' });
    await expect(list.getByRole('listitem').filter({ hasText: 'Als Mitglied markiert' })).toContainText(
      'Mitglied: nein → ja',
    );
    await expectNoSeriousViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(1);
  });
});
