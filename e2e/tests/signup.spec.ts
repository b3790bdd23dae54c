import { expect, test } from '@playwright/test';
import { PASSWORD_LENGTH_MESSAGES, REGION_LABELS, UI_MESSAGES } from '@matchwerk/shared';
import { expectNoSeriousViolations } from '../support/accessibility';
import { authActionLink, waitForMail } from '../support/mailbox';
import { DEMO, heading, signInViaApi, signInViaForm, uniqueEmail } from '../support/fixtures';

test('a new employer signs up (one consent), is told about the release, confirms the e-mail outside the signed-in shell; the partner sees the waiting company, releases it and the company gets a mail', async ({
  page,
  browser,
}, testInfo) => {
  const email = uniqueEmail('signup');
  const password = 'Lange-Passphrase-fuer-Tests-2026';
  const company = `Schreinerei Holzwurm ${Date.now()} GmbH`;

  await page.goto('/#/signup');
  await page.getByLabel('Name des Unternehmens').fill(company);
  await page.getByLabel('Ihr Name').fill('Petra Holzwurm');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByLabel('Region').selectOption({ label: REGION_LABELS.SINDELFINGEN });
  await page.getByRole('checkbox', { name: /Nutzungsbedingungen/ }).check();
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByText(/Bestätigungslink/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('item3-signup-confirmation.png'), fullPage: true });
  // The release step is no surprise (issue 48 item 3).
  await expect(page.getByText(UI_MESSAGES.signupRelease)).toBeVisible();
  await expectNoSeriousViolations(page);

  const mail = await waitForMail(email, /bestätigen/i);
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(authActionLink(mail));
  await expect(page.getByText(/E-Mail-Adresse bestätigt/)).toBeVisible();
  // Its link signs in, but the page is not shown inside the signed-in shell (issue 48 item 9).
  await expect(page.getByRole('button', { name: 'Abmelden' })).toHaveCount(0);
  await page.getByRole('button', { name: /weiter/i }).click();

  // The sign-up's checkbox accepted both texts (ADR 0113): no second consent.
  await expect(page).toHaveURL(/#\/settings$/);
  await expect(heading(page, 'Mein Unternehmen')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Datenschutz und Nutzungsbedingungen' })).toHaveCount(0);
  expect(failed).toEqual([]);

  // The partner of the region: a badge on Unternehmen, the Statistik card opens the waiting list.
  const partnerContext = await browser.newContext();
  const partner = await partnerContext.newPage();
  await signInViaApi(partner, DEMO.partner);
  await partner.goto('/#/statistics');
  const organizationsLink = partner.getByRole('link', { name: /^Unternehmen, \d+ warten auf Freischaltung$/ });
  await expect(organizationsLink).toBeVisible();
  await expect(partner.getByTestId('badge-organizations')).toBeVisible();
  const waitingCard = partner.getByTestId('kpi-organizations.waiting');
  await waitingCard.scrollIntoViewIfNeeded();
  await partner.screenshot({ path: testInfo.outputPath('item3-partner-statistics.png') });
  await waitingCard.getByRole('link', { name: 'Wartende Unternehmen ansehen' }).click();
  await expect(partner).toHaveURL(/#\/organizations\?status=waiting$/);
  const row = partner.getByRole('row', { name: new RegExp(company) });
  await expect(row).toBeVisible();
  await partner.screenshot({ path: testInfo.outputPath('item3-partner-waiting-list.png') });
  await expectNoSeriousViolations(partner);

  await row.getByRole('switch', { name: `${company} aktiv` }).click();
  const released = await waitForMail(email, /freigeschaltet/);
  expect(released.subject).toBe('Matchwerk: Ihr Unternehmen ist freigeschaltet');
  await partnerContext.close();

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
