import { expect, test, type Page } from '@playwright/test';
import { API_PATHS, type CurrentUser } from '@matchwerk/shared';
import { e2eEnv } from '../support/e2e-env';
import { createEmployer } from '../support/employer';
import { DEMO, heading, signInViaApi, signInViaForm } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';
import { expectNoHorizontalOverflow } from '../support/layout';

/** Real image files: screenshots of the page, as JPEG and PNG. */
async function imageFiles(page: Page) {
  return [
    { name: 'werkstatt.jpg', mimeType: 'image/jpeg', buffer: await page.screenshot({ type: 'jpeg', quality: 80 }) },
    { name: 'team.png', mimeType: 'image/png', buffer: await page.screenshot({ type: 'png' }) },
  ];
}

test(
  'an employer creates a posting with every field and two photos, activates, edits, deactivates and deletes it',
  { tag: '@smoke' },
  async ({ page }) => {
    await createEmployer(page.request);
    await page.goto('/#/vacancies');
    await expect(heading(page, 'Stellenanzeigen')).toBeVisible();
    await expect(page.getByText('Noch keine Stellenanzeigen.', { exact: false })).toBeVisible();
    const photos = await imageFiles(page);
    await page
      .getByRole('link', { name: 'Neue Stellenanzeige' })
      .or(page.getByRole('button', { name: 'Neue Stellenanzeige' }))
      .first()
      .click();
    await expect(heading(page, 'Neue Stellenanzeige')).toBeVisible();

    await page.getByRole('textbox', { name: 'Titel', exact: true }).fill('Ausbildung zum Tischler (m/w/d)');
    await page.getByLabel('Art der Stelle').selectOption({ label: 'Ausbildung' });
    await page.getByLabel('Ausbildungsberuf').fill('Tischler/in');
    await page.getByLabel('Dauer', { exact: true }).fill('3 Jahre');
    // German date pickers (MUI X): type the digits into the day section.
    await page.getByRole('group', { name: 'Beginn', exact: true }).getByRole('spinbutton', { name: 'Tag' }).click();
    await page.keyboard.type('01082027');
    await page.getByRole('group', { name: 'Ausbildungsbeginn' }).getByRole('spinbutton', { name: 'Tag' }).click();
    await page.keyboard.type('01092027');
    await page.getByRole('textbox', { name: 'Beschreibung' }).fill('Du baust mit uns Möbel aus heimischem Holz.');
    await page.getByRole('textbox', { name: 'Was wir suchen' }).fill('Freude am Handwerk und Teamgeist.');
    await page.getByRole('textbox', { name: 'Über uns' }).fill('Familienbetrieb seit 1962.');
    await page.getByRole('textbox', { name: 'Aufgaben' }).fill('Zuschnitt, Montage, Oberflächen.');
    await page.getByRole('checkbox', { name: 'Übernahmegarantie bei gutem Abschluss' }).check();
    await page.getByRole('checkbox', { name: '30 Tage Urlaub' }).check();
    await page.getByRole('textbox', { name: 'Weitere Benefits' }).fill('Eigener Werkzeugkoffer.');
    await page.getByLabel('Gehaltsspanne').fill('1.000 – 1.200 € im Monat');
    for (const [year, amount] of [
      [1, '1000'],
      [2, '1100'],
      [3, '1200'],
    ] as const) {
      const field = page.getByLabel(`Vergütung ${year}. Ausbildungsjahr (€ pro Monat)`);
      if ((await field.count()) === 0) await page.getByRole('button', { name: 'Ausbildungsjahr hinzufügen' }).click();
      await field.fill(amount);
    }
    await page.getByLabel('Zusätzliche Vergütung').fill('Fahrtkostenzuschuss');
    await page.getByRole('textbox', { name: 'Ansprechperson' }).fill('Greta Sägespan');
    await page.getByLabel('Telefon').fill('07031 123456');
    await page.getByLabel('PLZ').fill('71063');
    await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Sindelfingen');
    await page.getByLabel('Straße').fill('Hauptstraße');
    await page.getByLabel('Hausnummer').fill('12');
    await page.getByLabel('Fotos auswählen').setInputFiles(photos);
    // Each picked photo gets the crop dialog (16:9), one after the other.
    for (const n of [1, 2]) {
      const crop = page.getByRole('dialog', { name: /Bildausschnitt wählen/ });
      await expect(crop).toContainText(`Bild ${n} von 2`);
      await crop.getByRole('button', { name: 'Übernehmen' }).click();
    }
    await expect(page.getByRole('img', { name: /Foto 2 zur Stellenanzeige/ })).toBeVisible();

    await page.getByRole('button', { name: 'Speichern und aktivieren' }).click();
    await expect(page).toHaveURL(/#\/vacancies\/[\w-]+$/);
    await expect(page.getByText('Die Stellenanzeige ist aktiv.').first()).toBeVisible();
    await expect(page.getByText('Titelbild', { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Foto 1 zur Stellenanzeige' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Foto 2 zur Stellenanzeige' })).toBeVisible();

    // After a reload everything typed is still there.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Titel', exact: true })).toHaveValue(
      'Ausbildung zum Tischler (m/w/d)',
    );
    await expect(page.getByRole('textbox', { name: 'Aufgaben' })).toContainText('Zuschnitt, Montage, Oberflächen.');
    await expect(page.getByLabel('Vergütung 3. Ausbildungsjahr (€ pro Monat)')).toHaveValue(/^1\.200,00\s€$/);
    await expect(page.getByRole('checkbox', { name: '30 Tage Urlaub' })).toBeChecked();

    await page.goto('/#/vacancies');
    const row = page.getByRole('row', { name: /Ausbildung zum Tischler/ });
    await expect(row).toBeVisible();
    await expect(row.getByText('aktiv', { exact: true })).toBeVisible();
    await expect(row.getByRole('img', { name: /Bild zur Stellenanzeige/ })).toBeVisible();
    await row.getByRole('link', { name: /Ausbildung zum Tischler/ }).click();

    // Typing before the stored posting has loaded would be overwritten when the form fills in.
    const title = page.getByRole('textbox', { name: 'Titel', exact: true });
    await expect(title).toHaveValue('Ausbildung zum Tischler (m/w/d)');
    await title.fill('Ausbildung zur Tischlerin / zum Tischler (m/w/d)');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page.getByText('Änderungen gespeichert.').first()).toBeVisible();
    await page.getByRole('button', { name: 'Deaktivieren' }).click();
    await expect(page.getByText(/ist deaktiviert/).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Aktivieren', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Löschen', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Stellenanzeige löschen?' });
    await expect(dialog.getByRole('button', { name: 'Stellenanzeige endgültig löschen' })).toBeDisabled();
    await dialog.getByLabel('Bestätigungstext').fill('STELLENANZEIGE LÖSCHEN');
    await dialog.getByRole('button', { name: 'Stellenanzeige endgültig löschen' }).click();
    await expect(page).toHaveURL(/#\/vacancies$/);
    await expect(page.getByText('Noch keine Stellenanzeigen.', { exact: false })).toBeVisible();
  },
);

test('leaving the editor with unsaved changes asks first', async ({ page }) => {
  await createEmployer(page.request);
  await page.goto('/#/vacancies/new');
  await page.getByRole('textbox', { name: 'Titel', exact: true }).fill('Praktikum im Büro');
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Mein Unternehmen', exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Ungespeicherte Änderungen verwerfen?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(page.getByRole('textbox', { name: 'Titel', exact: true })).toHaveValue('Praktikum im Büro');
});

test('an employer edits the company profile and logo, then deletes the account for good', async ({
  page,
  playwright,
}) => {
  const employer = await createEmployer(page.request, { companyName: 'Zimmerei Balken & Söhne' });
  const me = (await (await page.request.get(API_PATHS.currentUser)).json()) as CurrentUser;
  const logo = (await imageFiles(page))[1];

  await page.goto('/#/settings');
  await expect(heading(page, 'Mein Unternehmen')).toBeVisible();
  await page.getByLabel('Branche').fill('Holzbau');
  await page.getByLabel('Anzahl Mitarbeitende').fill('14');
  await page.getByLabel('Über uns').fill('Wir bauen Dachstühle & Carports.\nSeit 1985 in Sindelfingen.');
  await page.getByRole('textbox', { name: 'Website', exact: true }).fill('www.balken-soehne.de');
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page.getByText('Änderungen gespeichert.').first()).toBeVisible();
  await page.getByLabel('Logo auswählen').setInputFiles(logo ?? []);
  await page
    .getByRole('dialog', { name: /Bildausschnitt wählen/ })
    .getByRole('button', { name: 'Übernehmen' })
    .click();
  await expect(page.getByRole('img', { name: 'Logo von Zimmerei Balken & Söhne' })).toBeVisible();
  // The preview shows at once; reload only once the upload is stored.
  await expect(page.getByText('Logo gespeichert.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Branche')).toHaveValue('Holzbau');
  await expect(page.getByRole('textbox', { name: 'Website', exact: true })).toHaveValue('https://www.balken-soehne.de');
  await expect(page.getByRole('img', { name: 'Logo von Zimmerei Balken & Söhne' })).toBeVisible();

  await page.getByRole('button', { name: 'Konto löschen …' }).click();
  const dialog = page.getByRole('dialog', { name: 'Konto endgültig löschen?' });
  await expect(dialog).toContainText('nicht erstattet');
  await dialog.getByLabel('Bestätigungstext').fill('konto löschen');
  await expect(dialog.getByRole('button', { name: 'Konto endgültig löschen' })).toBeDisabled();
  await dialog.getByLabel('Bestätigungstext').fill('KONTO LÖSCHEN');
  await dialog.getByRole('button', { name: 'Konto endgültig löschen' }).click();
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByText('Ihr Konto wurde gelöscht.', { exact: false })).toBeVisible();

  await signInViaForm(page, employer.email, employer.password);
  await expect(page.getByText('E-Mail-Adresse oder Passwort ist nicht korrekt.')).toBeVisible();

  // An administrator finds nothing of the company any more.
  const admin = await playwright.request.newContext({ baseURL: e2eEnv.baseUrl });
  const signIn = await admin.post(API_PATHS.signIn, {
    headers: { Origin: e2eEnv.baseUrl },
    data: { email: DEMO.admin, password: 'Matchwerk-Demo-2026' },
  });
  expect(signIn.status()).toBe(200);
  expect((await admin.get(`/rest/organization/${me.organizationId}`)).status()).toBe(404);
  const list = (await (await admin.get('/rest/vacancy?search=Balken')).json()) as { total: number };
  expect(list.total).toBe(0);
  await admin.dispose();
});

test.describe('accessibility of company and posting screens', () => {
  test('Settings, the vacancy list and the editor have no serious or critical violations', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signInViaApi(page, DEMO.company);
    await page.goto('/#/settings');
    await expect(page.getByLabel('Name des Unternehmens')).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.goto('/#/vacancies');
    const table = page.getByRole('table', { name: 'Stellenanzeigen' });
    await expect(table).toBeVisible();
    // Issue 48 item 5: an employer's list has no company column, and "Gehalt" is per training year.
    await expect(table.getByRole('columnheader', { name: 'Unternehmen' })).toHaveCount(0);
    await expect(table.getByText(/^1\. Jahr: /).first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('vacancies-1400.png') });
    await expectNoSeriousViolations(page);
    await page.goto('/#/vacancies/new');
    await expect(page.getByRole('textbox', { name: 'Beschreibung' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the editor is usable on a phone', async ({ page }) => {
    await createEmployer(page.request);
    await page.goto('/#/vacancies/new');
    await page.getByRole('textbox', { name: 'Titel', exact: true }).fill('Ferienjob im Lager');
    await page.getByLabel('Art der Stelle').selectOption({ label: 'Ferienjob' });
    await page.getByRole('textbox', { name: 'Beschreibung' }).fill('Sommer 2027, vier Wochen.');
    await page.getByRole('textbox', { name: 'Ansprechperson' }).fill('Greta Sägespan');
    await page.getByLabel('PLZ').fill('71063');
    await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Sindelfingen');
    await expectNoHorizontalOverflow(page);
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page).toHaveURL(/#\/vacancies\/[\w-]+$/);
    await expect(page.getByText('Die Stellenanzeige wurde angelegt.').first()).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
