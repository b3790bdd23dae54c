import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REGION_OPTIONS, type CurrentUser } from '@matchwerk/shared';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../../stores/ui-store';
import { fakeAdmin, fakePartner, fakeUser } from '../../../testing/fake-user';
import { fakeOrganization } from '../../../testing/fake-vacancy';
import { recordRequests, serveApi, sessionHandlers, companyPageHandlers } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';

/** The company profile API as `user` sees it; the organisation is in Lichtenfels. */
function serveOrganization(user: CurrentUser) {
  let organization = fakeOrganization({ region: 'LICHTENFELS' });
  serveApi(
    ...sessionHandlers(user),
    http.get('/rest/organization/org-1', () => HttpResponse.json(organization)),
    http.put('/rest/organization/org-1', async ({ request }) => {
      const body = (await request.json()) as Partial<typeof organization>;
      organization = { ...organization, ...body, links: organization.links };
      return HttpResponse.json(organization);
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

/** The labels of the region select's choices (without the disabled placeholder). */
function regionChoices(): string[] {
  const select = screen.getByRole('combobox', { name: /^Region/ });
  return within(select)
    .getAllByRole('option')
    .filter((option) => !(option as HTMLOptionElement).disabled)
    .map((option) => option.textContent ?? '');
}

describe('region of an organisation (issue #9)', () => {
  it('organisation users see their region read-only with whom to ask, and save it unchanged', async () => {
    const requests = recordRequests();
    serveOrganization(fakeUser());
    renderApp('/settings');
    const region = await screen.findByRole('textbox', { name: 'Region' });
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
      expect(requests.find((c) => c.method === 'PUT' && c.path === '/rest/organization/org-1')?.body).toMatchObject({
        region: 'LICHTENFELS',
      }),
    );
  });

  it('partners choose only among their own regions', async () => {
    serveOrganization(fakePartner('LICHTENFELS', { regions: ['LICHTENFELS', 'HORB'] }));
    renderApp('/organization/org-1');
    await screen.findByRole('combobox', { name: /^Region/ });
    expect(regionChoices()).toEqual(['Horb a. N.', 'Landkreis Lichtenfels']);
  });

  it('admins choose among all regions', async () => {
    serveOrganization(fakeAdmin());
    renderApp('/organization/org-1');
    await screen.findByRole('combobox', { name: /^Region/ });
    expect(regionChoices()).toEqual(REGION_OPTIONS.map((option) => option.label));
  });
});
