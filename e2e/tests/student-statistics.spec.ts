import { expect, test } from '@playwright/test';
import { DEMO, heading, signInViaApi } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';
import { expectNoHorizontalOverflow } from '../support/layout';

test('the Sindelfingen partner reads the student statistics: figures, charts with a table view, no names', async ({
  page,
}) => {
  await signInViaApi(page, DEMO.partner);
  await page.goto('/#/student-statistics');
  await expect(heading(page, 'Schülerstatistik')).toBeVisible();
  await expect(page.getByTestId('student-figure-registered')).toBeVisible();
  await expect(page.getByTestId('student-figure-registered').getByTestId('figure-value')).toHaveText(
    /^(\d{1,3}(\.\d{3})*|< 5)$/,
  );
  await expect(page.getByText(/Gruppen von 1 bis 4 Personen als „< 5“/)).toBeVisible();
  await expectNoSeriousViolations(page);

  const schools = page.getByRole('region', { name: 'Schulen' });
  await schools.getByRole('button', { name: 'Tabelle anzeigen' }).click();
  await expect(schools.getByRole('table')).toBeVisible();
  await expectNoSeriousViolations(page);

  // Another period through the shared period filter.
  await page.getByLabel('Zeitraum', { exact: true }).selectOption('MONTH');
  await expect(page).toHaveURL(/period=MONTH/);
  await expect(page.getByTestId('student-figure-registered')).toBeVisible();

  // Phones: nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(heading(page, 'Schülerstatistik')).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test('the student statistics are refused to an admin and to the Lichtenfels partner', async ({ page }) => {
  await signInViaApi(page, DEMO.partnerLichtenfels);
  const response = await page.request.get('/rest/student-statistics?from=2026-01-01&to=2026-12-31');
  expect(response.status()).toBe(403);
  await signInViaApi(page, DEMO.admin);
  expect((await page.request.get('/rest/student-statistics?from=2026-01-01&to=2026-12-31')).status()).toBe(403);
});
