import { devices, expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { API_PATHS, CANDIDATE_APP_ROUTES, type CurrentUser } from '@matchwerk/shared';
import { expectNoSeriousViolations } from '../support/accessibility';
import { createActivePosting } from '../support/candidate';
import { e2eEnv } from '../support/e2e-env';
import { createEmployer } from '../support/employer';
import { DEMO, uniqueEmail } from '../support/fixtures';
import { waitForMail } from '../support/mailbox';

/**
 * The candidate app at /app/ (issue 47) on a phone (Pixel 7 at 390 px, Chromium): one journey from
 * browsing signed out to a chat that keeps working offline, and the service worker's push. Lean on
 * purpose: the suite runs once in CI, near its time budget.
 */

const PHONE = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } };

async function phone(browser: Browser, options: { serviceWorkers: 'allow' | 'block' }): Promise<BrowserContext> {
  return browser.newContext({
    ...PHONE,
    baseURL: e2eEnv.baseUrl,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    serviceWorkers: options.serviceWorkers,
  });
}

/** Console errors of the page, except the browser's own lines for requests made while offline. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/ERR_INTERNET_DISCONNECTED/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

/** Screenshots of the journey at 390 px, for looking at (`.tmp/` is ignored by git). */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: new URL(`../../.tmp/candidate-app/${name}.png`, import.meta.url).pathname });
}

/** A company with one active posting of its own, so a test does not depend on others. */
async function companyWithPosting(page: Page, title: string): Promise<{ companyName: string; vacancyId: string }> {
  const companyName = `Tischlerei Jahresring ${Date.now()}`;
  await createEmployer(page.request, { companyName });
  const me = (await (await page.request.get(API_PATHS.currentUser)).json()) as CurrentUser;
  return { companyName, vacancyId: await createActivePosting(page.request, me.organizationId ?? '', title) };
}

/** Fills the app's sign-up form (the posting's "Interesse zeigen" led there). */
async function signUp(app: Page, person: { email: string; dateOfBirth: string; parentEmail?: string }): Promise<void> {
  await app.getByLabel('Vorname').fill('Mia');
  await app.getByLabel('Nachname').fill('Hobel');
  await app.getByLabel('E-Mail-Adresse', { exact: true }).fill(person.email);
  await app.getByLabel('Passwort').fill('Kandidaten-Passphrase-2026');
  await app.getByLabel('Geburtsdatum').fill(person.dateOfBirth);
  if (person.parentEmail) await app.getByLabel('E-Mail-Adresse deiner Eltern').fill(person.parentEmail);
  await app.getByLabel('Ich habe Datenschutz und Nutzungsbedingungen gelesen und stimme zu.').check();
  await expectNoSeriousViolations(app);
  await app.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(app.getByRole('heading', { name: 'Fast geschafft!' })).toBeVisible();
}

/** Opens the confirmation link of the sign-up mail in the app (it signs in) and follows it back to the posting. */
async function confirmAndReturn(app: Page, email: string, vacancyId: string): Promise<void> {
  const mail = await waitForMail(email, /bestätigen/i);
  const link = mail.links.find((l) => l.includes(`/app/#${CANDIDATE_APP_ROUTES.emailConfirmed}?`));
  expect(link, mail.links.join(', ')).toBeTruthy();
  await app.goto(link ?? '');
  await app.getByRole('link', { name: 'Zurück zur Stelle' }).click();
  await expect(app).toHaveURL(new RegExp(`#/stelle/${vacancyId}$`));
}

test('a pupil browses signed out, signs in, shows interest, gets accepted and chats – also offline, delivered once', async ({
  page,
  browser,
}) => {
  // Two browsers, a service worker, offline and back: 24 s alone, more than 2 minutes while CI's other suites share the cores.
  test.slow();
  // The company: its own posting, so the journey does not depend on other tests.
  const companyName = `Bäckerei Morgenrot ${Date.now()}`;
  const title = 'Ausbildung Bäcker/in (m/w/d)';
  await createEmployer(page.request, { companyName });
  const me = (await (await page.request.get(API_PATHS.currentUser)).json()) as CurrentUser;
  const vacancyId = await createActivePosting(page.request, me.organizationId ?? '', title);

  // The service worker is left out here: Chromium's offline emulation does not reach its fetches.
  const context = await phone(browser, { serviceWorkers: 'block' });
  const app = await context.newPage();
  const errors = consoleErrors(app);

  // Signed out: Entdecken shows postings, no tab bar.
  await app.goto('/app/#/entdecken');
  await expect(app.getByRole('heading', { level: 1, name: 'Entdecken' })).toBeVisible();
  await expect(app.locator('.card').first()).toBeVisible();
  await expect(app.getByRole('navigation', { name: 'Hauptnavigation' })).toHaveCount(0);
  await expectNoSeriousViolations(app);
  await screenshot(app, 'entdecken');

  // A posting, signed out: "Interesse zeigen" leads to the sign-up and back.
  await app.goto(`/app/#/stelle/${vacancyId}`);
  await expect(app.getByRole('heading', { name: title })).toBeVisible();
  await expect(app.getByRole('link', { name: 'Interesse zeigen' })).toHaveAttribute(
    'href',
    `#/registrieren?weiter=${encodeURIComponent(`/stelle/${vacancyId}`)}`,
  );
  await expectNoSeriousViolations(app);

  // Sign in as the demo candidate, then the deck.
  await app.getByRole('link', { name: 'Anmelden' }).click();
  await app.getByLabel('E-Mail-Adresse').fill(DEMO.applicant);
  await app.getByLabel('Passwort').fill(e2eEnv.demoPassword);
  await app.getByRole('button', { name: 'Anmelden' }).click();
  await expect(app).toHaveURL(/#\/stapel$/);
  const deckTitle = app.locator('#deck-title');
  await expect(deckTitle).toBeVisible();
  const first = await deckTitle.innerText();
  await expectNoSeriousViolations(app);
  await screenshot(app, 'stapel');
  // "Nicht jetzt" and undo, by buttons (every swipe has them).
  await app.getByRole('button', { name: 'Nicht jetzt' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'ausgeblendet' })).toHaveCount(1);
  await app.getByRole('button', { name: 'Rückgängig' }).click();
  await expect(deckTitle).toHaveText(first);

  // Interest with a note, on the company's posting.
  await app.goto(`/app/#/stelle/${vacancyId}`);
  await app.getByLabel('Kurze Nachricht an die Firma (freiwillig)').fill('Ich backe gern und stehe früh auf.');
  await app.getByRole('button', { name: 'Interesse zeigen' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'sieht jetzt dein Interesse' })).toBeVisible();
  await app.goto('/app/#/anfragen');
  await expect(app.getByRole('link', { name: title })).toBeVisible();
  await expectNoSeriousViolations(app);
  await screenshot(app, 'anfragen');

  // The company accepts in the employer web app (its own browser context).
  await page.goto('/#/');
  const row = page.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: 'Annehmen' }).click();
  await expect(page).toHaveURL(/#\/chat\//);

  // The chat shows up under Nachrichten.
  await app.goto('/app/#/nachrichten');
  await app.getByRole('link', { name: new RegExp(companyName) }).click();
  await expect(app.getByRole('heading', { name: companyName })).toBeVisible();
  await expectNoSeriousViolations(app);

  // Offline: the message waits in the outbox ("wird gesendet"), then goes out once.
  const text = `Guten Morgen! Ich hätte Zeit am Montag. ${Date.now()}`;
  await context.setOffline(true);
  await app.getByLabel('Nachricht', { exact: true }).fill(text);
  await app.getByRole('button', { name: 'Senden' }).click();
  const pending = app.locator('.message-pending').filter({ hasText: text });
  await expect(pending).toContainText('wird gesendet');
  await screenshot(app, 'chat-offline');
  await context.setOffline(false);
  await expect(pending).toHaveCount(0);
  await expect(app.locator('.messages li').filter({ hasText: text })).toHaveCount(1);
  await screenshot(app, 'chat');
  // The company sees it exactly once (its tab in front again: the web app polls the focused tab).
  await page.bringToFront();
  const log = page.getByRole('log', { name: 'Nachrichtenverlauf' });
  await expect(log.getByText(text)).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('log', { name: 'Nachrichtenverlauf' }).getByText(text)).toHaveCount(1);

  await app.goto('/app/#/einstellungen');
  await expect(app.getByRole('heading', { name: 'Konto löschen' })).toBeVisible();
  await expectNoSeriousViolations(app);
  await screenshot(app, 'einstellungen');
  expect(errors).toEqual([]);
  await context.close();
});

test('from a public posting a pupil signs up, confirms through the mail, is back on it signed in, adds a photo and sees the deck', async ({
  page,
  browser,
}) => {
  const title = 'Ausbildung Tischler/in (m/w/d)';
  const { vacancyId } = await companyWithPosting(page, title);
  const context = await phone(browser, { serviceWorkers: 'block' });
  const app = await context.newPage();
  const errors = consoleErrors(app);

  // The public page of the posting leads into the app, to this posting, and its "Interesse zeigen" to the sign-up.
  await app.goto(`/stellen/${vacancyId}`);
  await app.getByRole('link', { name: 'Interesse zeigen' }).click();
  await expect(app).toHaveURL(new RegExp(`/app/#/stelle/${vacancyId}$`));
  await expect(app.getByRole('heading', { name: title })).toBeVisible();
  await screenshot(app, 'stelle-abgemeldet');
  await app.getByRole('link', { name: 'Interesse zeigen' }).click();
  const email = uniqueEmail('app-schuelerin');
  await signUp(app, { email, dateOfBirth: '2008-03-01' });
  await screenshot(app, 'registriert');
  await confirmAndReturn(app, email, vacancyId);
  // Signed in now: the posting offers the interest form itself.
  await expect(app.getByLabel('Kurze Nachricht an die Firma (freiwillig)')).toBeVisible();
  await expectNoSeriousViolations(app);

  // Profile with a photo, cropped on the phone.
  await app.goto('/app/#/profil');
  await app.getByLabel('Foto wählen').setInputFiles({
    name: 'ich.jpg',
    mimeType: 'image/jpeg',
    buffer: await app.screenshot({ type: 'jpeg', quality: 80 }),
  });
  await app.getByLabel('Vergrößern').fill('1.5');
  await expectNoSeriousViolations(app);
  await screenshot(app, 'profil-foto');
  await app.getByRole('button', { name: 'Foto speichern' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Dein Foto ist gespeichert.' })).toBeVisible();
  await expect(app.getByRole('img', { name: 'Dein Profilfoto' })).toBeVisible();

  // The deck, with today's limit in plain words.
  await app.goto('/app/#/stapel');
  await expect(app.locator('#deck-title')).toBeVisible();
  await expect(app.getByText(/^Heute kannst du noch \d+ von \d+ Anfragen verschicken\.$/)).toBeVisible();
  await expectNoSeriousViolations(app);
  await screenshot(app, 'stapel-limit');
  expect(errors).toEqual([]);
  await context.close();
});

test("a 15-year-old signs up, sees why interest waits, sends the parents' mail again to another address, a parent confirms on /einwilligung, then interest works", async ({
  page,
  browser,
}) => {
  const title = 'Ausbildung Holzmechaniker/in (m/w/d)';
  const { vacancyId } = await companyWithPosting(page, title);
  const context = await phone(browser, { serviceWorkers: 'block' });
  const app = await context.newPage();
  const errors = consoleErrors(app);
  await app.goto(`/app/#/stelle/${vacancyId}`);
  await app.getByRole('link', { name: 'Interesse zeigen' }).click();
  const email = uniqueEmail('app-fuenfzehn');
  const parentEmail = uniqueEmail('app-eltern');
  await app.getByLabel('Geburtsdatum').fill('2011-06-01');
  await expect(app.getByLabel('E-Mail-Adresse deiner Eltern')).toBeVisible();
  await signUp(app, { email, dateOfBirth: '2011-06-01', parentEmail });
  await expect(app.getByRole('heading', { name: 'Was passiert jetzt mit deinen Eltern?' })).toBeVisible();
  await screenshot(app, 'registriert-15');
  await confirmAndReturn(app, email, vacancyId);

  // Before the parent agrees, the app says why in plain words and the button waits, described by the notice
  // (no refused request: the server's 403 is not provoked).
  const interest = app.getByRole('button', { name: 'Interesse zeigen' });
  await expect(interest).toBeDisabled();
  await expect(interest).toHaveAccessibleDescription(/^Deine Eltern müssen noch zustimmen/);
  await expectNoSeriousViolations(app);

  // The deck too: browsing and "Nicht jetzt" stay, "Interessiert" waits.
  await app.goto('/app/#/stapel');
  await expect(app.locator('#deck-title')).toBeVisible();
  await expect(app.getByRole('button', { name: 'Interessiert' })).toBeDisabled();
  await expect(app.getByRole('button', { name: 'Interessiert' })).toHaveAccessibleDescription(
    /^Deine Eltern müssen noch zustimmen/,
  );
  await expect(app.getByRole('button', { name: 'Nicht jetzt' })).toBeEnabled();
  await expectNoSeriousViolations(app);
  await screenshot(app, 'stapel-eltern');

  // Einstellungen: the state and the parent's address; the mail again, to the other parent.
  await app.getByRole('link', { name: 'Zur Zustimmung deiner Eltern' }).click();
  const consentSection = app.getByRole('region', { name: 'Zustimmung deiner Eltern' });
  await expect(consentSection).toContainText('Deine Eltern haben noch nicht zugestimmt');
  await expect(consentSection).toContainText(parentEmail);
  await consentSection.getByRole('button', { name: 'Andere Adresse angeben' }).click();
  const otherParent = uniqueEmail('app-eltern-zwei');
  await consentSection.getByLabel('Neue E-Mail-Adresse deiner Eltern').fill(otherParent);
  await consentSection.getByRole('button', { name: 'An diese Adresse senden' }).click();
  await expect(consentSection.getByRole('status')).toContainText(`Wir haben die E-Mail an ${otherParent} geschickt`);
  await expect(consentSection.getByText(otherParent, { exact: true })).toBeVisible();
  await expectNoSeriousViolations(app);
  await screenshot(app, 'einstellungen-eltern');

  // The other parent opens the public page from the new mail (no account, no script) and agrees.
  const parentMail = await waitForMail(otherParent, /braucht Ihre Zustimmung/);
  const consent = await context.newPage();
  await consent.goto(parentMail.links.find((l) => l.includes('/einwilligung')) ?? '');
  await expectNoSeriousViolations(consent);
  await consent.getByRole('button', { name: 'Ich stimme zu' }).click();
  await expect(consent.getByRole('heading', { name: 'Vielen Dank für Ihre Zustimmung' })).toBeVisible();
  await consent.close();

  // Back in the app (it reads the consent again when it comes to the front): interest works, no new sign-in.
  await app.goto(`/app/#/stelle/${vacancyId}`);
  await app.bringToFront();
  await app.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(interest).toBeEnabled();
  await interest.click();
  await expect(app.getByRole('status').filter({ hasText: 'sieht jetzt dein Interesse' })).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test('the service worker controls /app/, shows pushed notifications collapsed per chat', async ({ browser }) => {
  const context = await phone(browser, { serviceWorkers: 'allow' });
  await context.grantPermissions(['notifications'], { origin: e2eEnv.baseUrl });
  const app = await context.newPage();
  const errors = consoleErrors(app);
  await app.goto('/app/#/entdecken');
  await expect(app.locator('.card').first()).toBeVisible();
  const manifest = await app.request.get('/app/manifest.webmanifest');
  expect(await manifest.json()).toMatchObject({ short_name: 'Matchwerk', start_url: '/app/', scope: '/app/' });
  await app.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active));
  await app.reload();
  expect(await app.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/app\/sw\.js$/);

  // A synthetic push (Chromium's push service is out of reach here), twice for the same chat: one notification.
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const count = await worker.evaluate(async () => {
    const scope = self as unknown as {
      dispatchEvent(event: Event): boolean;
      registration: {
        getNotifications(filter: { tag: string }): Promise<Array<{ title: string; body: string; data: unknown }>>;
      };
    };
    const payload = {
      v: 1,
      kind: 'MESSAGE',
      company: 'Bäckerei Morgenrot',
      url: '/app/#/nachrichten/org-1',
      tag: 'chat-org-1',
    };
    for (let index = 0; index < 2; index += 1) {
      const event = new Event('push') as Event & { data: { json(): unknown }; waitUntil(p: Promise<unknown>): void };
      const pending: Promise<unknown>[] = [];
      Object.assign(event, { data: { json: () => payload }, waitUntil: (p: Promise<unknown>) => pending.push(p) });
      scope.dispatchEvent(event);
      await Promise.all(pending);
    }
    const shown = await scope.registration.getNotifications({ tag: 'chat-org-1' });
    return shown.map((notification) => [
      notification.title,
      notification.body,
      (notification.data as { url: string }).url,
    ]);
  });
  expect(count).toEqual([['Neue Nachricht', 'Bäckerei Morgenrot hat dir geschrieben.', '/app/#/nachrichten/org-1']]);

  // Starting offline: after one visit online, the deck and the chats come from this device
  // (the demo's 15-year-old: her parent has confirmed and a company has accepted her, so she has a chat).
  await app.goto('/app/#/anmelden');
  await app.getByLabel('E-Mail-Adresse').fill('bewerber15@matchwerk.example');
  await app.getByLabel('Passwort').fill(e2eEnv.demoPassword);
  await app.getByRole('button', { name: 'Anmelden' }).click();
  const deckTitle = app.locator('#deck-title');
  await expect(deckTitle).toBeVisible();
  const lastCard = await deckTitle.innerText();
  await app.goto('/app/#/nachrichten');
  const chats = app.locator('.chat-link');
  await expect(chats.first()).toBeVisible();
  const chatCount = await chats.count();
  // Offline for the page and for the worker's own fetches (Chromium's offline switch does not reach those).
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  await app.goto('/app/#/stapel');
  await app.reload();
  await expect(deckTitle).toHaveText(lastCard);
  await app.goto('/app/#/nachrichten');
  await app.reload();
  await expect(chats).toHaveCount(chatCount);
  await screenshot(app, 'offline-start-nachrichten');
  expect(errors).toEqual([]);
  await context.close();
});
