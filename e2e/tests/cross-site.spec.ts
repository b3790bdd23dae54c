import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { API_PATHS, type CurrentUser } from '@matchwerk/shared';
// The signed link format has one source: the API's own token module (a mail would take 90 s to arrive).
import { createUnsubscribeToken } from '../../apps/api/src/modules/notifications/unsubscribe-token';
import { e2eEnv } from '../support/e2e-env';
import { createEmployer } from '../support/employer';

/**
 * Cross-site request forgery in a real browser: a page on another port of localhost is another
 * origin but the same site, so Chromium attaches the SameSite=Lax session cookie to its requests.
 */
let foreign: Server;
let foreignOrigin: string;

test.beforeAll(async () => {
  foreign = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Gewinnspiel</title></head><body><h1>Gewinnspiel</h1></body></html>',
    );
  });
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  foreignOrigin = `http://localhost:${(foreign.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => foreign.close(() => resolve()));
});

/** Uploads a small PNG as the organisation logo from whatever page is open; the status (0 when the browser hides it). */
function uploadLogoFromPage(page: Page, url: string, mode: RequestMode): Promise<number> {
  return page.evaluate(
    async ({ url, mode }) => {
      const canvas = new OffscreenCanvas(64, 64);
      const context = canvas.getContext('2d');
      if (context) {
        context.fillStyle = '#c00';
        context.fillRect(0, 0, 64, 64);
      }
      const form = new FormData();
      form.append('file', await canvas.convertToBlob({ type: 'image/png' }), 'logo.png');
      try {
        const response = await fetch(url, { method: 'POST', body: form, mode, credentials: 'include' });
        return response.status;
      } catch {
        // Cross-Origin-Resource-Policy hides the answer from a foreign page; the server has handled the request all the same.
        return 0;
      }
    },
    { url, mode },
  );
}

async function logoOf(page: Page, organizationId: string): Promise<string | null> {
  const response = await page.request.get(`/rest/organization/${organizationId}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { logoPhotoId: string | null }).logoPhotoId;
}

test('a page of another origin cannot upload with the employer’s session cookie; the app itself can', async ({
  page,
}) => {
  await createEmployer(page.request, { companyName: 'Herkunftsprobe GmbH' });
  const me = (await (await page.request.get(API_PATHS.currentUser)).json()) as CurrentUser;
  const organizationId = me.organizationId ?? '';
  const uploadUrl = `${e2eEnv.baseUrl}/rest/organization/${organizationId}/photo`;
  expect(await logoOf(page, organizationId)).toBeNull();

  // The attack: a "simple" multipart request (no preflight), cookie attached by the browser.
  await page.goto(foreignOrigin);
  expect(await uploadLogoFromPage(page, uploadUrl, 'no-cors')).toBe(0);
  expect(await logoOf(page, organizationId)).toBeNull();

  // The control: the same request from the app's own page succeeds.
  await page.goto('/#/login');
  expect(await uploadLogoFromPage(page, uploadUrl, 'same-origin')).toBe(200);
  expect(await logoOf(page, organizationId)).not.toBeNull();
});

test('the unsubscribe link shows a button; only the button turns notification mails off', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await createEmployer(page.request, { companyName: 'Abmeldeprobe GmbH' });
  const me = (await (await page.request.get(API_PATHS.currentUser)).json()) as CurrentUser;
  const settings = await page.request.put(API_PATHS.notificationSettings.replace(':userId', me.id), {
    headers: { Origin: e2eEnv.baseUrl },
    data: { notifyViaMail: true, interval: 'DAILY' },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const notifyViaMail = async () =>
    ((await (await page.request.get(API_PATHS.currentUser)).json()) as CurrentUser).notifications.notifyViaMail;

  await page.goto(
    `${API_PATHS.notificationsUnsubscribe}?token=${encodeURIComponent(createUnsubscribeToken(e2eEnv.authSecret, me.id))}`,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'E-Mail-Benachrichtigungen abbestellen' })).toBeVisible();
  expect(await notifyViaMail()).toBe(true);

  await page.getByRole('button', { name: 'Benachrichtigungen abbestellen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Benachrichtigungen abbestellt' })).toBeVisible();
  expect(await notifyViaMail()).toBe(false);
  // No CSP violation (they are reported as console errors).
  expect(consoleErrors).toEqual([]);

  await page.goto(`${API_PATHS.notificationsUnsubscribe}?token=${'x'.repeat(400)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Link ungültig' })).toBeVisible();
});
