import { expect, test } from '@playwright/test';
import { DEMO, heading, signInViaApi } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';

/** Issue #14: the small things a user notices at once. */

test('the formatting toolbar is one tab stop with arrow keys inside', async ({ page }) => {
  await signInViaApi(page, DEMO.company);
  await page.goto('/#/vacancies/new');
  await expect(heading(page, 'Neue Stellenanzeige')).toBeVisible();
  const toolbar = page.getByRole('toolbar').first();
  await expect(toolbar).toHaveAttribute('aria-label', /^Formatierung: /);
  await expect(toolbar.locator('button:not([tabindex="-1"])')).toHaveCount(1);
  await expect(toolbar.getByRole('separator')).toHaveCount(2);

  await toolbar.getByRole('button', { name: 'Fett' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(toolbar.getByRole('button', { name: 'Kursiv' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(toolbar.getByRole('button', { name: 'Link einfügen' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(toolbar.getByRole('button', { name: 'Fett' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(toolbar.getByRole('button', { name: 'Link einfügen' })).toBeFocused();
  // Tab leaves the toolbar for its text; Shift+Tab comes back to the button used last.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox').and(page.locator('.mw-rich-text')).first()).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(toolbar.getByRole('button', { name: 'Link einfügen' })).toBeFocused();
  await expect(toolbar.getByRole('button', { name: 'Fett' })).toHaveAttribute('aria-pressed', 'false');
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: '../.tmp/screens/polish-toolbar-1280.png' });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a used or expired reset link says so when opened and offers a new one for the address', async ({ page }) => {
    await page.goto(`/#/authaction?mode=resetPassword&token=schon-verwendet&email=${encodeURIComponent(DEMO.company)}`);
    await expect(heading(page, 'Neues Passwort festlegen')).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Dieser Link wurde bereits verwendet oder ist abgelaufen.');
    await expect(page.getByLabel('Neues Passwort', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Rechtliches' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: '../.tmp/screens/polish-reset-expired-375.png', fullPage: true });

    await page.getByRole('button', { name: 'Neuen Link anfordern' }).click();
    const dialog = page.getByRole('dialog', { name: 'Passwort zurücksetzen' });
    await expect(dialog.getByLabel('E-Mail-Adresse')).toHaveValue(DEMO.company);
    await expectNoSeriousViolations(page);
  });

  test('the e-mail link page has the login’s frame and legal links', async ({ page }) => {
    await page.goto('/#/authaction?mode=verifyEmail&token=gibt-es-nicht');
    await expect(heading(page, 'E-Mail-Adresse bestätigen')).toBeVisible();
    await expect(
      page
        .getByRole('alert')
        .or(page.getByText(/ungültig oder abgelaufen/))
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Rechtliches' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: '../.tmp/screens/polish-verify-375.png', fullPage: true });
  });
});

test('the server serves the icon for every page, cached', async ({ request }) => {
  for (const [path, type] of [
    ['/favicon.ico', 'image/x-icon'],
    ['/favicon.svg', 'image/svg+xml'],
  ] as const) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toBe(type);
    expect(response.headers()['cache-control'], path).toBe('public, max-age=86400');
  }
});

test('the Help page says it is the menu’s "Einstellungen & Rechtliches"', async ({ page }) => {
  await signInViaApi(page, DEMO.company);
  await page.goto('/#/vacancies');
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Einstellungen & Rechtliches' })
    .click();
  await expect(heading(page, 'Support & Einstellungen')).toBeVisible();
  await expect(page.getByText('Im Menü heißt dieser Bereich „Einstellungen & Rechtliches“.')).toBeVisible();
  await page.screenshot({ path: '../.tmp/screens/polish-help-1280.png' });
});
