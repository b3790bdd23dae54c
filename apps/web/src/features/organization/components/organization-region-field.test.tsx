import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REGION_OPTIONS, type CurrentUser } from '@matchwerk/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../../stores/ui-store';
import { fakeAdmin, fakePartner, fakeUser } from '../../../testing/fake-user';
import { fakeOrganization } from '../../../testing/fake-vacancy';
import { renderApp, stubFetch } from '../../../testing/render-app';

function fakeServer(user: CurrentUser) {
  let organization = fakeOrganization({ region: 'LICHTENFELS' });
  return stubFetch((path, body) => {
    if (path === '/rest/config')
      return { status: 200, body: { supportEmail: 'hilfe@example.org', demoMailbox: false } };
    if (path === '/rest/auth/get-session') return { status: 200, body: { session: { id: 's1' } } };
    if (path === '/rest/users/current-user') return { status: 200, body: user };
    if (path === '/rest/organization/org-1') {
      if (body)
        organization = { ...organization, ...(body as Partial<typeof organization>), links: organization.links };
      return { status: 200, body: organization };
    }
    return undefined;
  });
}

beforeEach(() => {
  useUiStore.setState({ renderApp: false, loggingOut: false, mobileView: false, showDefaultSnackbar: false });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The labels of the region select's choices (without the disabled placeholder). */
function regionChoices(): string[] {
  const select = screen.getByRole('combobox', { name: /^Region/ });
  return within(select)
    .getAllByRole('option')
    .filter((option) => !(option as HTMLOptionElement).disabled)
    .map((option) => option.textContent ?? '');
}

describe('region of an organisation (issue #9)', { timeout: 20_000 }, () => {
  it('organisation users see their region read-only with whom to ask, and save it unchanged', async () => {
    const server = fakeServer(fakeUser());
    vi.stubGlobal('fetch', server.fetchStub);
    renderApp('/settings');
    const region = await screen.findByRole('textbox', { name: 'Region' }, { timeout: 8000 });
    expect((region as HTMLInputElement).readOnly).toBe(true);
    expect((region as HTMLInputElement).value).toBe('Landkreis Lichtenfels');
    expect(region.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(region.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Die Region ändert Ihr Regionalpartner. Wenn sie nicht stimmt, schreiben Sie bitte an hilfe@example.org.',
    );
    expect(screen.queryByRole('combobox', { name: /^Region/ })).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === '/rest/organization/org-1' && c.body)?.body).toMatchObject({
        region: 'LICHTENFELS',
      }),
    );
  });

  it('partners choose only among their own regions', async () => {
    vi.stubGlobal('fetch', fakeServer(fakePartner('LICHTENFELS', { regions: ['LICHTENFELS', 'HORB'] })).fetchStub);
    renderApp('/organization/org-1');
    await screen.findByRole('combobox', { name: /^Region/ }, { timeout: 8000 });
    expect(regionChoices()).toEqual(['Horb a. N.', 'Landkreis Lichtenfels']);
  });

  it('admins choose among all regions', async () => {
    vi.stubGlobal('fetch', fakeServer(fakeAdmin()).fetchStub);
    renderApp('/organization/org-1');
    await screen.findByRole('combobox', { name: /^Region/ }, { timeout: 8000 });
    expect(regionChoices()).toEqual(REGION_OPTIONS.map((option) => option.label));
  });
});
