import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ORGANIZATION_MESSAGES, type OrganizationListItem } from '@matchwerk/shared';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { useUiStore } from '../../../stores/ui-store';
import { fakeOrganization } from '../../../testing/fake-vacancy';
import { fakePartner, fakeUser } from '../../../testing/fake-user';
import { apiError, recordRequests, serveApi, sessionHandlers, companyPageHandlers } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { setUpScreenTests } from '../../../testing/screen-test-setup';

function item(overrides: Partial<OrganizationListItem> = {}): OrganizationListItem {
  return {
    id: 'org-1',
    name: 'Beispiel GmbH',
    region: 'SINDELFINGEN',
    city: 'Böblingen',
    active: true,
    member: false,
    waiting: false,
    emailVerified: true,
    activeVacancies: 2,
    vacancies: 3,
    users: 1,
    openMatchings: 1250,
    createdAt: '2026-01-02T10:00:00.000Z',
    lastSignInAt: null,
    ...overrides,
  };
}

const partner = fakePartner('SINDELFINGEN', {
  id: 'p-1',
  email: 'partner@example.org',
  regions: ['SINDELFINGEN', 'HORB'],
});

/** The organisations API as `me` sees it, listing `items`, with the `extra` handlers of a test. */
function serveOrganizations(items: OrganizationListItem[], extra: RequestHandler[] = [], me = partner) {
  serveApi(
    ...extra,
    ...sessionHandlers(me),
    http.get('/rest/organization/', () => HttpResponse.json({ items, total: items.length, page: 0, pageSize: 25 })),
    ...companyPageHandlers(me),
  );
}

setUpScreenTests();

describe('Organisations screen', () => {
  it('lists organisations with German numbers and chips; filters and search live in the URL', async () => {
    const requests = recordRequests();
    serveOrganizations([
      item(),
      item({ id: 'org-2', name: 'Wartend GmbH', waiting: true, active: false, member: true }),
    ]);
    const { router } = renderApp('/organizations');
    await screen.findByRole('heading', { level: 1, name: 'Unternehmen' });
    expect(await screen.findByText('Beispiel GmbH', {})).toBeTruthy();
    expect(screen.getAllByText('1.250').length).toBe(2);
    expect(screen.getByText('Neu')).toBeTruthy();
    expect(screen.getByText('Mitglied', { selector: '.MuiChip-label' })).toBeTruthy();
    // A partner's region filter offers only its own regions.
    const region = screen.getByLabelText('Region');
    expect(
      within(region)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Alle', 'Sindelfingen/Böblingen/Calw', 'Horb a. N.']);

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status'), 'waiting');
    await waitFor(() => expect(router.state.location.search).toBe('?status=waiting'));
    await waitFor(() => expect(requests.some((request) => request.path.includes('status=waiting'))).toBe(true));
    await user.type(screen.getByRole('textbox', { name: 'Suche' }), 'wart');
    await waitFor(() => expect(router.state.location.search).toBe('?search=wart&status=waiting'));
    await waitFor(() => expect(requests.some((request) => request.path.includes('search=wart'))).toBe(true));
    // Back: the previous URL state, search field included.
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Suche' }).value).toBe(''));
  });

  it('reads filters from a shared link', async () => {
    const requests = recordRequests();
    serveOrganizations([item()]);
    renderApp('/organizations?active=false&member=true&sort=city&order=desc');
    await screen.findByText('Beispiel GmbH', {});
    // The list's request (the shell's waiting-companies badge asks the same path with status=waiting).
    const call = requests.find(
      (candidate) =>
        candidate.method === 'GET' &&
        candidate.path.startsWith('/rest/organization/?') &&
        !candidate.path.includes('status=waiting'),
    );
    expect(call?.path).toContain('active=false');
    expect(call?.path).toContain('member=true');
    expect(call?.path).toContain('sort=city');
    expect(call?.path).toContain('order=desc');
    expect(screen.getByLabelText<HTMLSelectElement>('Aktiv').value).toBe('false');
  });

  it('toggles Aktiv in the row with immediate feedback, and flips back when refused', async () => {
    let refuse = false;
    const requests = recordRequests();
    serveOrganizations(
      [item()],
      [
        http.put('/rest/organization/org-1/toggle-active', () =>
          refuse
            ? apiError(403, 'FORBIDDEN', 'Dafür fehlt Ihnen die Berechtigung.')
            : HttpResponse.json(fakeOrganization({ id: 'org-1', active: false })),
        ),
      ],
    );
    renderApp('/organizations');
    const toggle = await screen.findByRole('switch', { name: 'Beispiel GmbH aktiv' });
    const user = userEvent.setup();
    await user.click(toggle);
    await waitFor(() =>
      expect(
        requests.some(
          (request) => request.method === 'PUT' && request.path === '/rest/organization/org-1/toggle-active',
        ),
      ).toBe(true),
    );
    await waitFor(() => expect(useUiStore.getState().defaultSnackbarText).toMatch(/ist deaktiviert/));
    refuse = true;
    await user.click(screen.getByRole('switch', { name: 'Beispiel GmbH aktiv' }));
    await waitFor(() => expect(useUiStore.getState().defaultSnackbarText).toBe('Dafür fehlt Ihnen die Berechtigung.'));
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Beispiel GmbH aktiv' }).checked).toBe(false),
    );
  });

  it('shows the empty state with a reset action when filters find nothing', async () => {
    serveOrganizations([]);
    const { router } = renderApp('/organizations?member=true');
    expect(
      await screen.findByText('Keine Unternehmen gefunden. Passen Sie die Suche oder die Filter an.', {}),
    ).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Filter zurücksetzen' })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('New organisation with a first user', () => {
  it("sends firstUser and shows the API's field error on the address", async () => {
    const requests = recordRequests();
    const created = fakeOrganization({ id: 'org-new', name: 'Neu GmbH', region: 'SINDELFINGEN' });
    serveOrganizations(
      [],
      [
        http.post('/rest/organization/', async ({ request }) => {
          const { firstUser } = (await request.json()) as { firstUser?: { email: string } | null };
          if (firstUser?.email === 'vergeben@example.org')
            return apiError(400, 'VALIDATION_FAILED', ORGANIZATION_MESSAGES.firstUserEmailTaken, {
              'firstUser.email': ORGANIZATION_MESSAGES.firstUserEmailTaken,
            });
          return HttpResponse.json(created, { status: 201 });
        }),
        http.get('/rest/organization/org-new', () => HttpResponse.json(created)),
        // The new organisation's page, which the screen opens once it is created.
        ...companyPageHandlers(partner, 'org-new'),
      ],
    );
    const { router } = renderApp('/organization/new');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Name des Unternehmens/ }), 'Neu GmbH');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Region/ }), 'SINDELFINGEN');
    await user.type(screen.getByRole('textbox', { name: 'Ort' }), 'Calw');
    await user.click(screen.getByRole('switch', { name: 'Ersten Nutzer einladen' }));
    await user.type(screen.getByRole('textbox', { name: /E-Mail-Adresse/ }), 'vergeben@example.org');
    await user.type(screen.getByRole('textbox', { name: /^Name\s*\*?$/ }), 'Vera Vergeben');
    await user.click(screen.getByRole('button', { name: 'Unternehmen anlegen' }));
    expect((await screen.findAllByText(ORGANIZATION_MESSAGES.firstUserEmailTaken, {})).length).toBeGreaterThan(0);
    const email = screen.getByRole('textbox', { name: /E-Mail-Adresse/ });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    await user.clear(email);
    await user.type(email, 'neu@example.org');
    await user.click(screen.getByRole('button', { name: 'Unternehmen anlegen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/org-new'));
    const posts = requests.filter((request) => request.method === 'POST' && request.path === '/rest/organization/');
    await waitFor(() =>
      expect(posts.at(-1)?.body).toMatchObject({
        name: 'Neu GmbH',
        region: 'SINDELFINGEN',
        city: 'Calw',
        firstUser: { email: 'neu@example.org', name: 'Vera Vergeben' },
      }),
    );
    expect(useUiStore.getState().defaultSnackbarText).toBe(
      'Das Unternehmen wurde angelegt. Die Einladung an neu@example.org ist unterwegs.',
    );
  });
});

describe('Notice for users of an inactive organisation', () => {
  it('tells users of a deactivated organisation whom to contact', async () => {
    const me = fakeUser({
      organization: { id: 'org-1', name: 'Beispiel GmbH', region: 'HORB', active: false, waitingForApproval: false },
    });
    serveOrganizations(
      [],
      [http.get('/rest/organization/org-1', () => HttpResponse.json(fakeOrganization({ active: false })))],
      me,
    );
    renderApp('/settings');
    const notice = (
      await screen.findByText(
        /Ihr Unternehmen ist derzeit deaktiviert\. Ihre Stellenanzeigen sind für Bewerberinnen und Bewerber nicht sichtbar\./,
        {},
      )
    ).closest('[role="status"]') as HTMLElement;
    expect(within(notice).getByRole('link', { name: 'hilfe@example.org' }).getAttribute('href')).toBe(
      'mailto:hilfe@example.org',
    );
  });

  it('tells users of a waiting sign-up that the partner releases it', async () => {
    const me = fakeUser({
      organization: { id: 'org-1', name: 'Beispiel GmbH', region: 'HORB', active: false, waitingForApproval: true },
    });
    serveOrganizations(
      [],
      [http.get('/rest/organization/org-1', () => HttpResponse.json(fakeOrganization({ active: false })))],
      me,
    );
    renderApp('/settings');
    expect(await screen.findByText(/wartet auf die Freischaltung durch Ihren Regionalpartner/, {})).toBeTruthy();
  });
});
