import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER_ADMIN_MESSAGES, type UserListItem } from '@matchwerk/shared';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fakeAdmin } from '../../../testing/fake-user';
import { apiError, recordRequests, serveApi, sessionHandlers } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { setUpScreenTests } from '../../../testing/screen-test-setup';

function item(overrides: Partial<UserListItem> = {}): UserListItem {
  return {
    id: 'u-2',
    email: 'firma@example.org',
    name: 'Sabine Keller',
    type: 'ORGANIZATION',
    organization: { id: 'org-1', name: 'Beispiel GmbH', region: 'HORB' },
    regions: [],
    emailVerified: true,
    lastSignInAt: '2026-03-04T09:05:00.000Z',
    createdAt: '2026-01-02T10:00:00.000Z',
    disabled: false,
    disabledAt: null,
    invitationPending: false,
    ...overrides,
  };
}

const me = fakeAdmin({ id: 'admin-1', email: 'ada@example.org' });

/** The users API of an administrator's screen, listing `items`. */
function serveUsers(items: UserListItem[]) {
  serveApi(
    ...sessionHandlers(me),
    http.get('/rest/users/', () => HttpResponse.json({ items, total: items.length, page: 0, pageSize: 25 })),
    http.get('/rest/users/u-2/audit', () => {
      const entry = {
        id: 'a-1',
        at: '2026-03-05T10:15:00.000Z',
        actorEmail: 'ada@example.org',
        actorLabel: 'ada@example.org',
        action: 'user.disabled',
        actionLabel: 'Nutzer deaktiviert',
        target: { type: 'user', id: 'u-2', label: 'firma@example.org' },
        organizationId: 'org-1',
        changes: [],
      };
      return HttpResponse.json({ items: [entry], total: 1, page: 0, pageSize: 20 });
    }),
    http.get('/rest/organization/', () => HttpResponse.json({ items: [], total: 0, page: 0, pageSize: 20 })),
    http.post('/rest/users/organization', async ({ request }) => {
      const { email } = (await request.json()) as { email: string };
      if (email === 'firma@example.org')
        return apiError(400, 'VALIDATION_FAILED', USER_ADMIN_MESSAGES.emailTaken, {
          email: USER_ADMIN_MESSAGES.emailTaken,
        });
      return HttpResponse.json(
        item({ id: 'u-new', email, type: 'STATISTICS', organization: null, invitationPending: true }),
        { status: 201 },
      );
    }),
    http.post('/rest/users/u-2/resend-invitation', () => HttpResponse.json({ ok: true })),
  );
}

setUpScreenTests();

describe('Users screen', () => {
  it('lists users in German formats and keeps filters in the URL', async () => {
    const requests = recordRequests();
    serveUsers([
      item(),
      item({
        id: 'admin-1',
        email: 'ada@example.org',
        name: 'Ada Admin',
        type: 'ADMIN',
        organization: null,
        lastSignInAt: null,
      }),
    ]);
    const { router } = renderApp('/users');
    await screen.findByRole('heading', { level: 1, name: 'Nutzer' });
    expect(await screen.findByText('firma@example.org', {})).toBeTruthy();
    expect(screen.getByText(/^04\.03\.2026 \d\d:05$/)).toBeTruthy();
    expect(screen.getByText('noch nie')).toBeTruthy();
    expect(screen.getAllByText('Administrator').length).toBeGreaterThan(0);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Typ'), 'STATISTICS');
    await waitFor(() => expect(router.state.location.search).toBe('?type=STATISTICS'));
    await waitFor(() => expect(requests.some((request) => request.path.includes('type=STATISTICS'))).toBe(true));
  });

  it("does not offer disabling or deleting one's own account", async () => {
    serveUsers([item({ id: 'admin-1', email: 'ada@example.org', type: 'ADMIN', organization: null })]);
    renderApp('/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Aktionen für ada@example.org' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getByRole('menuitem', { name: /Deaktivieren/ })
        .getAttribute('aria-disabled'),
    ).toBe('true');
    expect(
      within(menu)
        .getByRole('menuitem', { name: /Löschen/ })
        .getAttribute('aria-disabled'),
    ).toBe('true');
    expect(within(menu).getByText('Ihren eigenen Zugang können Sie nicht deaktivieren.')).toBeTruthy();
  });

  it("shows a user's history (Verlauf) from the row menu", async () => {
    serveUsers([item()]);
    renderApp('/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Aktionen für firma@example.org' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Verlauf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verlauf von firma@example.org' });
    expect(await within(dialog).findByText('Nutzer deaktiviert')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the API's duplicate e-mail error on the field of the create dialog", async () => {
    serveUsers([item()]);
    renderApp('/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Nutzer anlegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nutzer anlegen' });
    await user.selectOptions(within(dialog).getByLabelText('Typ'), 'STATISTICS');
    await user.type(within(dialog).getByLabelText(/E-Mail/), 'firma@example.org');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Doppelt');
    await user.click(within(dialog).getByRole('button', { name: 'Nutzer anlegen' }));
    expect(await within(dialog).findByText(USER_ADMIN_MESSAGES.emailTaken)).toBeTruthy();
  });

  it('invites instead of asking for a password: no password field, the request carries none (ADR 0124)', async () => {
    const requests = recordRequests();
    serveUsers([item()]);
    renderApp('/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Nutzer anlegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nutzer anlegen' });
    expect(within(dialog).queryByLabelText(/Passwort/)).toBeNull();
    expect(within(dialog).getByText(/erhält eine Einladung per E-Mail und legt ihr Passwort selbst fest/)).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Typ'), 'STATISTICS');
    await user.type(within(dialog).getByLabelText(/E-Mail/), 'neu@example.org');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Nina Neu');
    await user.click(within(dialog).getByRole('button', { name: 'Nutzer anlegen' }));
    expect(
      await screen.findByText('Der Nutzer wurde angelegt. Die Einladung an neu@example.org ist unterwegs.'),
    ).toBeTruthy();
    const created = requests.find(
      (request) => request.method === 'POST' && request.path === '/rest/users/organization',
    );
    await waitFor(() =>
      expect(created?.body).toEqual({ email: 'neu@example.org', name: 'Nina Neu', type: 'STATISTICS', region: null }),
    );
  });

  it('shows invited users as "Eingeladen" and resends their invitation from the row menu and the edit dialog', async () => {
    const requests = recordRequests();
    serveUsers([
      item({ invitationPending: true, lastSignInAt: null }),
      item({ id: 'u-3', email: 'aktiv@example.org', name: 'Anton Aktiv' }),
    ]);
    renderApp('/users');
    const user = userEvent.setup();
    const invitedRow = (await screen.findByText('firma@example.org')).closest('[role="row"]') as HTMLElement;
    expect(within(invitedRow).getByText('Eingeladen')).toBeTruthy();
    const activeRow = screen.getByText('aktiv@example.org').closest('[role="row"]') as HTMLElement;
    expect(within(activeRow).getByText('Aktiv')).toBeTruthy();

    // Only invited users get the entry.
    await user.click(screen.getByRole('button', { name: 'Aktionen für aktiv@example.org' }));
    expect(
      within(await screen.findByRole('menu')).queryByRole('menuitem', { name: 'Einladung erneut senden' }),
    ).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Aktionen für firma@example.org' }));
    await user.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Einladung erneut senden' }),
    );
    expect(
      await screen.findByText(
        'Die Einladung wurde erneut an firma@example.org gesendet. Der bisherige Link gilt nicht mehr.',
      ),
    ).toBeTruthy();
    expect(requests.filter((request) => request.path === '/rest/users/u-2/resend-invitation')).toHaveLength(1);

    // Editing shows no password field, but the same action.
    await user.click(screen.getByRole('button', { name: 'Aktionen für firma@example.org' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Bearbeiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nutzer bearbeiten' });
    expect(within(dialog).queryByLabelText(/Passwort/)).toBeNull();
    expect(within(dialog).getByText(/hat ihr Passwort noch nicht festgelegt/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Einladung erneut senden' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((request) => request.path === '/rest/users/u-2/resend-invitation')).toHaveLength(2);
  });
});
