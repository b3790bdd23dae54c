import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser } from '@matchwerk/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeUser } from '../../../testing/fake-user';
import { renderApp, stubFetch } from '../../../testing/render-app';

const CONFIG = { supportEmail: 'support@matchwerk.example', demoMailbox: false };

/** A signed-in user with the given documents due; accepting answers the user with nothing due. */
function serverFor(user: CurrentUser) {
  let current = user;
  return stubFetch((path) => {
    if (path === '/rest/config') return { status: 200, body: CONFIG };
    if (path === '/rest/auth/get-session')
      return { status: 200, body: { session: { id: 's1' }, user: { id: current.id } } };
    if (path === '/rest/users/current-user') return { status: 200, body: current };
    if (path === '/rest/users/accept-terms-and-data-protection') {
      current = { ...current, legalDue: [] };
      return { status: 200, body: current };
    }
    if (path.startsWith('/rest/vacancy')) return { status: 200, body: { items: [], next: null } };
    return undefined;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LegalGate (ADR 0037)', () => {
  it('asks only for the changed terms, shows the new and the accepted version, and sends only that consent', async () => {
    const server = serverFor(
      fakeUser({ legalDue: [{ document: 'TERMS', version: '2027-03-01', acceptedVersion: '2026-11-26' }] }),
    );
    vi.stubGlobal('fetch', server.fetchStub);
    renderApp('/settings');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Datenschutz und Nutzungsbedingungen' },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Wir haben unsere Rechtstexte geändert/)).toBeTruthy();
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    expect(
      screen.getByText('Neue Fassung vom 01.03.2027 (Sie hatten der Fassung vom 26.11.2026 zugestimmt)'),
    ).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Zustimmen und fortfahren' }));
    expect(screen.getByText('Bitte stimmen Sie den Nutzungsbedingungen zu.')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: /Nutzungsbedingungen/ }));
    await user.click(screen.getByRole('button', { name: 'Zustimmen und fortfahren' }));
    await waitFor(() =>
      expect(server.calls.some((call) => call.path === '/rest/users/accept-terms-and-data-protection')).toBe(true),
    );
    expect(server.calls.find((call) => call.path === '/rest/users/accept-terms-and-data-protection')?.body).toEqual({
      termsAndConditionsAccepted: true,
    });
  });

  it('asks a new user for both documents with their versions', async () => {
    vi.stubGlobal(
      'fetch',
      serverFor(
        fakeUser({
          legalDue: [
            { document: 'PRIVACY', version: '2026-11-26', acceptedVersion: null },
            { document: 'TERMS', version: '2026-11-26', acceptedVersion: null },
          ],
        }),
      ).fetchStub,
    );
    renderApp('/settings');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Datenschutz und Nutzungsbedingungen' },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    expect(screen.getAllByText('Fassung vom 26.11.2026')).toHaveLength(2);
  });
});
