import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PHONE_MESSAGES, URL_MESSAGES, type Organization } from '@matchwerk/shared';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../../stores/ui-store';
import { fakeUser } from '../../../testing/fake-user';
import { fakeOrganization } from '../../../testing/fake-vacancy';
import { apiError, recordRequests, serveApi, sessionHandlers, companyPageHandlers } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';

/** Issue #14: Mein Unternehmen checks phone and links with the shared schema, messages under the fields. */

/** The company profile API of an organisation user; a save answers `answerSave` (default: saved). */
function serveOrganization(answerSave?: () => Response) {
  let organization = fakeOrganization();
  serveApi(
    ...sessionHandlers(fakeUser()),
    http.put('/rest/organization/org-1', async ({ request }) => {
      const input = (await request.json()) as Organization;
      const answer = answerSave?.();
      if (answer) return answer;
      organization = { ...organization, ...input, links: { ...organization.links, ...input.links } };
      return HttpResponse.json(organization);
    }),
    http.get('/rest/organization/org-1', () => HttpResponse.json(organization)),
    ...companyPageHandlers(fakeUser()),
  );
}

function descriptionOf(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

beforeEach(() => {
  useUiStore.setState({ renderApp: false, loggingOut: false, mobileView: false, showDefaultSnackbar: false });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Mein Unternehmen field errors', () => {
  it('shows the phone and link messages under their fields, then saves and shows both normalised', async () => {
    const requests = recordRequests();
    serveOrganization();
    renderApp('/settings');
    const phone = await screen.findByRole('textbox', { name: 'Telefon' });
    const website = screen.getByRole('textbox', { name: 'Website' });
    const user = userEvent.setup();

    // Input events, as typing fires: Preact's onChange does not hear a bare `change` (React's does).
    fireEvent.input(phone, { target: { value: '030 12' } });
    fireEvent.input(website, { target: { value: 'javascript:alert(1)' } });
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(descriptionOf(phone)).toBe(PHONE_MESSAGES.invalid));
    expect(descriptionOf(website)).toBe(URL_MESSAGES.scheme);
    expect(requests.some((request) => request.method === 'PUT' && request.path === '/rest/organization/org-1')).toBe(
      false,
    );

    fireEvent.input(phone, { target: { value: '+49 (0)30 123456' } });
    fireEvent.input(website, { target: { value: 'HTTP://Beispiel.DE/Pfad' } });
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(useUiStore.getState().defaultSnackbarText).toBe('Änderungen gespeichert.'));
    await waitFor(() => expect((phone as HTMLInputElement).value).toBe('+49 30 123456'));
    expect((website as HTMLInputElement).value).toBe('http://beispiel.de/Pfad');
  });

  it("shows the server's field error under its field", async () => {
    serveOrganization(() =>
      apiError(400, 'VALIDATION_FAILED', 'Die Eingaben sind unvollständig oder ungültig.', {
        contactPhone: PHONE_MESSAGES.invalid,
      }),
    );
    renderApp('/settings');
    const phone = await screen.findByRole('textbox', { name: 'Telefon' });
    fireEvent.input(phone, { target: { value: '0171 1234567' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(descriptionOf(phone)).toBe(PHONE_MESSAGES.invalid));
  });
});
