import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { formatEuro, type Order, type OrderListResponse } from '@matchwerk/shared';
import { e2eEnv } from '../support/e2e-env';
import { DEMO, heading, signInViaApi, signInViaForm } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';
import { expectNoHorizontalOverflow } from '../support/layout';

async function downloadedText(download: Download): Promise<string> {
  const bytes = await readFile(await download.path());
  // The BOM must be there for German Excel.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes.subarray(3).toString('utf8');
}

const sumsTable = (page: Page) => page.getByRole('table', { name: 'Summen der gefilterten Bestellungen' });
const sumsRow = (page: Page, label: string) =>
  sumsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${label} \\(\\d+\\)$`) }) });

test('the admin orders a package for a demo company, marks it paid and exports it', async ({ page }) => {
  // Long: axe over the full grid and the products table takes a while on a busy machine.
  test.setTimeout(240_000);
  await signInViaForm(page, DEMO.admin);
  await expect(heading(page, 'Statistik')).toBeVisible({ timeout: 30_000 });
  await page.goto('/#/orders');
  await expect(heading(page, 'Bestellungen')).toBeVisible({ timeout: 30_000 });
  // The demo orders of 2026 are listed with their invoice numbers, the products below.
  await expect(page.getByRole('grid', { name: 'Bestellungen' }).getByText('2026-0001')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('heading', { name: 'Produkte' })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'Neue Bestellung' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neue Bestellung' });
  await dialog.getByRole('combobox', { name: 'Unternehmen' }).fill('Schwabenwerk');
  await page.getByRole('option', { name: 'Schwabenwerk Präzisionstechnik GmbH' }).click();
  await dialog.getByLabel('Produkt').selectOption({ label: `Starter 3 Monate / 1 Anzeige – ${formatEuro(199)} netto` });
  await dialog.getByLabel('Menge').fill('2');
  await dialog.getByRole('group', { name: 'Beginn des Zeitraums' }).getByRole('spinbutton', { name: 'Tag' }).click();
  await page.keyboard.type('01032026');
  await expect(dialog.getByText('Ende: 31.05.2026 (3 Monate)')).toBeVisible();
  // 2 × 199,00 € = 398,00 € net, 75,62 € VAT, 473,62 € gross, shown before saving.
  await expect(dialog.getByText(formatEuro(473.62))).toBeVisible();
  await dialog.getByRole('button', { name: 'Bestellung anlegen' }).click();
  const created = page.getByText(/^Die Bestellung \d{4}-\d{4} wurde angelegt\.$/);
  await expect(created).toBeVisible();
  const invoiceNumber = /(\d{4}-\d{4})/.exec((await created.textContent()) ?? '')![1]!;

  // Find it by its invoice number: one open order, the sums of exactly this order.
  await page.getByLabel('Suche').fill(invoiceNumber);
  await expect(page).toHaveURL(new RegExp(`search=${invoiceNumber}`));
  const grid = page.getByRole('grid', { name: 'Bestellungen' });
  const row = grid.getByRole('row').filter({ hasText: invoiceNumber });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('offen', { exact: true })).toBeVisible();
  await expect(row.getByText('Schwabenwerk Präzisionstechnik GmbH')).toBeVisible();
  await expect(row.getByText('01.03.2026 – 31.05.2026')).toBeVisible();
  await expect(sumsRow(page, 'offen')).toContainText(formatEuro(473.62));

  await row.getByRole('button', { name: `Aktionen für Bestellung ${invoiceNumber}` }).click();
  await page.getByRole('menuitem', { name: 'Als bezahlt markieren' }).click();
  await page
    .getByRole('dialog', { name: 'Als bezahlt markieren?' })
    .getByRole('button', { name: 'Als bezahlt markieren' })
    .click();
  // The row, not the 5-second snackbar: on a starved CI machine the snackbar came and went
  // between two looks (its text is checked in orders-screen.test.tsx).
  await expect(row.getByText('bezahlt', { exact: true })).toBeVisible();
  await expect(sumsRow(page, 'bezahlt')).toContainText(formatEuro(473.62));
  await expect(sumsRow(page, 'offen')).toContainText(formatEuro(0));

  // The export holds the filtered rows with euro amounts as numbers (decimal comma).
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'CSV exportieren' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^matchwerk-bestellungen-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await downloadedText(download)).split('\r\n');
  expect(lines[0]).toBe(
    'Rechnungsnr.;Datum;Unternehmen;Region;Produkt;Menge;Zeitraum von;Zeitraum bis;Einzelpreis netto (EUR);Netto (EUR);USt.-Satz (%);USt. (EUR);Brutto (EUR);Status;Bezahlt am;Storniert am;Erstellt von;Notiz',
  );
  expect(lines.filter((line) => line !== '')).toHaveLength(2);
  const fields = lines[1]!.split(';');
  expect(fields[0]).toBe(invoiceNumber);
  expect(fields.slice(2, 18)).toEqual([
    'Schwabenwerk Präzisionstechnik GmbH',
    'Sindelfingen/Böblingen/Calw',
    'Starter 3 Monate / 1 Anzeige',
    '2',
    '01.03.2026',
    '31.05.2026',
    '199',
    '398',
    '19',
    '75,62',
    '473,62',
    'bezahlt',
    fields[1]!,
    '',
    DEMO.admin,
    '',
  ]);
});

test('the Sindelfingen partner sees only the orders of its regions', async ({ page }) => {
  test.setTimeout(120_000);
  await signInViaApi(page, DEMO.admin);
  const all = await page.request.get('/rest/orders?pageSize=100');
  const foreign = ((await all.json()) as OrderListResponse).items.find(
    (order: Order) => order.organizationRegion !== 'SINDELFINGEN',
  );
  expect(foreign, 'the demo data has orders of other regions').toBeTruthy();
  await page.context().clearCookies();

  await signInViaForm(page, DEMO.partner);
  await expect(heading(page, 'Statistik')).toBeVisible({ timeout: 30_000 });
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Bestellungen', exact: true })
    .click();
  await expect(heading(page, 'Bestellungen')).toBeVisible({ timeout: 30_000 });
  const own = (await (await page.request.get('/rest/orders?pageSize=100')).json()) as OrderListResponse;
  expect(own.total).toBeGreaterThan(0);
  expect(own.items.every((order) => order.organizationRegion === 'SINDELFINGEN')).toBe(true);
  await expect(sumsTable(page).getByRole('rowheader', { name: `Gesamt (${own.total})` })).toBeVisible();
  // No products section for partners.
  await expect(page.getByRole('heading', { name: 'Produkte' })).toHaveCount(0);

  await page.getByLabel('Suche').fill(foreign!.invoiceNumber);
  await expect(page.getByText('Keine Bestellungen passen zu den Filtern.')).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('the Lichtenfels partner has neither orders nor student statistics', async ({ page }) => {
  test.setTimeout(90_000);
  await signInViaForm(page, DEMO.partnerLichtenfels);
  await expect(heading(page, 'Statistik')).toBeVisible({ timeout: 30_000 });
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('link', { name: 'Bestellungen', exact: true })).toHaveCount(0);
  await page.goto('/#/orders');
  await expect(heading(page, 'Keine Berechtigung')).toBeVisible();
  await page.goto('/#/student-statistics');
  await expect(heading(page, 'Keine Berechtigung')).toBeVisible();
  for (const path of ['/rest/orders', '/rest/orders/export', '/rest/products']) {
    expect((await page.request.get(path)).status(), path).toBe(403);
  }
  const create = await page.request.post('/rest/orders', {
    data: {
      organizationId: '00000000-0000-4000-8000-000000000000',
      productId: '00000000-0000-4000-8000-000000000000',
      quantity: 1,
      periodStart: '2026-03-01',
    },
    headers: { Origin: e2eEnv.baseUrl },
  });
  expect(create.status()).toBe(403);
});

test('at 375 px the orders are a compact list and the dialog fills the screen', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await signInViaApi(page, DEMO.admin);
  await page.goto('/#/orders');
  await expect(heading(page, 'Bestellungen')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('listitem').filter({ hasText: '2026-0001' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('grid', { name: 'Bestellungen' })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await page.getByRole('button', { name: 'Neue Bestellung' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neue Bestellung' });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(370);
  await expectNoSeriousViolations(page);
});
