import { expect, test } from '@playwright/test';
import { DEMO, heading, signInViaApi, signInViaForm } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the drawer is temporary, opens with its toggle and holds logout', async ({ page }) => {
    await signInViaForm(page, DEMO.company);
    // Employers land on Mein Unternehmen (spec; issue 48 item 10), on a phone too.
    await expect(heading(page, 'Mein Unternehmen')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Navigation öffnen' }).click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Abmelden' })).toBeVisible();
    await nav.getByRole('link', { name: 'Mein Unternehmen', exact: true }).click();
    await expect(heading(page, 'Mein Unternehmen')).toBeVisible();
    await expect(nav).toBeHidden();
    await expectNoSeriousViolations(page);
  });

  test('an administrator on mobile gets a full page load to the root and is forwarded to Statistics', async ({
    page,
  }) => {
    await signInViaForm(page, DEMO.admin);
    await expect(heading(page, 'Statistik')).toBeVisible();
  });
});

test.describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  test('Login has no serious or critical violations and loads without console errors', async ({ page }) => {
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto('/#/login');
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    await expectNoSeriousViolations(page);
    expect(consoleErrors).toEqual([]);
  });

  test('Signup has no serious or critical violations', async ({ page }) => {
    await page.goto('/#/signup');
    await expect(page.getByRole('button', { name: 'Registrieren' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('the app shell has no serious or critical violations', async ({ page }) => {
    await signInViaApi(page, DEMO.partner);
    await page.goto('/#/statistics');
    await expect(heading(page, 'Statistik')).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.goto('/#/help');
    await expect(heading(page, 'Support & Einstellungen')).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
