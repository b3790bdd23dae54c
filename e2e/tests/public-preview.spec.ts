import { expect, test } from '@playwright/test';
import { API_PATHS, type PublicVacancyListResponse } from '@matchwerk/shared';
import { DEMO, heading, signInViaApi } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';
import { expectNoHorizontalOverflow } from '../support/layout';

/** Texts of the demo that must never reach the public: contact persons and e-mail addresses. */
const PERSONAL = /Thomas Hofmann|Petra Lang|@matchwerk\.example|info@korbmacherei|kanzlei@main-auen/;

test.describe('an anonymous visitor at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('opens the Lichtenfels preview without login, filters, opens a posting and sees no personal data', async ({
    page,
  }) => {
    await page.goto('/#/vorschau-lichtenfels');
    await expect(heading(page, 'Ausbildung und Jobs: Landkreis Lichtenfels')).toBeVisible();
    await expect(page).toHaveURL(/#\/vorschau-lichtenfels$/);
    // No sidebar, no login form: a public page (its only navigation is the operator's legal links).
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toHaveCount(0);
    await expect(page.getByLabel('Passwort')).toHaveCount(0);
    await expect(page.getByText(/\d+ Stellen gefunden/)).toBeVisible();
    const cards = page.getByRole('article');
    expect(await cards.count()).toBeGreaterThanOrEqual(6);
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);

    await page.getByLabel('Art der Stelle').selectOption({ label: 'Praktikum' });
    await expect(page).toHaveURL(/type=INTERNSHIP/);
    await expect(page.getByText('2 Stellen gefunden')).toBeVisible();
    await page.getByLabel('Postleitzahl').fill('96215');
    await page.getByRole('button', { name: 'Umkreis anwenden' }).click();
    await expect(page).toHaveURL(/zipCode=96215/);
    await expect(page).toHaveURL(/sort=distance/);
    await expect(page.getByText(/km entfernt/).first()).toBeVisible();

    await page.getByRole('link', { name: 'Details zu Praktikum in der Flechtwerkstatt (2–3 Wochen)' }).click();
    await expect(heading(page, 'Praktikum in der Flechtwerkstatt (2–3 Wochen)')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Interesse? Bewirb dich mit der Matchwerk-App' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ort auf OpenStreetMap ansehen' })).toHaveAttribute(
      'href',
      /openstreetmap\.org\/\?mlat=/,
    );
    await expect(page.getByRole('img', { name: /Foto 1 von 2 zur Stelle/ })).toBeVisible();
    // The company made its phone public; contact persons and e-mail addresses never show.
    await expect(page.getByRole('link', { name: '09571 98760' })).toBeVisible();
    expect(await page.locator('body').innerText()).not.toMatch(PERSONAL);
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);

    await page.getByRole('link', { name: 'Zurück zur Übersicht' }).click();
    await expect(page).toHaveURL(/type=INTERNSHIP/);
  });

  test('an unknown region shows a German not-found page', async ({ page }) => {
    await page.goto('/#/vorschau-atlantis');
    await expect(heading(page, 'Region nicht gefunden')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Landkreis Lichtenfels' })).toBeVisible();
  });

  test('the public posting page is server-rendered HTML with valid JobPosting JSON-LD, accessible and without overflow', async ({
    page,
    request,
  }) => {
    const list = (await (
      await request.get(`${API_PATHS.publicVacancies}?region=LICHTENFELS&limit=50`)
    ).json()) as PublicVacancyListResponse;
    const posting = list.items.find((item) => item.title.startsWith('Ausbildung Flechtwerkgestalter'))!;
    // Fetched without a browser: the HTML itself carries everything a crawler reads.
    const response = await request.get(`/stellen/${posting.id}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('public, max-age=60');
    const html = await response.text();
    expect(html).not.toMatch(PERSONAL);
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    );
    expect(blocks).toHaveLength(1);
    const jobPosting = blocks[0]!;
    expect(jobPosting).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: posting.title,
      employmentType: 'FULL_TIME',
      directApply: false,
      hiringOrganization: { '@type': 'Organization', name: 'Korbmacherei Obermain e. K.' },
      jobLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          postalCode: '96215',
          addressLocality: 'Lichtenfels',
          addressCountry: 'DE',
        },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'EUR',
        value: { '@type': 'QuantitativeValue', minValue: 900, maxValue: 1100, unitText: 'MONTH' },
      },
    });
    for (const property of ['description', 'datePosted', 'validThrough', 'identifier', 'url'])
      expect(jobPosting).toHaveProperty(property);

    // The same page in a browser without JavaScript: readable as it comes.
    const context = await page
      .context()
      .browser()!
      .newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
    const noScript = await context.newPage();
    await noScript.goto(`/stellen/${posting.id}`);
    await expect(noScript.getByRole('heading', { level: 1, name: posting.title })).toBeVisible();
    await expect(noScript.getByRole('link', { name: 'Alle Stellen in Landkreis Lichtenfels' })).toHaveAttribute(
      'href',
      '/#/vorschau-lichtenfels',
    );
    await context.close();
    // axe and the overflow check run scripts of their own: in the ordinary page (the page itself has none).
    await page.goto(`/stellen/${posting.id}`);
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);

    const missing = await request.get('/stellen/00000000-0000-4000-8000-000000000000');
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('Stellenanzeige nicht gefunden');
  });
});

test('the employer shares a posting: public URL with copy confirmation and QR code; an inactive posting explains why there is none', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInViaApi(page, DEMO.companyLichtenfels);
  await page.goto('/#/vacancies');
  await expect(heading(page, 'Stellenanzeigen')).toBeVisible();

  await page.getByRole('button', { name: 'Link teilen: Ausbildung Flechtwerkgestalter/in (m/w/d)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Link teilen' });
  const url = dialog.getByLabel('Öffentlicher Link');
  await expect(url).toHaveValue(/\/stellen\/[0-9a-f-]{36}$/);
  await expect(dialog.getByRole('img', { name: /QR-Code mit dem Link/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'QR-Code als PNG herunterladen' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Link kopieren' }).click();
  await expect(dialog.getByText('Der Link wurde in die Zwischenablage kopiert.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await url.inputValue());
  await expectNoSeriousViolations(page);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'QR-Code als PNG herunterladen' }).click();
  expect((await download).suggestedFilename()).toBe('stellenanzeige-qr-code.png');
  await dialog.getByRole('button', { name: 'Schließen' }).click();

  await page.getByRole('button', { name: 'Link teilen: Ferienjob im Verkauf (Sommer 2027)' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Link teilen' }).getByText(/nicht aktiv und hat deshalb keinen öffentlichen Link/),
  ).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Link teilen' }).getByLabel('Öffentlicher Link')).toHaveCount(0);
});
