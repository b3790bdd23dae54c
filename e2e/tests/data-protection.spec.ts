import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import yauzl from 'yauzl';
import { DEMO, heading, signInViaApi } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';
import { expectNoHorizontalOverflow } from '../support/layout';

/** Data protection by default (issue #14): retention periods (admin) and the organisation's ZIP export. */

const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

/** The ZIP's entries as text. */
function unzip(buffer: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const files = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

test('an administrator sets the retention periods in Verwaltung → Fristen (German validation, saved, 375 px)', async ({
  page,
}) => {
  await signInViaApi(page, DEMO.admin);
  await page.goto('/#/verwaltung?bereich=fristen');
  await expect(heading(page, 'Verwaltung')).toBeVisible();
  const section = page.getByRole('region', { name: 'Aufbewahrungsfristen' });
  await expect(section).toBeVisible();
  const matching = section.getByLabel('Matchings und Chats löschen nach (Monaten)');
  const candidates = section.getByLabel('Inaktive Bewerberkonten löschen nach (Monaten)');
  await expect(matching).toHaveValue('6');
  await expect(candidates).toHaveValue('24');

  await matching.fill('0');
  await section.getByRole('button', { name: 'Fristen speichern' }).click();
  await expect(
    section.getByText('Aufbewahrung von Matchings und Chats: bitte eine ganze Zahl von 1 bis 36 Monaten angeben.'),
  ).toBeVisible();

  await matching.fill('12');
  await section.getByRole('button', { name: 'Fristen speichern' }).click();
  await expect(
    section.getByRole('status').filter({ hasText: 'Die Aufbewahrungsfristen wurden gespeichert.' }),
  ).toBeVisible();
  await expect(section.getByText(/^Zuletzt geändert:/)).toBeVisible();
  await expectNoSeriousViolations(page);
  if (SCREENSHOTS) await section.screenshot({ path: `${SCREENSHOTS}/retention-1280.png` });

  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Aufbewahrungsfristen' }).getByLabel('Matchings und Chats löschen nach (Monaten)'),
  ).toHaveValue('12');

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page);
  await page.getByRole('region', { name: 'Aufbewahrungsfristen' }).scrollIntoViewIfNeeded();
  if (SCREENSHOTS)
    await page
      .getByRole('region', { name: 'Aufbewahrungsfristen' })
      .screenshot({ path: `${SCREENSHOTS}/retention-375.png` });

  // Back to the default, so the periods are as documented for any later run.
  await page
    .getByRole('region', { name: 'Aufbewahrungsfristen' })
    .getByLabel('Matchings und Chats löschen nach (Monaten)')
    .fill('6');
  await page
    .getByRole('region', { name: 'Aufbewahrungsfristen' })
    .getByRole('button', { name: 'Fristen speichern' })
    .click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Die Aufbewahrungsfristen wurden gespeichert.' }),
  ).toBeVisible();
});

test('an employer downloads all data of the organisation as a ZIP and it holds JSON and CSV of their own data', async ({
  page,
}) => {
  await signInViaApi(page, DEMO.company);
  await page.goto('/#/settings');
  await expect(heading(page, 'Mein Unternehmen')).toBeVisible();
  const section = page.getByRole('region', { name: 'Datenexport' });
  await expect(section).toBeVisible();
  await expectNoSeriousViolations(page);

  const downloadPromise = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Alle Daten exportieren (ZIP)' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^matchwerk-export-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(section.getByRole('status')).toContainText('Der Export wurde heruntergeladen');
  if (SCREENSHOTS) await section.screenshot({ path: `${SCREENSHOTS}/export-1280.png` });

  const files = await unzip(await readFile(await download.path()));
  expect([...files.keys()]).toEqual(
    expect.arrayContaining([
      'LIESMICH.txt',
      'matchwerk-export.json',
      'unternehmen.csv',
      'team.csv',
      'stellenanzeigen.csv',
      'matchings.csv',
      'nachrichten.csv',
      'bestellungen.csv',
    ]),
  );
  const json = JSON.parse(files.get('matchwerk-export.json')!) as {
    tables: { team: { email: string }[]; postings: unknown[] };
  };
  expect(json.tables.team.map((member) => member.email)).toContain(DEMO.company);
  expect(json.tables.team.map((member) => member.email)).not.toContain(DEMO.companyLichtenfels);
  expect(json.tables.postings.length).toBeGreaterThan(0);
  expect(files.get('stellenanzeigen.csv')!.startsWith('\uFEFFID;Titel;')).toBe(true);

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page);
  await section.scrollIntoViewIfNeeded();
  if (SCREENSHOTS) await section.screenshot({ path: `${SCREENSHOTS}/export-375.png` });
});
