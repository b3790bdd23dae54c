import { expect, test } from '@playwright/test';
import { API_PATHS, UI_MESSAGES } from '@matchwerk/shared';
import { e2eEnv } from '../support/e2e-env';
import { DEMO, heading, signInViaForm, uniqueEmail } from '../support/fixtures';
import { authActionLink, mailsTo, waitForMail } from '../support/mailbox';

test('an unverified account gets the NOT_VERIFIED notice and can resend the confirmation', async ({ page }) => {
  await signInViaForm(page, DEMO.unverified);
  await expect(page).toHaveURL(/#\/login\?.*emailVerify=true/);
  await expect(page.getByText(/noch nicht bestätigt/).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toHaveCount(0);

  const before = mailsTo(DEMO.unverified).length;
  await page.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }).click();
  await expect(page.getByText(/erneut gesendet/)).toBeVisible();
  const mail = await waitForMail(DEMO.unverified, /bestätigen/i, before);
  expect(authActionLink(mail)).toContain('mode=verifyEmail');
});

test('an applicant is refused with a German message and stays signed out', async ({ page }) => {
  await signInViaForm(page, DEMO.applicant);
  await expect(page.getByRole('status').filter({ hasText: UI_MESSAGES.applicantRefused })).toBeVisible();
  await expect(page).toHaveURL(/#\/login/);
  // The message shows while the sign-out request is still under way.
  await expect.poll(async () => (await page.request.get(API_PATHS.currentUser)).status()).toBe(401);
});

test('a wrong password gets a German message, not a generic error', async ({ page }) => {
  await signInViaForm(page, DEMO.company, 'falsches-Passwort-123');
  await expect(page.getByText('E-Mail-Adresse oder Passwort ist nicht korrekt.')).toBeVisible();
});

test('a user resets a forgotten password through the mailed link', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  const oldPassword = 'Alte-Passphrase-fuer-Tests-2026';
  const newPassword = 'Neue-Passphrase-fuer-Tests-2026';
  const signup = await request.post(API_PATHS.signup, {
    headers: { Origin: e2eEnv.baseUrl },
    data: {
      companyName: 'Bäckerei Morgenrot',
      userName: 'Jonas Morgenrot',
      email,
      password: oldPassword,
      region: 'HORB',
      termsAndConditionsChecked: true,
    },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  await page.goto(authActionLink(await waitForMail(email, /bestätigen/i)));
  await expect(page.getByText(/E-Mail-Adresse bestätigt/)).toBeVisible();
  await page.context().clearCookies();

  await page.goto('/#/login');
  // A hash change alone keeps the SPA's state: reload so the app sees the session is gone.
  await page.reload();
  await page.getByRole('button', { name: 'Passwort vergessen?' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-Mail-Adresse').fill(email);
  await dialog.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByText(/senden wir Ihnen in Kürze einen Link/)).toBeVisible();

  const resetLink = authActionLink(await waitForMail(email, /Passwort/i));
  await page.goto(resetLink);
  await page.getByLabel('Neues Passwort', { exact: true }).fill(newPassword);
  await page.getByLabel('Neues Passwort wiederholen').fill(newPassword);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
  // Left the reset screen first: opening the link while it is still shown keeps its first answer.
  await expect(page.getByRole('button', { name: 'Passwort vergessen?' })).toBeVisible();

  // The same link a second time says at once that it is used up: no form to fill in first.
  await page.goto(resetLink);
  await expect(page.getByRole('alert')).toContainText('Dieser Link wurde bereits verwendet oder ist abgelaufen.');
  await expect(page.getByRole('button', { name: 'Neuen Link anfordern' })).toBeVisible();
  await expect(page.getByLabel('Neues Passwort', { exact: true })).toHaveCount(0);

  await signInViaForm(page, email, oldPassword);
  await expect(page.getByText('E-Mail-Adresse oder Passwort ist nicht korrekt.')).toBeVisible();
  await signInViaForm(page, email, newPassword);
  // Signed in with the new password; the sign-up's consent counted, so no consent screen (issue 48 item 9).
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Datenschutz und Nutzungsbedingungen' })).toHaveCount(0);
});

test('a signed-in user changes the password on the Help screen', async ({ page }) => {
  await signInViaForm(page, DEMO.companyLichtenfels);
  await expect(heading(page, 'Mein Unternehmen')).toBeVisible();
  await page.getByRole('link', { name: 'Einstellungen & Rechtliches', exact: true }).click();
  await expect(heading(page, 'Support & Einstellungen')).toBeVisible();
  await page.getByLabel('Aktuelles Passwort').first().fill('nicht-das-richtige-Passwort');
  await page.getByLabel('Neues Passwort', { exact: true }).fill('Noch-eine-lange-Passphrase-2026');
  await page.getByLabel('Neues Passwort wiederholen').fill('Noch-eine-lange-Passphrase-2026');
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByText('Das aktuelle Passwort ist nicht korrekt.')).toBeVisible();
});
