/**
 * Issue #14 "Never miss a candidate": new interest appears on an open Anfragen screen without a
 * reload and is counted in the sidebar and the tab title; unread markers in the chat list; the
 * employer's messages show "gelesen" once the candidate app reports reading (ADR 0040).
 */
import { expect, test, type Page } from '@playwright/test';
import { API_PATHS, type CurrentUser } from '@matchwerk/shared';
import { createActivePosting, createCandidate } from '../support/candidate';
import { createEmployer } from '../support/employer';
import { heading } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';
import { expectNoHorizontalOverflow } from '../support/layout';

async function employerWithPosting(page: Page, title: string) {
  await createEmployer(page.request, { companyName: 'Bäckerei Morgenrot GmbH' });
  const me = (await (await page.request.get(API_PATHS.currentUser)).json()) as CurrentUser;
  const organizationId = me.organizationId ?? '';
  const vacancyId = await createActivePosting(page.request, organizationId, title);
  return { organizationId, vacancyId };
}

test(
  'new interest appears on the open Anfragen screen, in the sidebar badge and the tab title; chats show unread and "gelesen"',
  { tag: '@smoke' },
  async ({ page, playwright }) => {
    const { organizationId, vacancyId } = await employerWithPosting(page, 'Ausbildung Bäcker/-in');
    const sidebar = page.getByRole('navigation', { name: 'Hauptnavigation' });

    // Mein Unternehmen, the landing page: nothing new yet.
    await page.goto('/#/settings');
    await expect(heading(page, 'Mein Unternehmen')).toBeVisible();
    const panel = page.getByRole('region', { name: 'Neu seit Ihrem letzten Besuch' });
    await expect(panel.getByText('Nichts Neues seit Ihrem letzten Besuch')).toBeVisible();
    await page.screenshot({ path: '../.tmp/e2e-results/unread-settings-empty-1280.png', fullPage: true });

    // Anfragen is open when the candidate shows interest: the row comes without a reload.
    await sidebar.getByRole('link', { name: 'Anfragen' }).click();
    await expect(heading(page, 'Anfragen')).toBeVisible();
    await expect(page.getByText('Noch keine offenen Anfragen', { exact: false })).toBeVisible();
    const candidate = await createCandidate(playwright, { names: ['Mila'], familyNames: ['Brotzeit'] });
    await candidate.showInterest(vacancyId);
    const row = page.getByRole('row', { name: /Mila Brotzeit/ });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Ausbildung Bäcker/-in');
    await expect(sidebar.getByRole('link', { name: 'Anfragen, 1 neu' })).toBeVisible();
    await expect(page).toHaveTitle(/^\(1\) Anfragen/);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: '../.tmp/e2e-results/unread-candidates-1280.png', fullPage: true });

    // The landing page lists it with a link to Anfragen.
    await sidebar.getByRole('link', { name: /Mein Unternehmen/ }).click();
    await expect(panel.getByRole('heading', { name: '1 neue Anfrage' })).toBeVisible();
    await expect(
      panel.getByRole('link', { name: 'Mila Brotzeit interessiert sich für „Ausbildung Bäcker/-in“' }),
    ).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: '../.tmp/e2e-results/unread-settings-new-1280.png', fullPage: true });
    await panel.getByRole('link', { name: /Mila Brotzeit interessiert sich/ }).click();
    await expect(heading(page, 'Anfragen')).toBeVisible();

    // Accepting opens the chat; the open matching is no longer new.
    await page
      .getByRole('row', { name: /Mila Brotzeit/ })
      .getByRole('button', { name: 'Annehmen' })
      .click();
    await expect(heading(page, 'Chat mit Mila Brotzeit')).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Anfragen', exact: true })).toBeVisible();

    // The employer writes; the candidate app reports reading it: "gelesen" within one poll.
    await page.getByRole('textbox', { name: 'Nachricht schreiben' }).fill('Willkommen! Wann passt Ihnen ein Probetag?');
    await page.getByRole('button', { name: 'Senden' }).click();
    const log = page.getByRole('log', { name: 'Nachrichtenverlauf' });
    const own = log.getByRole('listitem').filter({ hasText: 'Willkommen! Wann passt Ihnen ein Probetag?' });
    await expect(own).toBeVisible();
    await expect(own).not.toContainText('gelesen');
    // The chat shows the message as soon as it is sent; its answer may come after a busy moment.
    let sentSeq: number | undefined;
    await expect
      .poll(async () => {
        sentSeq = (await candidate.messages(organizationId)).find((m) => m.text.startsWith('Willkommen!'))?.seq;
        return sentSeq;
      })
      .toBeDefined();
    await candidate.markRead(organizationId, sentSeq!);
    await expect(own).toContainText('gelesen');
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: '../.tmp/e2e-results/unread-chat-read-1280.png', fullPage: true });

    // On the chat list, a candidate's message shows as unread, in the list and in the sidebar.
    await page.getByRole('link', { name: 'Alle Nachrichten' }).click();
    await expect(heading(page, 'Nachrichten')).toBeVisible();
    await candidate.send(organizationId, 'Gern am Dienstag!');
    const chatLink = page.getByRole('link', { name: /Mila Brotzeit/ });
    await expect(chatLink).toContainText('1 ungelesen');
    await expect(sidebar.getByRole('link', { name: 'Nachrichten, 1 ungelesen' })).toBeVisible();
    await expect(page).toHaveTitle(/^\(1\) Nachrichten/);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: '../.tmp/e2e-results/unread-chats-1280.png', fullPage: true });

    // Opening the chat reads it: the marker and the badge go.
    await chatLink.click();
    await expect(log.getByText('Gern am Dienstag!')).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Nachrichten', exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Alle Nachrichten' }).click();
    await expect(page.getByRole('link', { name: /Mila Brotzeit/ })).not.toContainText('ungelesen');
    await expect(page).not.toHaveTitle(/^\(/);
    await candidate.api.dispose();
  },
);

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the badges are in the menu, the new-since panel and the chat list fit the screen', async ({
    page,
    playwright,
  }) => {
    const { organizationId, vacancyId } = await employerWithPosting(page, 'Ausbildung Konditor/-in');
    const candidate = await createCandidate(playwright, { names: ['Jan'], familyNames: ['Streusel'] });
    await candidate.showInterest(vacancyId);
    const second = await createCandidate(playwright, { names: ['Ida'], familyNames: ['Mohnschnecke'] });
    await second.showInterest(vacancyId);

    await page.goto('/#/settings');
    const panel = page.getByRole('region', { name: 'Neu seit Ihrem letzten Besuch' });
    await expect(panel.getByRole('heading', { name: '2 neue Anfragen' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: '../.tmp/e2e-results/unread-settings-375.png', fullPage: true });

    await page.getByRole('button', { name: 'Navigation öffnen' }).click();
    const menu = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(menu.getByRole('link', { name: 'Anfragen, 2 neu' })).toBeVisible();
    await page.screenshot({ path: '../.tmp/e2e-results/unread-menu-375.png' });
    await menu.getByRole('link', { name: 'Anfragen, 2 neu' }).click();
    await expect(heading(page, 'Anfragen')).toBeVisible();
    await expectNoHorizontalOverflow(page);

    await page.getByRole('button', { name: 'Annehmen' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: /^Chat mit/ })).toBeVisible();
    await page.getByRole('link', { name: 'Alle Nachrichten' }).click();
    const accepted = (await candidate.matchingState(vacancyId)) === 'ACCEPTED' ? candidate : second;
    await accepted.send(organizationId, 'Hallo aus der App!');
    await expect(page.getByRole('link', { name: /ungelesen/ })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: '../.tmp/e2e-results/unread-chats-375.png', fullPage: true });
    await candidate.api.dispose();
    await second.api.dispose();
  });
});
