/**
 * Data protection in the web app (issue #14): the administrators' retention periods on the help
 * page (German validation before sending, saved with a confirmation) and the export button in
 * Mein Unternehmen (progress, German error from the server).
 */
import type { RetentionSettings } from '@matchwerk/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../../stores/ui-store';
import { fakeAdmin, fakeUser } from '../../../testing/fake-user';
import { fakeOrganization } from '../../../testing/fake-vacancy';
import { renderApp, stubFetch } from '../../../testing/render-app';
import { fileNameOf } from '../api/data-protection-api';

const SETTINGS: RetentionSettings = { matchingRetentionMonths: 6, candidateInactivityMonths: 24, updatedAt: null };

function server(
  user = fakeUser(),
  extra: (path: string, body: unknown) => { status: number; body?: unknown } | undefined = () => undefined,
) {
  return stubFetch((path, body) => {
    if (path === '/rest/config')
      return { status: 200, body: { supportEmail: 'hilfe@example.org', demoMailbox: false } };
    if (path === '/rest/auth/get-session') return { status: 200, body: { session: { id: 's1' } } };
    if (path === '/rest/users/current-user') return { status: 200, body: user };
    if (path === '/rest/organization/org-1') return { status: 200, body: fakeOrganization() };
    if (path.startsWith('/rest/feedback')) return { status: 200, body: { items: [], total: 0, page: 0, pageSize: 10 } };
    return extra(path, body);
  });
}

beforeEach(() => {
  useUiStore.setState({
    renderApp: false,
    loggingOut: false,
    mobileView: false,
    showDefaultSnackbar: false,
    defaultSnackbarText: '',
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Aufbewahrungsfristen', { timeout: 60_000 }, () => {
  it('validates in German before sending and saves with a confirmation', async () => {
    const { fetchStub, calls } = server(fakeAdmin(), (path, body) => {
      if (path !== '/rest/admin/retention-settings') return undefined;
      return body === undefined
        ? { status: 200, body: SETTINGS }
        : { status: 200, body: { ...(body as object), updatedAt: '2026-11-26T10:00:00.000Z' } };
    });
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    renderApp('/help');
    const field = await screen.findByLabelText<HTMLInputElement>(
      'Matchings und Chats löschen nach (Monaten)',
      {},
      { timeout: 20_000 },
    );
    expect(field.value).toBe('6');
    expect(screen.getByText('Es gelten die Standardwerte.')).toBeTruthy();

    await user.clear(field);
    await user.type(field, '40');
    await user.click(screen.getByRole('button', { name: 'Fristen speichern' }));
    expect(
      await screen.findByText(
        'Aufbewahrung von Matchings und Chats: bitte eine ganze Zahl von 1 bis 36 Monaten angeben.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(
      calls.filter((call) => call.path === '/rest/admin/retention-settings' && call.body !== undefined),
    ).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: 'Fristen speichern' }));
    expect(
      await screen.findByText('Die Aufbewahrungsfristen wurden gespeichert.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(
      calls.find((call) => call.path === '/rest/admin/retention-settings' && call.body !== undefined)?.body,
    ).toEqual({ matchingRetentionMonths: 12, candidateInactivityMonths: 24 });
  });

  it('is not on the help page of an employer', async () => {
    vi.stubGlobal('fetch', server().fetchStub);
    renderApp('/help');
    expect(await screen.findByRole('heading', { name: 'Support & Einstellungen' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByText('Aufbewahrungsfristen')).toBeNull();
  });
});

describe('Datenexport', { timeout: 60_000 }, () => {
  it('shows the server’s German message when the export is refused', async () => {
    vi.stubGlobal(
      'fetch',
      server(fakeUser(), (path) =>
        path === '/rest/organization/org-1/export'
          ? {
              status: 429,
              body: {
                code: 'RATE_LIMITED',
                message:
                  'Sie haben in kurzer Zeit mehrere Exporte angefordert. Bitte versuchen Sie es in einer Stunde erneut.',
              },
            }
          : undefined,
      ).fetchStub,
    );
    const user = userEvent.setup();
    renderApp('/settings');
    const button = await screen.findByRole('button', { name: 'Alle Daten exportieren (ZIP)' }, { timeout: 20_000 });
    await user.click(button);
    await waitFor(() =>
      expect(
        screen.getByText(
          'Sie haben in kurzer Zeit mehrere Exporte angefordert. Bitte versuchen Sie es in einer Stunde erneut.',
        ),
      ).toBeTruthy(),
    );
  });

  it('reads the file name from Content-Disposition', () => {
    expect(fileNameOf('attachment; filename="matchwerk-export-12345678-2026-11-26.zip"', 'x.zip')).toBe(
      'matchwerk-export-12345678-2026-11-26.zip',
    );
    expect(fileNameOf(null, 'x.zip')).toBe('x.zip');
  });
});
