import { expect, test } from '@playwright/test';
import { API_PATHS, REGION_LABELS } from '@matchwerk/shared';
import { DEMO, heading, signInViaApi } from '../support/fixtures';

test('an organisation user sees its region read-only with whom to ask; its partner may choose only its own regions', async ({
  page,
  browser,
}) => {
  await signInViaApi(page, DEMO.company);
  const me = await page.request.get(API_PATHS.currentUser);
  const { organizationId } = (await me.json()) as { organizationId: string };

  await page.goto('/#/settings');
  await expect(heading(page, 'Mein Unternehmen')).toBeVisible();
  const region = page.getByRole('textbox', { name: 'Region' });
  await expect(region).toHaveValue(REGION_LABELS.SINDELFINGEN);
  await expect(region).toHaveAttribute('readonly', '');
  await expect(region).toHaveAccessibleDescription(
    /Die Region ändert Ihr Regionalpartner\. Wenn sie nicht stimmt, schreiben Sie bitte an .+@.+\./,
  );
  await expect(page.getByRole('combobox', { name: /^Region/ })).toHaveCount(0);

  const partnerContext = await browser.newContext();
  try {
    const partnerPage = await partnerContext.newPage();
    await signInViaApi(partnerPage, DEMO.partner);
    await partnerPage.goto(`/#/organization/${organizationId}`);
    const select = partnerPage.getByRole('combobox', { name: /^Region/ });
    await expect(select).toHaveValue('SINDELFINGEN');
    const choices = await select.locator('option:not([disabled])').allTextContents();
    expect(choices).toEqual([REGION_LABELS.SINDELFINGEN]);
  } finally {
    await partnerContext.close();
  }
});
