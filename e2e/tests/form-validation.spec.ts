import { expect, test } from '@playwright/test';
import { createEmployer } from '../support/employer';
import { heading } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';

/** Issue #14: one shared schema checks and normalises postcode, phone and links; its German messages stand under the fields. */

test('a posting with an unknown postcode shows the German message under the postcode; the phone is saved normalised', async ({
  page,
}) => {
  await createEmployer(page.request);
  await page.goto('/#/vacancies/new');
  await expect(heading(page, 'Neue Stellenanzeige')).toBeVisible();
  await page.getByRole('textbox', { name: 'Titel', exact: true }).fill('Ausbildung Kauffrau/-mann für Büromanagement');
  await page.getByRole('textbox', { name: 'Beschreibung' }).fill('Du organisierst unser Büro.');
  await page.getByRole('textbox', { name: 'Ansprechperson' }).fill('Paula Post');
  await page.getByLabel('Telefon').fill('+49 (0)30 123456');
  const zipCode = page.getByLabel('PLZ');
  await zipCode.fill('12345');
  await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Berlin');
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();

  await expect(zipCode).toHaveAttribute('aria-invalid', 'true');
  await expect(zipCode).toHaveAccessibleDescription('Diese Postleitzahl gibt es nicht.');
  await expect(zipCode).toBeFocused();
  await expectNoSeriousViolations(page);
  await zipCode.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '../.tmp/screenshots/form-validation-postcode-1280.png' });
  await page.setViewportSize({ width: 375, height: 800 });
  await zipCode.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '../.tmp/screenshots/form-validation-postcode-375.png' });
  await page.setViewportSize({ width: 1280, height: 800 });

  await zipCode.fill('10115');
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  // Created: the editor moves from /vacancies/new to the posting's own address.
  await expect(page).toHaveURL(/#\/vacancies\/(?!new$)[\w-]+$/);
  await expect(page.getByText('Die Stellenanzeige wurde angelegt.', { exact: false }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Telefon')).toHaveValue('+49 30 123456');
  await expect(page.getByLabel('PLZ')).toHaveValue('10115');
});

test('Mein Unternehmen refuses a javascript: link under its field and saves phone and website normalised', async ({
  page,
}) => {
  await createEmployer(page.request);
  await page.goto('/#/settings');
  await expect(heading(page, 'Mein Unternehmen')).toBeVisible();
  const phone = page.getByRole('textbox', { name: 'Telefon' });
  const website = page.getByRole('textbox', { name: 'Website', exact: true });
  await phone.fill('030/123456');
  await website.fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(website).toHaveAccessibleDescription(
    'Bitte geben Sie eine Internetadresse mit http:// oder https:// ein.',
  );
  await expectNoSeriousViolations(page);
  await website.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '../.tmp/screenshots/form-validation-link-1280.png' });

  await website.fill('HTTP://Beispiel.DE/Pfad');
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page.getByText('Änderungen gespeichert.').first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Telefon' })).toHaveValue('+49 30 123456');
  await expect(page.getByRole('textbox', { name: 'Website', exact: true })).toHaveValue('http://beispiel.de/Pfad');
});
