import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { berlinToday, presetPeriod, previousPeriod } from '@matchwerk/shared';
import { DEMO, heading, signInViaApi, signInViaForm } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';
import { expectNoHorizontalOverflow } from '../support/layout';

async function downloadedText(download: Download): Promise<string> {
  const path = await download.path();
  // Read as bytes: the BOM must be there for German Excel, and a text decoder would hide it.
  const bytes = await readFile(path);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes.subarray(3).toString('utf8');
}

const germanDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
const kpiValue = (page: Page, key: string) => page.getByTestId(`kpi-${key}`).getByTestId('kpi-value');

/** Types a date as TT.MM.JJJJ into one of the dashboard's German date pickers. */
async function typeDate(page: Page, label: 'Von' | 'Bis', date: string): Promise<void> {
  const field = page.getByRole('group', { name: label });
  await field.getByRole('spinbutton', { name: 'Tag' }).click();
  await page.keyboard.type(date.replace(/\./g, ''));
}

test('the Sindelfingen partner lands on the statistics, changes the period and exports figures that match the screen', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInViaForm(page, DEMO.partner);
  await expect(heading(page, 'Statistik')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/#\/statistics/);
  const season = presetPeriod('SEASON', berlinToday());
  await expect(page.getByTestId('statistics-period')).toHaveText(
    `Zeitraum: ${germanDate(season.from)} – ${germanDate(season.to)}`,
  );
  await expect(page.getByText('Region: Sindelfingen/Böblingen/Calw')).toBeVisible();
  // The demo data has activity in this season: real figures, not zeros.
  await expect(kpiValue(page, 'organizations.active')).toHaveText(/^[1-9][\d.]*$/, { timeout: 30_000 });
  await expect(kpiValue(page, 'views')).toHaveText(/^\d{1,3}(\.\d{3})*$/);
  // A partner with one region gets no region filter; organisations link to their page.
  await expect(page.getByLabel('Region', { exact: true })).toHaveCount(0);
  const table = page.getByRole('region', { name: 'Unternehmen im Zeitraum' });
  await expect(table.getByRole('grid').getByRole('link').first()).toHaveAttribute('href', /#\/organization\//);

  // Preset: this month, in the URL.
  await page.getByLabel('Zeitraum', { exact: true }).selectOption('MONTH');
  await expect(page).toHaveURL(/period=MONTH/);
  const month = presetPeriod('MONTH', berlinToday());
  await expect(page.getByTestId('statistics-period')).toHaveText(
    `Zeitraum: ${germanDate(month.from)} – ${germanDate(month.to)}`,
  );

  // Custom range typed as TT.MM.JJJJ; an end before the start is refused next to the field.
  await page.getByLabel('Zeitraum', { exact: true }).selectOption('CUSTOM');
  await typeDate(page, 'Von', `01.09.${season.from.slice(0, 4)}`);
  await typeDate(page, 'Bis', `31.08.${season.from.slice(0, 4)}`);
  await page.getByRole('button', { name: 'Zeitraum anzeigen' }).click();
  await expect(page.getByText('Das Ende des Zeitraums darf nicht vor seinem Beginn liegen.')).toBeVisible();
  await typeDate(page, 'Bis', `30.11.${season.from.slice(0, 4)}`);
  await page.getByRole('button', { name: 'Zeitraum anzeigen' }).click();
  const year = season.from.slice(0, 4);
  await expect(page).toHaveURL(new RegExp(`from=${year}-09-01&to=${year}-11-30`));
  await expect(page.getByTestId('statistics-period')).toHaveText(`Zeitraum: 01.09.${year} – 30.11.${year}`);
  const previous = previousPeriod({ from: `${year}-09-01`, to: `${year}-11-30` });
  await expect(page.getByTestId('statistics-previous-period')).toHaveText(
    `Vergleich: ${germanDate(previous.from)} – ${germanDate(previous.to)}`,
  );

  // The key figures' CSV holds what the card shows (German thousands dot → plain number).
  const shownViews = (await kpiValue(page, 'views').textContent()) ?? '';
  const kpiDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Kennzahlen als CSV herunterladen' }).click();
  const kpiFile = await kpiDownload;
  expect(kpiFile.suggestedFilename()).toBe(`matchwerk-statistik-kennzahlen-${year}-09-01-bis-${year}-11-30.csv`);
  const kpiLines = (await downloadedText(kpiFile)).split('\r\n');
  expect(kpiLines[0]).toBe('Bereich;Kennzahl;Zeitraum;Vergleichszeitraum;Veränderung');
  expect(kpiLines.find((line) => line.startsWith('Aktivität;Aufrufe;'))?.split(';')[2]).toBe(
    shownViews.replace(/\./g, ''),
  );

  // The organisation table's export comes from the API: every row, not only the page.
  const firstName = (await table.getByRole('grid').getByRole('link').first().textContent()) ?? '';
  const orgDownload = page.waitForEvent('download');
  await table.getByRole('link', { name: 'Alle Unternehmen als CSV herunterladen' }).click();
  const orgLines = (await downloadedText(await orgDownload)).split('\r\n');
  expect(orgLines[0]?.split(';').slice(0, 2)).toEqual(['Unternehmen', 'Region']);
  expect(orgLines.some((line) => line.startsWith(`${firstName.includes(';') ? `"${firstName}"` : firstName};`))).toBe(
    true,
  );

  // A chart's table view.
  const trend = page.getByRole('region', { name: 'Verlauf nach Wochen' });
  await trend.getByRole('button', { name: 'Tabelle anzeigen' }).click();
  await expect(trend.getByRole('table', { name: 'Verlauf nach Wochen' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('the statistics user lands on the statistics of all regions, without links to organisations; no serious axe findings', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await signInViaForm(page, DEMO.statistics);
  await expect(heading(page, 'Statistik')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/#\/statistics/);
  await expect(page.getByText('Region: Alle Regionen')).toBeVisible();
  await expect(kpiValue(page, 'organizations.active')).toHaveText(/^[1-9][\d.]*$/, { timeout: 30_000 });
  const table = page.getByRole('region', { name: 'Unternehmen im Zeitraum' });
  await expect(table.getByRole('grid')).toBeVisible();
  await expect(table.getByRole('link', { name: /#\/organization/ })).toHaveCount(0);
  await expect(table.locator('a[href*="/organization/"]')).toHaveCount(0);

  // Issue #48: the season runs up to today and compares with the same days of the season before.
  const season = presetPeriod('SEASON', berlinToday());
  const previous = previousPeriod(season);
  expect(season.to).toBe(berlinToday());
  await expect(page.getByTestId('statistics-previous-period')).toHaveText(
    `Vergleich: ${germanDate(previous.from)} – ${germanDate(previous.to)}`,
  );
  // The one-page summary for committee meetings: key figures and two charts on one A4 page.
  await page.evaluate(() => {
    window.print = () => undefined;
  });
  await page.getByRole('button', { name: 'Kurzfassung (1 Seite)' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-print', 'summary');
  const pdf = await page.pdf({ format: 'A4', path: testInfo.outputPath('kurzfassung.pdf') });
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(1);
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: testInfo.outputPath('kurzfassung.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // All regions: the region filter narrows the figures and lands in the URL.
  await page.getByLabel('Region', { exact: true }).selectOption('SINDELFINGEN');
  await expect(page).toHaveURL(/region=SINDELFINGEN/);
  await expect(page.getByText('Region: Sindelfingen/Böblingen/Calw')).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousViolations(page);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the key figures stand in one column and nothing scrolls sideways', async ({ page }) => {
    test.setTimeout(180_000);
    // Landing after the form sign-in is covered above; here only the layout counts.
    await signInViaApi(page, DEMO.statistics);
    await page.goto('/#/statistics');
    await expect(heading(page, 'Statistik')).toBeVisible({ timeout: 30_000 });
    await expect(kpiValue(page, 'views')).toBeVisible({ timeout: 30_000 });
    const first = await page.getByTestId('kpi-organizations.active').boundingBox();
    const second = await page.getByTestId('kpi-organizations.members').boundingBox();
    expect(first && second).toBeTruthy();
    expect(Math.abs(first!.x - second!.x)).toBeLessThan(1);
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    expect(first!.width).toBeGreaterThan(300);
    await page.getByRole('region', { name: 'Unternehmen im Zeitraum' }).scrollIntoViewIfNeeded();
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousViolations(page);
  });
});
