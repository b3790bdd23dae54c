import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { API_PATHS, apiPath, type CurrentUser } from '@matchwerk/shared';
import { createActivePosting, createCandidate } from '../support/candidate';
import { e2eEnv } from '../support/e2e-env';
import { createEmployer } from '../support/employer';
import { heading } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';

async function employerWithPosting(page: Page, title: string) {
  await createEmployer(page.request);
  const me = (await (await page.request.get(API_PATHS.currentUser)).json()) as CurrentUser;
  const organizationId = me.organizationId ?? '';
  const vacancyId = await createActivePosting(page.request, organizationId, title);
  return { organizationId, vacancyId };
}

test(
  'candidate shows interest, employer accepts, both chat: messages arrive within one poll, links open in a new tab',
  { tag: '@smoke' },
  async ({ page, playwright }) => {
    const { organizationId, vacancyId } = await employerWithPosting(
      page,
      'Ausbildung Kauffrau/-mann für Büromanagement',
    );
    const candidate = await createCandidate(playwright, { names: ['Lea', 'Marie'], familyNames: ['Sommer'] });
    await candidate.showInterest(vacancyId);

    await page.goto('/#/');
    await expect(heading(page, 'Anfragen')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Offen (1)' })).toBeVisible();
    const row = page.getByRole('row', { name: /Lea Marie Sommer/ });
    await expect(row).toContainText('Ausbildung Kauffrau/-mann für Büromanagement');
    await expectNoSeriousViolations(page);

    await row.getByRole('button', { name: 'Profil ansehen' }).click();
    await expect(page.getByRole('dialog', { name: 'Profil von Lea Marie Sommer' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Schließen' }).click();

    await row.getByRole('button', { name: 'Annehmen' }).click();
    await expect(page).toHaveURL(new RegExp(`#/chat/${candidate.id}$`));
    await expect(heading(page, 'Chat mit Lea Marie Sommer')).toBeVisible();
    expect(await candidate.matchingState(vacancyId)).toBe('ACCEPTED');

    // The candidate writes; the employer's open chat shows it at its next poll (every 5 s), without a reload.
    await candidate.send(
      organizationId,
      'Hallo! Mein Lebenslauf liegt unter www.example.de/lea – und javascript:alert(1) ist kein Link.',
    );
    const log = page.getByRole('log', { name: 'Nachrichtenverlauf' });
    await expect(log.getByText(/Mein Lebenslauf liegt unter/)).toBeVisible();
    const link = log.getByRole('link', { name: /www\.example\.de\/lea/ });
    await expect(link).toHaveAttribute('href', 'https://www.example.de/lea');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(log.getByRole('link', { name: /javascript/ })).toHaveCount(0);
    const popupPromise = page.waitForEvent('popup');
    await link.click();
    const popup = await popupPromise;
    expect(popup.url()).toMatch(/^https:\/\/www\.example\.de\/lea|^chrome-error:|^about:blank/);
    expect(await popup.evaluate(() => window.opener === null)).toBe(true);
    await popup.close();

    // The employer replies; the reply reaches the candidate's API exactly once.
    await page
      .getByRole('textbox', { name: 'Nachricht schreiben' })
      .fill('Hallo Lea, danke! Passt Ihnen ein Kennenlernen am Montag?');
    await page.getByRole('button', { name: 'Senden' }).click();
    await expect(log.getByText('Hallo Lea, danke! Passt Ihnen ein Kennenlernen am Montag?')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Nachricht schreiben' })).toHaveValue('');
    await expect
      .poll(
        async () =>
          (await candidate.messages(organizationId)).filter((m) => m.text.startsWith('Hallo Lea, danke!')).length,
      )
      .toBe(1);
    await expectNoSeriousViolations(page);

    await page.getByRole('link', { name: 'Alle Nachrichten' }).click();
    await expect(heading(page, 'Nachrichten')).toBeVisible();
    await expect(page.getByRole('link', { name: /Lea Marie Sommer/ })).toBeVisible();
    await expectNoSeriousViolations(page);
    await candidate.api.dispose();
  },
);

test('employer declines a candidate: the match moves to rejected on both sides', async ({ page, playwright }) => {
  const { vacancyId } = await employerWithPosting(page, 'Praktikum in der Werkstatt');
  const candidate = await createCandidate(playwright, { names: ['Jonas'], familyNames: ['Winter'] });
  await candidate.showInterest(vacancyId);

  await page.goto('/#/');
  const row = page.getByRole('row', { name: /Jonas Winter/ });
  await row.getByRole('button', { name: 'Ablehnen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Anfrage ablehnen?' });
  await dialog.getByRole('button', { name: 'Anfrage ablehnen' }).click();
  await expect(page.getByText('Anfrage abgelehnt.').first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Offen (0)' })).toBeVisible();
  await page.getByRole('tab', { name: 'Abgelehnt (1)' }).click();
  await expect(page.getByRole('row', { name: /Jonas Winter/ })).toBeVisible();
  expect(await candidate.matchingState(vacancyId)).toBe('REJECTED');
  await candidate.api.dispose();
});

test('a long chat shows the newest 50 messages; "Ältere Nachrichten laden" puts the older ones in front without moving what the reader sees', async ({
  page,
  playwright,
}) => {
  const { organizationId, vacancyId } = await employerWithPosting(page, 'Ausbildung Fachinformatiker/in');
  const candidate = await createCandidate(playwright, { names: ['Mia'], familyNames: ['Lang'] });
  await candidate.showInterest(vacancyId);
  const accepted = await page.request.post(API_PATHS.setMatchingResult, {
    headers: { Origin: e2eEnv.baseUrl },
    data: { vacancyId, applicantId: candidate.id, organizationResult: 'ACCEPTED', organizationId },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  // The opening note, then 58 messages (29 per side: the limit is 30 a minute per user).
  for (let n = 1; n <= 58; n++) {
    const text = `Nachricht ${String(n).padStart(3, '0')}`;
    if (n % 2 === 0) await candidate.send(organizationId, text);
    else {
      const sent = await page.request.post(apiPath(API_PATHS.sendMessage, { applicantId: candidate.id }), {
        headers: { Origin: e2eEnv.baseUrl },
        data: { text, clientMessageId: randomUUID() },
      });
      expect(sent.status(), await sent.text()).toBe(201);
    }
  }

  await page.goto(`/#/chat/${candidate.id}`);
  const log = page.getByRole('log', { name: 'Nachrichtenverlauf' });
  await expect(log.getByText('Nachricht 058')).toBeVisible();
  // The newest 50: messages 9 to 58; the opening note and 1–8 are older.
  await expect(log.getByRole('listitem')).toHaveCount(50);
  await expect(log.getByText('Nachricht 008')).toHaveCount(0);

  await log.evaluate((element) => (element.scrollTop = 0));
  const anchor = log.getByText('Nachricht 009');
  const before = (await anchor.boundingBox())?.y ?? Number.NaN;
  await log.getByRole('button', { name: 'Ältere Nachrichten laden' }).click();
  await expect(log.getByRole('listitem')).toHaveCount(59);
  await expect(log.getByText('Beginn des Chats')).toBeAttached();
  // What the reader looked at stays where it was; the older messages are above it.
  const after = (await anchor.boundingBox())?.y ?? Number.NaN;
  expect(Math.abs(after - before)).toBeLessThanOrEqual(2);
  await expect(log.getByText('Nachricht 001')).not.toBeInViewport();
  await expect(log.getByRole('button', { name: 'Ältere Nachrichten laden' })).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await candidate.api.dispose();
});
