import { expect, test } from '@playwright/test';
import { API_PATHS, apiPath, type CurrentUser } from '@matchwerk/shared';
import { createActivePosting, createCandidate } from '../support/candidate';
import { createEmployer } from '../support/employer';
import { heading } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';
import { expectNoHorizontalOverflow } from '../support/layout';

test('a candidate reads a posting twice on one day: the employer sees one view, then the interest', async ({
  page,
  playwright,
}) => {
  await createEmployer(page.request);
  const me = (await (await page.request.get(API_PATHS.currentUser)).json()) as CurrentUser;
  const title = 'Ausbildung Fachkraft für Lagerlogistik';
  const vacancyId = await createActivePosting(page.request, me.organizationId ?? '', title);
  const candidate = await createCandidate(playwright, { names: ['Mia'], familyNames: ['Vogt'] });
  for (let i = 0; i < 2; i += 1) {
    const response = await candidate.api.get(apiPath(API_PATHS.applicantVacancy, { id: vacancyId }));
    expect(response.status(), await response.text()).toBe(200);
  }

  await page.goto('/#/vacancies');
  await expect(heading(page, 'Stellenanzeigen')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByTestId('vacancy-activity-views')).toHaveText('Aufrufe 1');
  await expect(row.getByTestId('vacancy-activity-interest')).toHaveText('Interesse 0');
  await expectNoSeriousViolations(page);

  await candidate.showInterest(vacancyId);
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(title) }).getByTestId('vacancy-activity-interest')).toHaveText(
    'Interesse 1',
  );

  // Phones: the same figures on the card.
  await page.setViewportSize({ width: 375, height: 800 });
  const card = page.getByRole('listitem').filter({ hasText: title });
  await expect(card.getByTestId('vacancy-activity-views')).toHaveText('Aufrufe 1');
  await expectNoHorizontalOverflow(page);
  await candidate.api.dispose();
});
