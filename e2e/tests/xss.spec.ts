import { expect, test, type Page } from '@playwright/test';
import { API_PATHS, RICH_TEXT_FIELDS, type CurrentUser, type VacancyInput } from '@matchwerk/shared';
import { e2eEnv } from '../support/e2e-env';
import { createEmployer } from '../support/employer';

/** Each payload increments window.__xss if it ever runs. */
const PAYLOADS = [
  '<img src=x onerror="window.__xss=(window.__xss||0)+1">',
  '<script>window.__xss=(window.__xss||0)+1</script>',
  '<a href="javascript:window.__xss=(window.__xss||0)+1">Klick mich</a>',
  '<svg onload="window.__xss=(window.__xss||0)+1"></svg>',
  '<iframe srcdoc="<script>parent.__xss=(parent.__xss||0)+1</script>"></iframe>',
  '<p style="background:url(javascript:window.__xss=1)" onclick="window.__xss=1">Text</p>',
  '"><img src=x onerror=window.__xss=1>',
];
const ALL = PAYLOADS.join('\n');

async function expectNothingExecuted(page: Page, dialogs: string[]): Promise<void> {
  // Give late handlers (image errors, iframes) a moment to fire.
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
}

test('script in rich-text fields and company fields never executes in the browser', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await createEmployer(page.request, { companyName: '<img src=x onerror=window.__xss=1> Holz GmbH' });
  const headers = { Origin: e2eEnv.baseUrl };
  const me = (await (await page.request.get(API_PATHS.currentUser)).json()) as CurrentUser;
  const organizationId = me.organizationId ?? '';

  const update = await page.request.put(`/rest/organization/${organizationId}`, {
    headers,
    data: {
      name: '<script>window.__xss=1</script> Holz GmbH',
      region: 'SINDELFINGEN',
      branch: '<img src=x onerror=window.__xss=1>',
      about: ALL,
      contactName: '<svg onload=window.__xss=1>',
      contactPhone: null,
      contactMail: null,
      employeeCount: 12,
      links: { website: 'javascript:alert(1)' },
    },
  });
  expect(update.status(), 'a javascript: link is refused').toBe(400);
  const updateWithoutLink = await page.request.put(`/rest/organization/${organizationId}`, {
    headers,
    data: {
      name: '<script>window.__xss=1</script> Holz GmbH',
      region: 'SINDELFINGEN',
      branch: '<img src=x onerror=window.__xss=1>',
      about: ALL,
      contactName: '<svg onload=window.__xss=1>',
      links: {},
    },
  });
  expect(updateWithoutLink.status(), await updateWithoutLink.text()).toBe(200);

  const vacancy: VacancyInput = {
    title: '<img src=x onerror=window.__xss=1> Ausbildung',
    type: 'APPRENTICESHIP',
    description: `<p>Beschreibung</p>${ALL}`,
    contactName: '<script>window.__xss=1</script>',
    compensation: { salaryPerTrainingYear: [], additionalCompensation: ALL },
    location: { city: 'Sindelfingen', zipCode: '71063' },
    salaryRange: '<img src=x onerror=window.__xss=1>',
  };
  for (const field of RICH_TEXT_FIELDS) if (field !== 'description') vacancy[field] = `<p>${field}</p>${ALL}`;
  const created = await page.request.post(`/rest/vacancy/${organizationId}`, { headers, data: vacancy });
  expect(created.status(), await created.text()).toBe(201);
  const { vacancy: stored } = (await created.json()) as { vacancy: { id: string; description: string } };
  expect(stored.description).not.toMatch(/onerror|<script|javascript:|<iframe|<svg|onclick/i);

  for (const path of ['/#/settings', '/#/vacancies', `/#/vacancies/${stored.id}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNothingExecuted(page, dialogs);
  }
  // The stored text is shown as text, not swallowed.
  await page.goto('/#/settings');
  await expect(
    page.getByRole('navigation', { name: 'Hauptnavigation' }).getByText('<script>window.__xss=1</script> Holz GmbH'),
  ).toBeVisible();
  await expectNothingExecuted(page, dialogs);
});
