import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API_PATHS, type CurrentUser, type VacancySaveResponse } from '@matchwerk/shared';
import { e2eEnv } from '../support/e2e-env';
import { createEmployer } from '../support/employer';
import { heading } from '../support/fixtures';

/** A posting created through the API for the signed-in employer; returns its id. */
async function createPosting(request: APIRequestContext, title: string): Promise<string> {
  const me = (await (await request.get(API_PATHS.currentUser)).json()) as CurrentUser;
  const response = await request.post(API_PATHS.vacancyCreate.replace(':organizationId', me.organizationId ?? ''), {
    headers: { Origin: e2eEnv.baseUrl },
    data: {
      title,
      type: 'APPRENTICESHIP',
      description: '<p>Du baust mit uns Möbel.</p>',
      contactName: 'Greta Sägespan',
      benefits: ['TAKEOVER'],
      compensation: { salaryPerTrainingYear: [] },
      location: { country: 'Deutschland', city: 'Sindelfingen', zipCode: '71063' },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as VacancySaveResponse).vacancy.id;
}

const titleField = (page: Page) => page.getByRole('textbox', { name: 'Titel', exact: true });

test('two tabs edit the same posting: the second save gets the "inzwischen geändert" dialog and keeps what was typed', async ({
  page,
}) => {
  await createEmployer(page.request);
  const id = await createPosting(page.request, 'Ausbildung Tischler/in');
  const second = await page.context().newPage();
  for (const tab of [page, second]) {
    await tab.goto(`/#/vacancies/${id}`);
    await expect(titleField(tab)).toHaveValue('Ausbildung Tischler/in');
  }

  await titleField(page).fill('Ausbildung Tischler/in – Tab eins');
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page.getByText('Änderungen gespeichert.').first()).toBeVisible();

  await titleField(second).fill('Ausbildung Tischler/in – Tab zwei');
  await second.getByRole('button', { name: 'Speichern', exact: true }).click();
  const dialog = second.getByRole('dialog', { name: 'Inzwischen geändert' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('von jemand anderem geändert');
  await expect(dialog.getByRole('textbox', { name: 'Titel' })).toHaveValue('Ausbildung Tischler/in – Tab zwei');

  await dialog.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(dialog).toBeHidden();
  await expect(titleField(second)).toHaveValue('Ausbildung Tischler/in – Tab zwei');

  await second.getByRole('button', { name: 'Speichern', exact: true }).click();
  await dialog.getByRole('button', { name: 'Neu laden' }).click();
  await expect(titleField(second)).toHaveValue('Ausbildung Tischler/in – Tab eins');
  // Tab one's save was not overwritten.
  await second.reload();
  await expect(titleField(second)).toHaveValue('Ausbildung Tischler/in – Tab eins');
});

test('leaving the posting editor with unsaved changes asks first, in the app and when closing the tab', async ({
  page,
}) => {
  await createEmployer(page.request);
  const id = await createPosting(page.request, 'Ausbildung Tischler/in');
  await page.goto(`/#/vacancies/${id}`);
  await titleField(page).fill('Ungespeicherter Titel');

  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Stellenanzeigen' })
    .click();
  const leave = page.getByRole('dialog', { name: 'Ungespeicherte Änderungen verwerfen?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(page).toHaveURL(new RegExp(`#/vacancies/${id}$`));
  await expect(titleField(page)).toHaveValue('Ungespeicherter Titel');

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => dialogs).toContain('beforeunload');
});

test('leaving the company profile with unsaved changes asks first, in the app and when closing the tab', async ({
  page,
}) => {
  await createEmployer(page.request);
  await page.goto('/#/settings');
  await expect(heading(page, 'Mein Unternehmen')).toBeVisible();
  await page.getByRole('textbox', { name: 'Branche' }).fill('Holzbau');

  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Stellenanzeigen' })
    .click();
  const leave = page.getByRole('dialog', { name: 'Ungespeicherte Änderungen verwerfen?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(page).toHaveURL(/#\/settings$/);
  await expect(page.getByRole('textbox', { name: 'Branche' })).toHaveValue('Holzbau');

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => dialogs).toContain('beforeunload');
});

test('switching the posting type keeps the checked benefits until saving and names those the new type will not save', async ({
  page,
}) => {
  await createEmployer(page.request);
  const id = await createPosting(page.request, 'Ausbildung oder Praktikum');
  await page.goto(`/#/vacancies/${id}`);
  await page.getByRole('checkbox', { name: 'Prüfungsvorbereitung im Betrieb' }).check();
  await page.getByLabel('Art der Stelle').selectOption({ label: 'Praktikum' });
  const notice = page.getByRole('status').filter({ hasText: 'beim Speichern nicht übernommen' });
  await expect(notice).toContainText('„Prüfungsvorbereitung im Betrieb“');
  await expect(notice).not.toContainText('Gute Übernahmechancen');

  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page.getByText('Änderungen gespeichert.').first()).toBeVisible();
  await expect(notice).toBeHidden();
  await page.reload();
  await expect(page.getByRole('group', { name: 'Benefits für Praktikum' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Gute Übernahmechancen' })).toBeChecked();
  await page.getByLabel('Art der Stelle').selectOption({ label: 'Ausbildung' });
  await expect(page.getByRole('checkbox', { name: 'Prüfungsvorbereitung im Betrieb' })).not.toBeChecked();
});
