import { expect, test, type Page } from '@playwright/test';
import { DEMO, heading, signInViaForm } from '../support/fixtures';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });

test('an administrator lands on Statistics and sees the admin entries', { tag: '@smoke' }, async ({ page }) => {
  await signInViaForm(page, DEMO.admin);
  await expect(page).toHaveURL(/#\/statistics$/);
  await expect(heading(page, 'Statistik')).toBeVisible();
  for (const entry of [
    'Statistik',
    'Stellenanzeigen',
    'Unternehmen',
    'Nutzer',
    'Bestellungen',
    'Einstellungen & Rechtliches',
  ]) {
    // "Unternehmen" may carry its waiting-companies badge: "Unternehmen, 1 warten auf Freischaltung".
    await expect(nav(page).getByRole('link', { name: new RegExp(`^${entry}(,|$)`) })).toBeVisible();
  }
  for (const hidden of ['Anfragen', 'Nachrichten', 'Mein Unternehmen', 'Schüler']) {
    await expect(nav(page).getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  }
});

test('a partner of Sindelfingen sees Orders and Students, a partner of Lichtenfels does not', async ({ page }) => {
  await signInViaForm(page, DEMO.partner);
  await expect(heading(page, 'Statistik')).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Bestellungen', exact: true })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Schüler', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/#\/login/);

  await signInViaForm(page, DEMO.partnerLichtenfels);
  await expect(heading(page, 'Statistik')).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Bestellungen', exact: true })).toHaveCount(0);
  await expect(nav(page).getByRole('img', { name: /Lichtenfels/ })).toBeVisible();
  await expect(nav(page).getByRole('img', { name: /Horb/ })).toBeVisible();
});

test('an organisation user lands on Settings and gets "Keine Berechtigung" on an admin route', async ({ page }) => {
  await signInViaForm(page, DEMO.company);
  await expect(page).toHaveURL(/#\/settings$/);
  await expect(heading(page, 'Mein Unternehmen')).toBeVisible();
  await expect(nav(page).getByRole('link', { name: /^Anfragen(, \d+ neu)?$/ })).toBeVisible();
  // The link's name carries the unread count when there is one ("Nachrichten, 2 ungelesen").
  const messages = nav(page).getByRole('link', { name: /^Nachrichten(, \d+ ungelesen)?$/ });
  await messages.click();
  await expect(heading(page, 'Nachrichten')).toBeVisible();
  await expect(messages).toHaveAttribute('aria-current', 'page');

  await page.goto('/#/users');
  await expect(page.getByRole('heading', { name: /Keine Berechtigung/ })).toBeVisible();
});

test('a signed-out deep link to a protected route goes to Login and back there after sign-in', async ({ page }) => {
  await page.goto('/#/organizations');
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toHaveCount(0);

  await page.getByLabel('E-Mail-Adresse').fill(DEMO.admin);
  await page.getByLabel('Passwort', { exact: true }).fill('Matchwerk-Demo-2026');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/#\/organizations$/);
  await expect(heading(page, 'Unternehmen')).toBeVisible();
});

test('a user who has not signed the legal texts must accept them before anything else', async ({ page }) => {
  await signInViaForm(page, DEMO.legalNotSigned);
  await expect(page.getByRole('heading', { name: 'Datenschutz und Nutzungsbedingungen' })).toBeVisible();
  await page.goto('/#/help');
  await expect(page.getByRole('heading', { name: 'Datenschutz und Nutzungsbedingungen' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Datenschutzerklärung' }).first()).toHaveAttribute('href', /datenschutz/);
});
