import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { heading } from '../support/fixtures';

/** Texts of the demo that must never reach the public: contact persons and e-mail addresses. */
const PERSONAL = /Thomas Hofmann|Petra Lang|@matchwerk\.example|info@korbmacherei|kanzlei@main-auen/;

test.describe('the server-rendered region preview without JavaScript at 375 px', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });

  test('a visitor opens /vorschau-lichtenfels, filters by type through the form and follows a posting to its page', async ({
    page,
  }) => {
    await page.goto('/vorschau-lichtenfels');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Ausbildung und Jobs: Landkreis Lichtenfels' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /^\d+ Stellen gefunden$/ })).toBeVisible();
    expect(await page.getByRole('article').count()).toBeGreaterThanOrEqual(6);
    await expect(page.getByRole('link', { name: 'Zum Suchen und Filtern' })).toHaveAttribute(
      'href',
      '/#/vorschau-lichtenfels',
    );
    await expect(page.getByRole('heading', { name: 'Interesse? Bewirb dich mit der Matchwerk-App' })).toBeVisible();
    expect(await page.locator('body').innerText()).not.toMatch(PERSONAL);

    await page.getByLabel('Art der Stelle').selectOption({ label: 'Praktikum' });
    await page.getByRole('button', { name: 'Filter anwenden' }).click();
    await expect(page).toHaveURL(/\/vorschau-lichtenfels\?type=INTERNSHIP&/);
    await expect(page.getByRole('heading', { level: 2, name: '2 Stellen gefunden' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(2);
    await expect(page.getByLabel('Art der Stelle')).toHaveValue('INTERNSHIP');

    await page.getByRole('link', { name: 'Praktikum in der Flechtwerkstatt (2–3 Wochen)' }).click();
    await expect(page).toHaveURL(/\/stellen\/[0-9a-f-]{36}$/);
    await expect(heading(page, 'Praktikum in der Flechtwerkstatt (2–3 Wochen)')).toBeVisible();
    expect(await page.locator('body').innerText()).not.toMatch(PERSONAL);
  });

  test('an unknown region answers a German 404 page', async ({ page }) => {
    const response = await page.goto('/vorschau-atlantis');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Region nicht gefunden' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Landkreis Lichtenfels' })).toHaveAttribute(
      'href',
      '/vorschau-lichtenfels',
    );
  });
});

test.describe('the server-rendered region preview at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  // axe and the overflow check run scripts of their own, so in an ordinary page — the page itself has no script.
  test('has no serious accessibility violations and no horizontal overflow, unfiltered and filtered', async ({
    page,
  }) => {
    for (const url of [
      '/vorschau-lichtenfels',
      '/vorschau-lichtenfels?type=INTERNSHIP&zipCode=96215&radiusKm=25&sort=distance',
    ]) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        url,
      ).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, url).toBeLessThanOrEqual(0);
    }
    // Keyboard: the first control of the form takes the focus with a visible outline.
    await page.getByLabel('Art der Stelle').focus();
    const outline = await page
      .getByLabel('Art der Stelle')
      .evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).toBe('solid');
  });
});
