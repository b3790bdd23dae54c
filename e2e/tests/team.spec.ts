import { expect, test, type Browser, type Page } from '@playwright/test';
import { API_PATHS } from '@matchwerk/shared';
import { DEMO, heading, signInViaApi, signInViaForm, uniqueEmail } from '../support/fixtures';
import { authActionLink, waitForMail } from '../support/mailbox';
import { expectNoSeriousViolations } from '../support/accessibility';
import { expectNoHorizontalOverflow } from '../support/layout';

const PASSWORD = 'Kollegial-im-Neckartal-2026';

/**
 * The invited person opens the mailed link in a browser of its own (375 px wide: people open
 * invitation mails on their phones), sets a password, accepts the legal texts and lands in the
 * app signed in. Returns that page.
 */
async function acceptInvitation(browser: Browser, email: string, organizationName: string): Promise<Page> {
  const mail = await waitForMail(email, /^Einladung zu Matchwerk/);
  expect(mail.subject).toBe(`Einladung zu Matchwerk: ${organizationName}`);
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto(authActionLink(mail));
  await expect(heading(page, 'Einladung annehmen')).toBeVisible();
  await expect(page.getByText(`Sie wurden eingeladen, ${organizationName} bei Matchwerk zu vertreten.`)).toBeVisible();
  await expect(page.getByText(`Ihr Konto: ${email}`)).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Passwort wiederholen', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Einladung annehmen' }).click();

  await expect(page.getByRole('heading', { name: 'Datenschutz und Nutzungsbedingungen' })).toBeVisible();
  await page.getByRole('checkbox', { name: /Datenschutzerklärung gelesen/ }).check();
  await page.getByRole('checkbox', { name: /Nutzungsbedingungen\./ }).check();
  await page.getByRole('button', { name: 'Zustimmen und fortfahren' }).click();
  await expect(heading(page, 'Stellenanzeigen')).toBeVisible();
  return page;
}

/** Mein Unternehmen shows the company and the person itself in the team. */
async function expectOwnCompany(page: Page, organizationName: string, personName: string): Promise<void> {
  await page.goto('/#/settings');
  await expect(heading(page, 'Mein Unternehmen')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name des Unternehmens' })).toHaveValue(organizationName);
  const team = page.getByRole('list', { name: 'Mitglieder' });
  await expect(
    team.getByRole('listitem').filter({ hasText: personName }).getByText('Sie', { exact: true }),
  ).toBeVisible();
}

test('an employer invites a colleague who accepts by mail, sees the company, and is removed again', async ({
  page,
  browser,
}) => {
  // Two browsers, axe runs, scrypt per sign-in and a mail round trip: more than a minute on 2 cores.
  test.setTimeout(150_000);
  const email = uniqueEmail('kollege');
  await signInViaForm(page, DEMO.company);
  await expect(heading(page, 'Mein Unternehmen')).toBeVisible();
  const organizationName = await page.getByRole('textbox', { name: 'Name des Unternehmens' }).inputValue();
  await expect(page.getByRole('heading', { level: 2, name: 'Team' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Mitglieder' }).getByText('Sie', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Kollegin/Kollegen einladen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kollegin/Kollegen einladen' });
  await dialog.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(DEMO.companyLichtenfels);
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Kai Kollege');
  await dialog.getByRole('button', { name: 'Einladung senden' }).click();
  // An address with an account is refused at the field.
  await expect(dialog.getByText('Für diese E-Mail-Adresse gibt es bereits ein Konto.')).toBeVisible();
  await expectNoSeriousViolations(page);
  await dialog.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
  await dialog.getByRole('button', { name: 'Einladung senden' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Die Einladung an ${email} ist unterwegs.`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Offene Einladungen' }).getByText(email)).toBeVisible();
  await expectNoSeriousViolations(page);

  const colleague = await acceptInvitation(browser, email, organizationName);
  await expectOwnCompany(colleague, organizationName, 'Kai Kollege');

  // The employer sees the new colleague (no longer invited) and removes it.
  await page.reload();
  const members = page.getByRole('list', { name: 'Mitglieder' });
  await expect(members.getByText(email)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Offene Einladungen' }).getByText(email)).toHaveCount(0);
  await members.getByRole('button', { name: 'Kai Kollege entfernen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Kollegin/Kollegen entfernen?' });
  await expect(confirm).toContainText(email);
  await confirm.getByRole('button', { name: 'Endgültig entfernen' }).click();
  await expect(page.getByText('Kai Kollege wurde entfernt.')).toBeVisible();
  await expect(members.getByText(email)).toHaveCount(0);

  // Its session ended with the account, and the link stays used up.
  expect((await colleague.request.get(API_PATHS.currentUser)).status()).toBe(401);
  await colleague.context().close();
});

test('a partner creates an organisation with a first user, who accepts and sees its company on Mein Unternehmen', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('erster');
  const organizationName = `Teamtest Metallbau ${Date.now()}`;
  await signInViaForm(page, DEMO.partner);
  await expect(heading(page, 'Statistik')).toBeVisible();
  await page.goto('/#/organization/new');
  await expect(heading(page, 'Neues Unternehmen')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name des Unternehmens' }).fill(organizationName);
  await page.getByRole('combobox', { name: 'Region' }).selectOption('SINDELFINGEN');
  await page.getByRole('switch', { name: 'Ersten Nutzer einladen' }).check();
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Erika Erste');
  await page.getByRole('button', { name: 'Unternehmen anlegen' }).click();
  await expect(page.getByText(`Die Einladung an ${email} ist unterwegs.`)).toBeVisible();
  await expect(page).toHaveURL(/#\/organization\/[0-9a-f-]{36}$/);
  // The partner's view of the new organisation lists the open invitation.
  await expect(page.getByRole('heading', { level: 2, name: 'Nutzer dieses Unternehmens' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Offene Einladungen' }).getByText(email)).toBeVisible();

  const firstUser = await acceptInvitation(browser, email, organizationName);
  await expectOwnCompany(firstUser, organizationName, 'Erika Erste');
  await firstUser.context().close();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the team section and the invite dialog fit the phone and are axe-clean', async ({ page }) => {
    await signInViaApi(page, DEMO.company);
    await page.goto('/#/settings');
    await expect(heading(page, 'Mein Unternehmen')).toBeVisible();
    const members = page.getByRole('list', { name: 'Mitglieder' });
    await members.scrollIntoViewIfNeeded();
    await expect(members.getByText('Sie', { exact: true })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: 'Kollegin/Kollegen einladen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kollegin/Kollegen einladen' });
    await expect(dialog.getByRole('textbox', { name: 'E-Mail-Adresse' })).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await expectNoSeriousViolations(page);
  });
});
