import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PASSWORD_MESSAGES } from '@matchwerk/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../testing/render-app';
import { ChangePasswordForm } from './change-password-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ChangePasswordForm', () => {
  it('refuses a new password that is the current one before asking the server', async () => {
    const { fetchStub, calls } = stubFetch(() => ({ status: 200, body: { ok: true, token: null } }));
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<ChangePasswordForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Aktuelles Passwort', { selector: 'input' }), 'Mein-altes-Passwort');
    await user.type(screen.getByLabelText('Neues Passwort', { selector: 'input' }), 'Mein-altes-Passwort');
    await user.type(screen.getByLabelText('Neues Passwort wiederholen', { selector: 'input' }), 'Mein-altes-Passwort');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));

    expect(await screen.findByText(PASSWORD_MESSAGES.sameAsCurrent)).toBeTruthy();
    expect(screen.getByLabelText('Neues Passwort', { selector: 'input' }).getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.path === '/rest/users/change-password')).toHaveLength(0);
  });
});
