import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../../stores/ui-store';
import { fakeUser } from '../../../testing/fake-user';
import { fakeOrganization } from '../../../testing/fake-vacancy';
import { apiError, recordRequests, serveApi, sessionHandlers, companyPageHandlers } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';

/** The settings API of an organisation user: the company profile and the notification settings. */
function serveSettings() {
  let organization = fakeOrganization();
  let user = fakeUser();
  serveApi(
    // The current user changes with the notification settings (the first matching handler answers).
    http.get('/rest/users/current-user', () => HttpResponse.json(user)),
    ...sessionHandlers(user),
    http.get('/rest/organization/org-1', () => HttpResponse.json(organization)),
    http.put('/rest/organization/org-1', async ({ request }) => {
      const input = (await request.json()) as typeof organization;
      organization = { ...organization, ...input, links: { ...organization.links, ...input.links } };
      return HttpResponse.json(organization);
    }),
    http.put('/rest/users/organization/user-1/notifications', async ({ request }) => {
      user = { ...user, notifications: (await request.json()) as typeof user.notifications };
      return HttpResponse.json(user);
    }),
    ...companyPageHandlers(user),
  );
}

beforeEach(() => {
  useUiStore.setState({ renderApp: false, loggingOut: false, mobileView: false, showDefaultSnackbar: false });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Settings (Mein Unternehmen)', () => {
  it('shows company texts as plain text and saves links with https added', async () => {
    const requests = recordRequests();
    serveSettings();
    renderApp('/settings');
    const about = await screen.findByRole('textbox', { name: 'Über uns' });
    // Plain text: the markup is shown as typed, never rendered.
    expect((about as HTMLTextAreaElement).value).toBe('Wir sind <b>klein</b>.');
    expect(document.querySelector('b')).toBeNull();
    for (const name of ['Logo', 'Allgemeines', 'Kontakt', 'Online', 'Benachrichtigungen', 'Konto löschen']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Xing' }), 'keine adresse');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(
      await screen.findByText('Bitte geben Sie eine gültige Internetadresse ein (z. B. https://www.beispiel.de).'),
    ).toBeTruthy();

    await user.clear(screen.getByRole('textbox', { name: 'Xing' }));
    await user.type(screen.getByRole('textbox', { name: 'Xing' }), 'www.xing.com/firma');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(useUiStore.getState().defaultSnackbarText).toBe('Änderungen gespeichert.'));
    await waitFor(() =>
      expect(requests.find((c) => c.method === 'PUT' && c.path === '/rest/organization/org-1')?.body).toMatchObject({
        name: 'Beispiel GmbH',
        region: 'HORB',
        employeeCount: 12,
        links: { xing: 'https://www.xing.com/firma' },
      }),
    );
  });

  it('on 412 keeps the input, lists it to copy and loads the newest version on request', async () => {
    let stored = fakeOrganization({ version: 2 });
    const requests = recordRequests();
    serveApi(
      ...sessionHandlers(fakeUser()),
      http.put('/rest/organization/org-1', async ({ request }) => {
        const body = (await request.json()) as { branch: string };
        // A colleague saved another branch first.
        if (stored.version === 2) stored = { ...stored, branch: 'Elektrotechnik', version: 3 };
        if (request.headers.get('if-match') !== `"${stored.version}"`)
          return apiError(412, 'PRECONDITION_FAILED', 'Geändert.');
        stored = { ...stored, branch: body.branch, version: stored.version + 1 };
        return HttpResponse.json(stored);
      }),
      http.get('/rest/organization/org-1', () => HttpResponse.json(stored)),
      ...companyPageHandlers(fakeUser()),
    );
    renderApp('/settings');
    const branch = await screen.findByRole('textbox', { name: 'Branche' });
    const user = userEvent.setup();
    await user.clear(branch);
    await user.click(branch);
    await user.paste('Maschinenbau');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    const dialog = await screen.findByRole('dialog', { name: 'Inzwischen geändert' });
    const puts = () => requests.filter((c) => c.method === 'PUT' && c.path === '/rest/organization/org-1');
    expect(puts()[0]?.headers['if-match']).toBe('"2"');
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Branche' }).value).toBe('Maschinenbau');
    await user.click(within(dialog).getByRole('button', { name: 'Neu laden' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Branche' })).toHaveProperty('value', 'Elektrotechnik'),
    );
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]?.headers['if-match']).toBe('"3"');
  });

  it('asks before leaving the profile with unsaved changes', async () => {
    serveSettings();
    const { router } = renderApp('/settings');
    const branch = await screen.findByRole('textbox', { name: 'Branche' });
    const user = userEvent.setup();
    await user.type(branch, 'x');
    await act(() => router.navigate('/vacancies'));
    const dialog = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen verwerfen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Weiter bearbeiten' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/settings');
    expect(branch).toHaveProperty('value', 'Handwerkx');
  });

  it('saves the notification settings on their own', async () => {
    const requests = recordRequests();
    serveSettings();
    renderApp('/settings');
    const section = (await screen.findByRole('heading', { level: 2, name: 'Benachrichtigungen' })).closest('section');
    if (!section) throw new Error('no section');
    const user = userEvent.setup();
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Häufigkeit' }), 'WEEKLY');
    await user.click(within(section).getByRole('button', { name: 'Benachrichtigungen speichern' }));
    await waitFor(() =>
      expect(
        requests.find((c) => c.method === 'PUT' && c.path === '/rest/users/organization/user-1/notifications')?.body,
      ).toEqual({
        notifyViaMail: true,
        interval: 'WEEKLY',
      }),
    );
  });
});
