import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PASSWORD_MESSAGES } from '@matchwerk/shared';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { recordRequests, serveApi, sessionHandlers } from '../../../testing/api-server';
import { fakeUser } from '../../../testing/fake-user';
import { renderWithProviders } from '../../../testing/render-app';
import { ChangePasswordForm } from './change-password-form';

describe('ChangePasswordForm', () => {
  it('refuses a new password that is the current one before asking the server', async () => {
    const requests = recordRequests();
    // The providers load the signed-in user; the form itself must not post.
    serveApi(
      ...sessionHandlers(fakeUser()),
      http.post('/rest/users/change-password', () => HttpResponse.json({ ok: true, token: null })),
    );
    renderWithProviders(<ChangePasswordForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Aktuelles Passwort', { selector: 'input' }), 'Mein-altes-Passwort');
    await user.type(screen.getByLabelText('Neues Passwort', { selector: 'input' }), 'Mein-altes-Passwort');
    await user.type(screen.getByLabelText('Neues Passwort wiederholen', { selector: 'input' }), 'Mein-altes-Passwort');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));

    expect(await screen.findByText(PASSWORD_MESSAGES.sameAsCurrent)).toBeTruthy();
    expect(screen.getByLabelText('Neues Passwort', { selector: 'input' }).getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((request) => request.path === '/rest/users/change-password')).toHaveLength(0);
  });
});
