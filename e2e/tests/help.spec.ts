import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { e2eEnv } from '../support/e2e-env';
import { DEMO, heading, signInViaApi } from '../support/fixtures';
import { waitForMail } from '../support/mailbox';
import { expectNoSeriousViolations } from '../support/accessibility';
import { expectNoHorizontalOverflow } from '../support/layout';

/** Help area of issue #13: feedback, FAQ, accessibility statement, settings links, legal versions. */

const SUPPORT = 'support@matchwerk.example';
// An 8×8 PNG: the screenshot the user attaches.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGOQqziBFTEMLQkABkZXgRDDjAEAAAAASUVORK5CYII=',
  'base64',
);

test.describe('feedback', () => {
  test('an employer sends feedback with a screenshot from the page they were on; it reaches support and the admin sets its status', async ({
    page,
    browser,
  }) => {
    await signInViaApi(page, DEMO.company);
    await page.goto('/#/vacancies');
    await expect(heading(page, 'Stellenanzeigen')).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Einstellungen & Rechtliches' })
      .click();
    await expect(heading(page, 'Support & Einstellungen')).toBeVisible();
    await expect(page.getByText('Im Menü heißt dieser Bereich „Einstellungen & Rechtliches“.')).toBeVisible();
    await expectNoSeriousViolations(page);

    const form = page.getByRole('form', { name: 'Feedback an den Support' });
    await expect(form.getByText('Seite, von der Sie kamen: /vacancies')).toBeVisible();
    await form.getByRole('radio', { name: 'Problem' }).check();
    const message = `Screenshot-Test ${Date.now()}: Die Vorschau der Anzeige ist leer.`;
    await form.getByLabel('Ihre Nachricht').fill(message);
    await form
      .getByLabel('Screenshot anhängen (optional)')
      .setInputFiles({ name: 'leere-vorschau.png', mimeType: 'image/png', buffer: PNG });
    await expect(form.getByText('Angehängt: leere-vorschau.png')).toBeVisible();
    await form.getByRole('button', { name: 'Feedback senden' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Ihre Nachricht ist beim Support eingegangen' }),
    ).toBeVisible();

    const mail = await waitForMail(SUPPORT, /^Feedback \(Problem\) von /);
    expect(mail.text).toContain(message);
    expect(mail.text).toContain('/#/vacancies');
    expect(mail.text).toContain('Screenshot: ja');

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    try {
      await signInViaApi(admin, DEMO.admin);
      // The inbox is the first area of "Verwaltung" (ADR 0120), no longer at the bottom of the help page.
      await admin.goto('/#/verwaltung');
      await expect(admin.getByRole('tab', { name: /^Feedback \(\d+ neu\)$/ })).toBeVisible();
      const inbox = admin.getByRole('region', { name: 'Eingegangenes Feedback' });
      await expect(inbox.getByText(message)).toBeVisible();
      await expectNoSeriousViolations(admin);
      const card = inbox.getByRole('listitem').filter({ hasText: message });
      await expect(card.getByRole('link', { name: 'Screenshot ansehen' })).toBeVisible();
      await card.getByLabel(/^Status von „Screenshot-Test/).selectOption('DONE');
      await expect(card.getByLabel(/^Status von „Screenshot-Test/)).toHaveValue('DONE');
      await admin.reload();
      await expect(
        admin
          .getByRole('region', { name: 'Eingegangenes Feedback' })
          .getByRole('listitem')
          .filter({ hasText: message })
          .getByLabel(/^Status von/),
      ).toHaveValue('DONE');
    } finally {
      await adminContext.close();
    }
  });

  test('a failed send shows the reason and the support address and keeps the typed text', async ({ page }) => {
    await signInViaApi(page, DEMO.partner);
    await page.route('**/rest/feedback', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: 'Der Dienst ist gerade nicht erreichbar.' }),
      }),
    );
    await page.goto('/#/help');
    const form = page.getByRole('form', { name: 'Feedback an den Support' });
    await form.getByLabel('Ihre Nachricht').fill('Dieser Text darf nicht verloren gehen.');
    await form.getByRole('button', { name: 'Feedback senden' }).click();
    await expect(form.getByRole('alert')).toContainText(`schreiben Sie an ${SUPPORT}`);
    await expect(form.getByLabel('Ihre Nachricht')).toHaveValue('Dieser Text darf nicht verloren gehen.');
  });

  test('the accessibility statement preselects "Barriere melden" in the feedback form', async ({ page }) => {
    await signInViaApi(page, DEMO.company);
    await page.goto('/#/barrierefreiheit');
    await page.getByRole('link', { name: /Feedback-Formular mit der Kategorie „Barriere melden“/ }).click();
    await expect(heading(page, 'Support & Einstellungen')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Barriere melden' })).toBeChecked();
  });
});

test.describe('FAQ and settings', () => {
  test('the FAQ filters as you type, highlights the words and opens by keyboard', async ({ page }) => {
    await signInViaApi(page, DEMO.company);
    await page.goto('/#/help');
    const faq = page.getByRole('region', { name: 'Häufige Fragen' });
    await expect(faq.getByRole('button', { name: 'Welche Browser und Geräte werden unterstützt?' })).toBeVisible();
    await faq.getByLabel('Fragen durchsuchen').fill('Einladung 7 Tage');
    await expect(faq.getByText('1 Frage gefunden')).toBeVisible();
    await expect(faq.getByRole('button', { name: 'Wie lade ich Kolleginnen und Kollegen ein?' })).toBeVisible();
    await expect(faq.getByRole('button', { name: 'Welche Browser und Geräte werden unterstützt?' })).toHaveCount(0);
    await expect(faq.locator('mark', { hasText: 'Einladung' }).first()).toBeVisible();
    await faq.getByLabel('Fragen durchsuchen').fill('Quantencomputer');
    await expect(faq.getByText('Keine Frage passt zu „Quantencomputer“.', { exact: false })).toBeVisible();

    await faq.getByLabel('Fragen durchsuchen').fill('');
    const question = faq.getByRole('button', { name: 'Wie lösche ich unser Unternehmenskonto?' });
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(faq.getByText('Für bereits gebuchte Anzeigen gibt es keine Erstattung.')).toBeVisible();
  });

  test('an employer reaches notification settings in Mein Unternehmen from Help', async ({ page }) => {
    await signInViaApi(page, DEMO.company);
    await page.goto('/#/help');
    await page.getByRole('link', { name: 'E-Mail-Benachrichtigungen einstellen' }).click();
    await expect(heading(page, 'Mein Unternehmen')).toBeVisible();
    const section = page.getByRole('region', { name: 'Benachrichtigungen' });
    await expect(section).toBeInViewport();
    await expect(section.getByRole('heading', { name: 'Benachrichtigungen' })).toBeFocused();
  });
});

test.describe('Verwaltung (ADR 0120)', () => {
  for (const viewport of [
    { width: 1400, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`administrators have their own area: inbox, log, deadlines, failed mails (${viewport.width} px)`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize(viewport);
      await signInViaApi(page, DEMO.admin);
      await page.goto('/#/verwaltung');
      await expect(heading(page, 'Verwaltung')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Eingegangenes Feedback' })).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`verwaltung-feedback-${viewport.width}.png`) });

      await page.getByRole('tab', { name: 'Protokoll' }).click();
      const log = page.getByRole('region', { name: 'Änderungsprotokoll' });
      await expect(log.getByText(/\d+ von \d+ Einträgen/)).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`verwaltung-protokoll-${viewport.width}.png`) });

      await page.getByRole('tab', { name: 'Fristen' }).click();
      await expect(page.getByRole('region', { name: 'Aufbewahrungsfristen' })).toBeVisible();
      await expect(page.getByText('Antwortfristen je Region')).toBeVisible();
      await expectNoSeriousViolations(page);

      await page.getByRole('tab', { name: /^E-Mails/ }).click();
      await expect(page).toHaveURL(/bereich=e-mails/);
      await expect(page.getByRole('region', { name: 'Fehlgeschlagene E-Mails' })).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`verwaltung-e-mails-${viewport.width}.png`) });

      // The help page keeps only a link; partners have no Verwaltung.
      await page.goto('/#/help');
      await expect(page.getByRole('link', { name: 'Zur Verwaltung' })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`hilfe-${viewport.width}.png`), fullPage: true });
    });
  }
});

test.describe('accessibility statement', () => {
  test('is reachable without signing in, from the login page', async ({ page }) => {
    await page.goto('/#/login');
    await page.getByRole('navigation', { name: 'Rechtliches' }).getByRole('link', { name: 'Barrierefreiheit' }).click();
    await expect(heading(page, 'Erklärung zur Barrierefreiheit')).toBeVisible();
    await expect(page.getByText(/teilweise vereinbar/)).toBeVisible();
    await expect(page.getByText('Diese Erklärung wurde am 26.11.2026 erstellt', { exact: false })).toBeVisible();
    await expect(page.getByText(/Schlichtungsstelle nach § 16 BGG/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'https://www.schlichtungsstelle-bgg.de' })).toBeVisible();
    await expect(page.getByRole('link', { name: `E-Mail an ${SUPPORT}` })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test.describe('at 375 px', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('the statement and the help page fit without horizontal scrolling', async ({ page }) => {
      await signInViaApi(page, DEMO.admin);
      await page.goto('/#/help');
      await expect(heading(page, 'Support & Einstellungen')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Zur Verwaltung' })).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await expectNoSeriousViolations(page);
      await page.goto('/#/barrierefreiheit');
      await expect(heading(page, 'Erklärung zur Barrierefreiheit')).toBeVisible();
      await expectNoHorizontalOverflow(page);
    });
  });
});

test.describe('a new version of the terms', () => {
  const port = e2eEnv.port + 1;
  const base = `http://localhost:${port}`;
  let server: ChildProcess | undefined;
  let dataDir = '';
  let credentials = { email: '', password: '' };

  test.beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'matchwerk-legal-e2e-'));
    // The real app with a newer terms version than the employer accepted (buildApp's legalVersions).
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/testing/legal-version-server.ts'], {
      cwd: e2eEnv.repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_DIST: e2eEnv.webDist,
        TERMS_VERSION_UNDER_TEST: '2027-03-01',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    credentials = await new Promise((resolve, reject) => {
      let output = '';
      server!.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /READY (\S+) (\S+)/.exec(output);
        if (match) resolve({ email: match[1]!, password: match[2]! });
      });
      server!.once('exit', (code) => reject(new Error(`legal version server exited with ${code}`)));
    });
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server!.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function signIn(page: Page): Promise<void> {
    await page.goto(`${base}/#/login`);
    await page.getByLabel('E-Mail-Adresse').fill(credentials.email);
    await page.getByLabel('Passwort', { exact: true }).fill(credentials.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
  }

  test('forces exactly one re-acceptance of the changed terms, and not a second one', async ({ page }) => {
    await signIn(page);
    await expect(heading(page, 'Datenschutz und Nutzungsbedingungen')).toBeVisible();
    await expect(page.getByText('Wir haben unsere Rechtstexte geändert.', { exact: false })).toBeVisible();
    // Only the changed document is asked for, with its new date and the one accepted before.
    await expect(page.getByRole('checkbox')).toHaveCount(1);
    await expect(
      page.getByText('Neue Fassung vom 01.03.2027 (Sie hatten der Fassung vom 26.11.2026 zugestimmt)'),
    ).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Zustimmen und fortfahren' }).click();
    await expect(page.getByText('Bitte stimmen Sie den Nutzungsbedingungen zu.')).toBeVisible();
    await page.getByRole('checkbox', { name: /Nutzungsbedingungen/ }).check();
    await page.getByRole('button', { name: 'Zustimmen und fortfahren' }).click();
    await expect(heading(page, 'Stellenanzeigen')).toBeVisible();

    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    await signIn(page);
    await expect(heading(page, 'Mein Unternehmen')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Datenschutz und Nutzungsbedingungen' })).toHaveCount(0);
  });
});
