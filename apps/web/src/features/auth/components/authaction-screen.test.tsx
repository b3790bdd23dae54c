import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PASSWORD_MESSAGES } from '@matchwerk/shared';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, recordRequests, serveApi, sessionHandlers, type RecordedRequest } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { readAuthAction } from './authaction-screen';

/** Signed out; the link's check answers `statusAnswer` (valid by default), resetting the password `resetAnswer`. */
function serveAuthAction(
  resetAnswer: () => Response,
  statusAnswer: () => Response = () => HttpResponse.json({ valid: true }),
) {
  serveApi(
    ...sessionHandlers(null),
    http.get('/rest/auth-actions/reset-password/status', statusAnswer),
    http.post('/rest/auth/reset-password', resetAnswer),
    http.post('/rest/auth/request-password-reset', () => HttpResponse.json({ status: true })),
  );
}

const statusChecks = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.path.startsWith('/rest/auth-actions/reset-password/status'));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('readAuthAction', () => {
  it('reads mode, token and the address from the hash route', () => {
    expect(readAuthAction(new URLSearchParams('mode=resetPassword&token=abc&email=firma%40example.org'), '')).toEqual({
      mode: 'resetPassword',
      token: 'abc',
      email: 'firma@example.org',
      linkExpired: false,
    });
  });

  it("takes the auth server's ?error=INVALID_TOKEN redirect as an expired reset link", () => {
    expect(readAuthAction(new URLSearchParams(''), '?error=INVALID_TOKEN')).toEqual({
      mode: 'resetPassword',
      token: null,
      email: '',
      linkExpired: true,
    });
  });
});

describe('a password-reset link is checked when it is opened', () => {
  it('a valid link shows the form; the link is checked once, with its token', async () => {
    const requests = recordRequests();
    serveAuthAction(() => HttpResponse.json({ status: true }));
    renderApp('/authaction?mode=resetPassword&token=a%2Bb&email=firma%40example.org');
    expect(await screen.findByLabelText('Neues Passwort', { selector: 'input' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Passwort speichern' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(statusChecks(requests).map((request) => [request.method, request.path])).toEqual([
      ['GET', '/rest/auth-actions/reset-password/status?token=a%2Bb'],
    ]);
  });

  it('a used or expired link says so at once, without the form, and offers a new link for the address', async () => {
    const requests = recordRequests();
    serveAuthAction(
      () => HttpResponse.json({ status: true }),
      () => HttpResponse.json({ valid: false }),
    );
    renderApp('/authaction?mode=resetPassword&token=alt&email=firma%40example.org');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(PASSWORD_MESSAGES.resetLinkUsed);
    expect(screen.queryByLabelText('Neues Passwort', { selector: 'input' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Passwort speichern' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Neuen Link anfordern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Passwort zurücksetzen' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('E-Mail-Adresse', { selector: 'input' }).value).toBe(
      'firma@example.org',
    );
    expect(requests.some((request) => request.path === '/rest/auth/reset-password')).toBe(false);
  });

  it('a failed check shows the form anyway (the submit checks again)', async () => {
    serveAuthAction(
      () => HttpResponse.json({ status: true }),
      () => apiError(500, 'INTERNAL', 'Es ist ein interner Fehler aufgetreten.'),
    );
    renderApp('/authaction?mode=resetPassword&token=neu');
    expect(await screen.findByLabelText('Neues Passwort', { selector: 'input' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an unreachable server shows the form too', async () => {
    serveAuthAction(
      () => HttpResponse.json({ status: true }),
      () => HttpResponse.error(),
    );
    renderApp('/authaction?mode=resetPassword&token=neu');
    expect(await screen.findByLabelText('Neues Passwort', { selector: 'input' })).toBeTruthy();
  });
});

describe('a password-reset link that expires while the form is open', () => {
  it('says so in German on submit and offers a new link for the address of the mail', async () => {
    const requests = recordRequests();
    serveAuthAction(() => apiError(400, 'INVALID_TOKEN', 'Invalid token'));
    renderApp('/authaction?mode=resetPassword&token=alt&email=firma%40example.org');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Neues Passwort', { selector: 'input' }), 'Ein-ganz-neues-Passwort');
    await user.type(
      screen.getByLabelText('Neues Passwort wiederholen', { selector: 'input' }),
      'Ein-ganz-neues-Passwort',
    );
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(PASSWORD_MESSAGES.resetLinkUsed);
    expect(PASSWORD_MESSAGES.resetLinkUsed).toBe('Dieser Link wurde bereits verwendet oder ist abgelaufen.');
    await user.click(screen.getByRole('button', { name: 'Neuen Link anfordern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Passwort zurücksetzen' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('E-Mail-Adresse', { selector: 'input' }).value).toBe(
      'firma@example.org',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Link anfordern' }));
    expect(await within(dialog).findByRole('status')).toBeTruthy();
    await waitFor(() =>
      expect(
        requests.find((request) => request.method === 'POST' && request.path === '/rest/auth/request-password-reset')
          ?.body,
      ).toMatchObject({ email: 'firma@example.org' }),
    );
  });

  it('shows the legal links under the card, like the login screen', async () => {
    serveAuthAction(() => HttpResponse.json({ status: true }));
    renderApp('/authaction?mode=resetPassword&token=neu');
    const legal = await screen.findByRole('navigation', { name: 'Rechtliches' });
    expect(within(legal).getByRole('link', { name: 'Impressum' })).toBeTruthy();
  });
});
