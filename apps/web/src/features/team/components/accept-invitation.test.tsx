import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES, PASSWORD_LENGTH_MESSAGES, TEAM_MESSAGES, type CurrentUser } from '@matchwerk/shared';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../../stores/ui-store';
import { apiError, recordRequests, serveApi, noUnread } from '../../../testing/api-server';
import { fakeUser } from '../../../testing/fake-user';
import { renderApp } from '../../../testing/render-app';

const INVITATION = {
  organizationName: 'Beispiel GmbH',
  email: 'kai@example.org',
  name: 'Kai Kollege',
  expiresAt: '2026-11-28T09:00:00.000Z',
};
const NEW_USER = fakeUser({
  id: 'u-9',
  email: 'kai@example.org',
  name: 'Kai K.',
  organization: { id: 'org-1', name: 'Beispiel GmbH', region: 'HORB', active: true, waitingForApproval: false },
  privacyStatementSignedAt: null,
  termsAndConditionsSignedAt: null,
  legalDue: [
    { document: 'PRIVACY', version: '2026-11-26', acceptedVersion: null },
    { document: 'TERMS', version: '2026-11-26', acceptedVersion: null },
  ],
});

/**
 * The accept endpoints, sign-in and the session (signed out until the sign-in succeeds); `state`
 * answers the GET of the link.
 */
function serveInvitation(state: 'open' | 'invalid' | 'taken') {
  let signedIn: CurrentUser | null = null;
  let used = false;
  serveApi(
    http.get('/rest/config', () => HttpResponse.json({ supportEmail: 'hilfe@example.org', demoMailbox: false })),
    http.get('/rest/auth/get-session', () =>
      HttpResponse.json(signedIn ? { session: { id: 's1' }, user: { id: signedIn.id } } : null),
    ),
    http.get('/rest/users/current-user', () =>
      signedIn ? HttpResponse.json(signedIn) : apiError(401, 'UNAUTHENTICATED', 'x'),
    ),
    http.get('/rest/invitations/tok-123', () => {
      if (state === 'invalid' || used) return apiError(404, 'NOT_FOUND', TEAM_MESSAGES.invitationInvalid);
      if (state === 'taken') return apiError(409, 'CONFLICT', TEAM_MESSAGES.emailTaken);
      return HttpResponse.json(INVITATION);
    }),
    http.post('/rest/invitations/tok-123/accept', async ({ request }) => {
      const { password } = (await request.json()) as { password: string };
      if (password === 'passwort12345')
        return apiError(400, 'PASSWORD_COMPROMISED', ERROR_MESSAGES.PASSWORD_COMPROMISED, {
          password: ERROR_MESSAGES.PASSWORD_COMPROMISED,
        });
      if (used) return apiError(404, 'NOT_FOUND', TEAM_MESSAGES.invitationInvalid);
      used = true;
      return HttpResponse.json({ ok: true, email: 'kai@example.org' });
    }),
    http.post('/rest/auth/sign-in/email', async ({ request }) => {
      const { email, password } = (await request.json()) as { email: string; password: string };
      if (email !== 'kai@example.org' || password !== 'Ein-gutes-langes-Passwort')
        return apiError(401, 'INVALID_EMAIL_OR_PASSWORD', 'x');
      signedIn = NEW_USER;
      return HttpResponse.json({ token: 't' });
    }),
    // The signed-in employer's sidebar polls its unread counts.
    noUnread(),
  );
}

beforeEach(() => {
  useUiStore.setState({ renderApp: false, applicantRefused: false, loggingOut: false, mobileView: false });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Einladung annehmen (/authaction?mode=invite)', () => {
  it('shows company and address, checks the fields, accepts, signs in and shows the legal gate', async () => {
    const requests = recordRequests();
    serveInvitation('open');
    renderApp('/authaction?mode=invite&token=tok-123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Einladung annehmen' })).toBeTruthy();
    expect(await screen.findByText('Sie wurden eingeladen, Beispiel GmbH bei Matchwerk zu vertreten.')).toBeTruthy();
    expect(screen.getByText('Ihr Konto: kai@example.org')).toBeTruthy();
    expect(screen.getByText('Die Einladung ist gültig bis 28.11.2026.')).toBeTruthy();
    const name = screen.getByRole('textbox', { name: 'Ihr Name' });
    expect((name as HTMLInputElement).value).toBe('Kai Kollege');

    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, 'Kai K.');
    await user.type(screen.getByLabelText('Passwort', { selector: 'input' }), 'kurz');
    await user.type(screen.getByLabelText('Passwort wiederholen', { selector: 'input' }), 'anders');
    await user.click(screen.getByRole('button', { name: 'Einladung annehmen' }));
    expect(await screen.findByText(PASSWORD_LENGTH_MESSAGES.tooShort)).toBeTruthy();
    expect(screen.getByText('Die Passwörter stimmen nicht überein.')).toBeTruthy();

    // The server refuses a common password at the field.
    const password = screen.getByLabelText('Passwort', { selector: 'input' });
    const repeat = screen.getByLabelText('Passwort wiederholen', { selector: 'input' });
    await user.clear(password);
    await user.type(password, 'passwort12345');
    await user.clear(repeat);
    await user.type(repeat, 'passwort12345');
    await user.click(screen.getByRole('button', { name: 'Einladung annehmen' }));
    expect(await screen.findByText(ERROR_MESSAGES.PASSWORD_COMPROMISED)).toBeTruthy();

    await user.clear(password);
    await user.type(password, 'Ein-gutes-langes-Passwort');
    await user.clear(repeat);
    await user.type(repeat, 'Ein-gutes-langes-Passwort');
    await user.click(screen.getByRole('button', { name: 'Einladung annehmen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Datenschutz und Nutzungsbedingungen' })).toBeTruthy();
    await waitFor(() =>
      expect(
        requests.find(
          (request) =>
            request.method === 'POST' &&
            request.path === '/rest/invitations/tok-123/accept' &&
            (request.body as { password: string } | undefined)?.password !== 'passwort12345',
        )?.body,
      ).toEqual({
        name: 'Kai K.',
        password: 'Ein-gutes-langes-Passwort',
      }),
    );
    await waitFor(() =>
      expect(requests.some((request) => request.method === 'POST' && request.path === '/rest/auth/sign-in/email')).toBe(
        true,
      ),
    );
  });

  it('an invalid or expired link says so in German and what to do', async () => {
    serveInvitation('invalid');
    renderApp('/authaction?mode=invite&token=tok-123');
    expect(await screen.findByText('Einladung ungültig oder abgelaufen')).toBeTruthy();
    expect(
      await screen.findByText(
        /Bitten Sie die Person, die Sie eingeladen hat, um eine neue Einladung\. Bei Fragen hilft Ihnen hilfe@example\.org\./,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Einladung annehmen' })).toBeNull();
  });

  it('an address that already has an account is sent to the login', async () => {
    serveInvitation('taken');
    renderApp('/authaction?mode=invite&token=tok-123');
    expect(await screen.findByText('Sie haben bereits ein Konto')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toBeTruthy();
  });
});
