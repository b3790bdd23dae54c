import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PASSWORD_MESSAGES } from '@matchwerk/shared';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, recordRequests, serveApi, sessionHandlers } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { readAuthAction } from './authaction-screen';

/** Signed out; resetting the password answers `resetAnswer`. */
function serveAuthAction(resetAnswer: () => Response) {
  serveApi(
    ...sessionHandlers(null),
    http.post('/rest/auth/reset-password', resetAnswer),
    http.post('/rest/auth/request-password-reset', () => HttpResponse.json({ status: true })),
  );
}

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

describe('a used or expired password-reset link', () => {
  it('says so in German and offers a new link for the address of the mail', async () => {
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
