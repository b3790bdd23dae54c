import { expect, test, type Locator, type Page } from '@playwright/test';
import { createEmployer } from '../support/employer';
import { heading } from '../support/fixtures';

/** The editor's content as markup, without the editor's own classes and helper nodes. */
async function editorMarkup(editor: Locator): Promise<string> {
  return editor.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.ProseMirror-trailingBreak, .ProseMirror-separator').forEach((node) => node.remove());
    copy.querySelectorAll('[class]').forEach((node) => node.removeAttribute('class'));
    return copy.innerHTML;
  });
}

async function saveAndReload(page: Page, confirmation: string) {
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page).toHaveURL(/#\/vacancies\/[\w-]+$/);
  await expect(page.getByText(confirmation).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Titel', exact: true })).toHaveValue(
    'Ausbildung Kauffrau/-mann für Büromanagement',
  );
}

test('salary typed the German way is stored as meant and shown as 1.250,00 €; all editor formatting survives save and re-save', async ({
  page,
}) => {
  // Many typed steps and two save-and-reload rounds: more than the default time on a busy machine.
  test.slow();
  await createEmployer(page.request);
  await page.goto('/#/vacancies/new');
  await expect(heading(page, 'Neue Stellenanzeige')).toBeVisible();

  await page.getByRole('textbox', { name: 'Titel', exact: true }).fill('Ausbildung Kauffrau/-mann für Büromanagement');
  await page.getByRole('textbox', { name: 'Ansprechperson' }).fill('Greta Sägespan');
  await page.getByLabel('PLZ').fill('71063');
  await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Sindelfingen');

  // Every element the toolbar offers, typed the way a person does it.
  const editor = page.getByRole('textbox', { name: 'Beschreibung' });
  const toolbar = page.getByRole('toolbar', { name: /Beschreibung/ });
  const press = (name: string) => toolbar.getByRole('button', { name, exact: true }).click();
  await editor.click();
  await press('Überschrift');
  await editor.pressSequentially('Was wir bieten');
  await editor.press('Enter');
  await editor.pressSequentially('Eine ');
  await press('Fett');
  await editor.pressSequentially('faire');
  await press('Fett');
  await editor.pressSequentially(' Vergütung, ');
  await press('Kursiv');
  await editor.pressSequentially('Zeit');
  await press('Kursiv');
  await editor.pressSequentially(' und ');
  await press('Unterstrichen');
  await editor.pressSequentially('Sie');
  await press('Unterstrichen');
  await editor.press('Shift+Enter');
  await editor.pressSequentially('in der zweiten Zeile.');
  await editor.press('Enter');
  await press('Aufzählung');
  await editor.pressSequentially('Tablet');
  await editor.press('Enter');
  await editor.pressSequentially('Jobticket');
  await editor.press('Enter');
  await editor.press('Enter');
  await press('Nummerierte Liste');
  await editor.pressSequentially('Bewerben');
  await editor.press('Enter');
  await editor.press('Enter');
  // (Between links a space; one at the very end would be dropped as whitespace on reload.)
  for (const [index, address] of [
    'www.firma.example/ausbildung',
    'ausbildung@firma.example',
    '07031 12345',
  ].entries()) {
    if (index > 0) await editor.pressSequentially(' ');
    await press('Link einfügen');
    const dialog = page.getByRole('dialog', { name: 'Link einfügen' });
    await dialog.getByLabel('Adresse (URL)').fill(address);
    await dialog.getByRole('button', { name: 'Übernehmen' }).click();
    await expect(dialog).toBeHidden();
  }

  const typed = await editorMarkup(editor);
  for (const markup of [
    '<h3>',
    '<strong>faire</strong>',
    '<em>Zeit</em>',
    '<u>Sie</u>',
    '<br>',
    '<ul>',
    '<ol>',
    'href="https://www.firma.example/ausbildung"',
    'href="mailto:ausbildung@firma.example"',
    'href="tel:0703112345"',
  ]) {
    expect(typed).toContain(markup);
  }

  // Salary: "1.250" is one thousand two hundred and fifty euros; "1,250" is refused, not read as 1,25 €.
  await page.getByRole('button', { name: 'Ausbildungsjahr hinzufügen' }).click();
  await page.getByLabel('Vergütung 1. Ausbildungsjahr (€ pro Monat)').fill('1.250');
  await page.getByRole('button', { name: 'Ausbildungsjahr hinzufügen' }).click();
  const second = page.getByLabel('Vergütung 2. Ausbildungsjahr (€ pro Monat)');
  await second.fill('1,250');
  await second.blur();
  await expect(page.getByText(/höchstens zwei Nachkommastellen/)).toBeVisible();
  await expect(page.getByLabel('Vergütung 1. Ausbildungsjahr (€ pro Monat)')).toHaveValue(/^1\.250,00\s€$/);
  await second.fill('1.250,50');

  await saveAndReload(page, 'Die Stellenanzeige wurde angelegt.');
  await expect(page.getByLabel('Vergütung 1. Ausbildungsjahr (€ pro Monat)')).toHaveValue(/^1\.250,00\s€$/);
  await expect(page.getByLabel('Vergütung 2. Ausbildungsjahr (€ pro Monat)')).toHaveValue(/^1\.250,50\s€$/);
  const stored = await editorMarkup(editor);
  expect(stored).toBe(typed);

  // Saving again (another field changed) keeps every bit of formatting.
  await page.getByRole('textbox', { name: 'Ansprechperson' }).fill('Greta Sägespan-Holz');
  await saveAndReload(page, 'Änderungen gespeichert.');
  expect(await editorMarkup(editor)).toBe(typed);
});
