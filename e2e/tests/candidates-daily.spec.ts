/**
 * Issue 14 "Never miss a candidate": the employer's daily work on the Anfragen screen — filter by
 * posting, search by name, an internal note, a decline with an edited template — and what the
 * candidate receives. Accessibility at 1280 px and usable at 375 px.
 */
import { expect, test } from '@playwright/test';
import { API_PATHS, DECLINE_TEMPLATES, type CurrentUser } from '@matchwerk/shared';
import { createActivePosting, createCandidate } from '../support/candidate';
import { createEmployer } from '../support/employer';
import { heading } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';
import { expectNoHorizontalOverflow } from '../support/layout';

test('filter, search, a note and a decline with a template; the candidate reads the message but never the note', async ({
  page,
  playwright,
}) => {
  await createEmployer(page.request);
  const me = (await (await page.request.get(API_PATHS.currentUser)).json()) as CurrentUser;
  const organizationId = me.organizationId ?? '';
  const cook = await createActivePosting(page.request, organizationId, 'Ausbildung Koch/Köchin');
  const office = await createActivePosting(page.request, organizationId, 'Praktikum Büro');
  const jana = await createCandidate(playwright, { names: ['Jana'], familyNames: ['Kraus'] });
  const emil = await createCandidate(playwright, { names: ['Emil'], familyNames: ['Vogt'] });
  await jana.showInterest(cook);
  await emil.showInterest(office);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/#/');
  await expect(heading(page, 'Anfragen')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Offen (2)' })).toBeVisible();
  await expect(page.getByText(/Noch keine Anfragen in den letzten 90 Tagen|Antwortquote/)).toBeVisible();

  // Filter by posting: only Emil; the filter is in the URL.
  const filters = page.getByRole('search', { name: 'Anfragen filtern' });
  await filters.getByLabel('Stellenanzeige').selectOption({ label: 'Praktikum Büro' });
  await expect(page).toHaveURL(new RegExp(`stelle=${office}`));
  await expect(page.getByRole('tab', { name: 'Offen (1)' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Emil Vogt/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Jana Kraus/ })).toHaveCount(0);
  await filters.getByRole('button', { name: 'Filter zurücksetzen' }).click();

  // Search by name.
  await filters.getByLabel('Nach Namen suchen').fill('krau');
  await expect(page).toHaveURL(/suche=krau/);
  await expect(page.getByRole('row', { name: /Jana Kraus/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Emil Vogt/ })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/candidates-daily-1280.png', fullPage: true });
  await expectNoSeriousViolations(page);

  // An internal note in the profile.
  const row = page.getByRole('row', { name: /Jana Kraus/ });
  await row.getByRole('button', { name: 'Profil ansehen' }).click();
  const profile = page.getByRole('dialog', { name: 'Profil von Jana Kraus' });
  await expect(profile.getByText('Noch keine Notizen.')).toBeVisible();
  await profile.getByLabel('Neue Notiz').fill('INTERN: Probekochen am Freitag anbieten.');
  await profile.getByRole('button', { name: 'Notiz speichern' }).click();
  await expect(profile.getByText('INTERN: Probekochen am Freitag anbieten.')).toBeVisible();
  await expect(profile.getByText(/^Sie · /)).toBeVisible();
  await expectNoSeriousViolations(page);
  await profile.getByRole('button', { name: 'Schließen' }).click();

  // Decline with a template, edited before sending.
  await row.getByRole('button', { name: 'Ablehnen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Anfrage ablehnen?' });
  await dialog.getByLabel('Vorlage für die Nachricht').selectOption({ label: DECLINE_TEMPLATES[0]!.label });
  const message = dialog.getByLabel('Nachricht an Jana Kraus (optional)');
  await expect(message).toHaveValue(DECLINE_TEMPLATES[0]!.text);
  await message.fill(`${DECLINE_TEMPLATES[0]!.text} Ihr Küchenteam`);
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Anfrage ablehnen' }).click();
  await expect(page.getByText('Anfrage abgelehnt.')).toBeVisible();

  const seen = (await (await jana.api.get(API_PATHS.applicantMatchings)).json()) as {
    matchings: Array<{ vacancyId: string; state: string; declineMessage: string | null }>;
  };
  expect(seen.matchings.find((m) => m.vacancyId === cook)).toMatchObject({
    state: 'REJECTED',
    declineMessage: `${DECLINE_TEMPLATES[0]!.text} Ihr Küchenteam`,
  });
  expect(JSON.stringify(seen)).not.toContain('INTERN:');

  // 375 px: filters and list usable, nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/#/?status=abgelehnt');
  await expect(page.getByRole('search', { name: 'Anfragen filtern' }).getByLabel('Nach Namen suchen')).toBeVisible();
  await expect(page.getByText('Jana Kraus')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: 'test-results/candidates-daily-375.png', fullPage: true });
  await expectNoSeriousViolations(page);
});
