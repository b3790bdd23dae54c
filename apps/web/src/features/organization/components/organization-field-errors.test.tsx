import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PHONE_MESSAGES, URL_MESSAGES, type Organization } from '@matchwerk/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../../stores/ui-store';
import { fakeUser } from '../../../testing/fake-user';
import { fakeOrganization } from '../../../testing/fake-vacancy';
import { renderApp, stubFetch } from '../../../testing/render-app';

/** Issue #14: Mein Unternehmen checks phone and links with the shared schema, messages under the fields. */

function fakeServer(answerSave?: () => { status: number; body: unknown }) {
  let organization = fakeOrganization();
  return stubFetch((path, body) => {
    if (path === '/rest/config')
      return { status: 200, body: { supportEmail: 'hilfe@example.org', demoMailbox: false } };
    if (path === '/rest/auth/get-session') return { status: 200, body: { session: { id: 's1' } } };
    if (path === '/rest/users/current-user') return { status: 200, body: fakeUser() };
    if (path === '/rest/organization/org-1' && body) {
      const answer = answerSave?.();
      if (answer) return answer;
      const input = body as Organization;
      organization = { ...organization, ...input, links: { ...organization.links, ...input.links } };
      return { status: 200, body: organization };
    }
    if (path === '/rest/organization/org-1') return { status: 200, body: organization };
    return undefined;
  });
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
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Mein Unternehmen field errors', { timeout: 30_000 }, () => {
  it('shows the phone and link messages under their fields, then saves and shows both normalised', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server.fetchStub);
    renderApp('/settings');
    const phone = await screen.findByRole('textbox', { name: 'Telefon' }, { timeout: 8000 });
    const website = screen.getByRole('textbox', { name: 'Website' });
    const user = userEvent.setup();

    fireEvent.change(phone, { target: { value: '030 12' } });
    fireEvent.change(website, { target: { value: 'javascript:alert(1)' } });
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(descriptionOf(phone)).toBe(PHONE_MESSAGES.invalid));
    expect(descriptionOf(website)).toBe(URL_MESSAGES.scheme);
    expect(server.calls.some((call) => call.path === '/rest/organization/org-1' && call.body)).toBe(false);

    fireEvent.change(phone, { target: { value: '+49 (0)30 123456' } });
    fireEvent.change(website, { target: { value: 'HTTP://Beispiel.DE/Pfad' } });
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(useUiStore.getState().defaultSnackbarText).toBe('Änderungen gespeichert.'));
    await waitFor(() => expect((phone as HTMLInputElement).value).toBe('+49 30 123456'));
    expect((website as HTMLInputElement).value).toBe('http://beispiel.de/Pfad');
  });

  it("shows the server's field error under its field", async () => {
    const server = fakeServer(() => ({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'Die Eingaben sind unvollständig oder ungültig.',
        fieldErrors: { contactPhone: PHONE_MESSAGES.invalid },
      },
    }));
    vi.stubGlobal('fetch', server.fetchStub);
    renderApp('/settings');
    const phone = await screen.findByRole('textbox', { name: 'Telefon' }, { timeout: 8000 });
    fireEvent.change(phone, { target: { value: '0171 1234567' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(descriptionOf(phone)).toBe(PHONE_MESSAGES.invalid));
  });
});
