import { expect, test } from '@playwright/test';
import { PASSWORD_LENGTH_MESSAGES } from '@matchwerk/shared';
import { authActionLink, waitForMail } from '../support/mailbox';
import { heading, signInViaForm, uniqueEmail } from '../support/fixtures';

test('a new employer signs up, confirms the e-mail, accepts the privacy statement (the terms were accepted at sign-up) and lands on Settings next time', async ({
  page,
}) => {
  const email = uniqueEmail('signup');
  const password = 'Lange-Passphrase-fuer-Tests-2026';

  await page.goto('/#/signup');
  await page.getByLabel('Name des Unternehmens').fill('Schreinerei Holzwurm GmbH');
  await page.getByLabel('Ihr Name').fill('Petra Holzwurm');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByLabel('Region').selectOption({ label: 'Landkreis Lichtenfels' });
  await page.getByRole('checkbox', { name: /Nutzungsbedingungen/ }).check();
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByText(/Bestätigungslink/)).toBeVisible();

  const mail = await waitForMail(email, /bestätigen/i);
  await page.goto(authActionLink(mail));
  await expect(page.getByText(/E-Mail-Adresse bestätigt/)).toBeVisible();
  await page.getByRole('button', { name: /weiter/i }).click();

  await expect(page.getByRole('heading', { name: 'Datenschutz und Nutzungsbedingungen' })).toBeVisible();
  // The sign-up's checkbox accepted the current terms (ADR 0037): only the privacy statement is asked for.
  await expect(page.getByRole('checkbox')).toHaveCount(1);
  await page.getByRole('checkbox', { name: /Datenschutzerklärung gelesen/ }).check();
  await page.getByRole('button', { name: 'Zustimmen und fortfahren' }).click();
  await expect(page).toHaveURL(/#\/vacancies$/);
  await expect(heading(page, 'Stellenanzeigen')).toBeVisible();

  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/#\/login/);
  await signInViaForm(page, email, password);
  await expect(page).toHaveURL(/#\/settings$/);
  await expect(heading(page, 'Mein Unternehmen')).toBeVisible();
});

test('sign-up shows German errors next to the fields and refuses a common password', async ({ page }) => {
  await page.goto('/#/signup');
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).toBeVisible();
  await expect(
    page.getByText('Bitte stimmen Sie den Nutzungsbedingungen und der Datenschutzerklärung zu.'),
  ).toBeVisible();

  await page.getByLabel('Passwort', { exact: true }).fill('kurz');
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByText(PASSWORD_LENGTH_MESSAGES.tooShort)).toBeVisible();
});
