import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEAM_MESSAGES, type Team } from '@matchwerk/shared';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { useUiStore } from '../../../stores/ui-store';
import { apiError, recordRequests, serveApi } from '../../../testing/api-server';
import { createAppTheme } from '../../../theme/theme';
import { themeVariantFor } from '../../../theme/theme-variant';
import { OrganizationTeam, type OrganizationTeamProps } from './organization-team';

const TEAM_PATH = '/rest/organization/org-1/team';

function fakeTeam(): Team {
  return {
    members: [
      {
        id: 'u-1',
        name: 'Anna Beispiel',
        email: 'anna@example.org',
        emailVerified: true,
        lastSignInAt: '2026-11-20T08:05:00.000Z',
        createdAt: '2026-01-01T10:00:00.000Z',
        disabled: false,
        isSelf: true,
      },
      {
        id: 'u-2',
        name: 'Bernd Kollege',
        email: 'bernd@example.org',
        emailVerified: false,
        lastSignInAt: null,
        createdAt: '2026-02-01T10:00:00.000Z',
        disabled: true,
        isSelf: false,
      },
    ],
    invitations: [
      {
        id: 'i-1',
        email: 'clara@example.org',
        name: 'Clara Neu',
        createdAt: '2026-11-21T09:00:00.000Z',
        expiresAt: '2026-11-28T09:00:00.000Z',
      },
    ],
  };
}

function show(props: OrganizationTeamProps, ...handlers: RequestHandler[]) {
  serveApi(...handlers);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider theme={createAppTheme(themeVariantFor({ href: 'http://localhost/' }))}>
        <OrganizationTeam {...props} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useUiStore.setState({ showDefaultSnackbar: false, defaultSnackbarText: '' });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('OrganizationTeam', () => {
  it('lists colleagues (self marked, confirmation, German last sign-in) and open invitations; self cannot be removed', async () => {
    show(
      { organizationId: 'org-1' },
      http.get(TEAM_PATH, () => HttpResponse.json(fakeTeam())),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Team' })).toBeTruthy();
    const members = await screen.findByRole('list', { name: 'Mitglieder' });
    const rows = within(members).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Sie')).toBeTruthy();
    expect(within(rows[0]!).getByText('E-Mail bestätigt')).toBeTruthy();
    // 08:05 UTC in the test's time zone, DD.MM.YYYY HH:mm.
    expect(within(rows[0]!).getByText(/^Zuletzt angemeldet: 20\.11\.2026 \d\d:05$/)).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(rows[1]!).getByText('E-Mail nicht bestätigt')).toBeTruthy();
    expect(within(rows[1]!).getByText('Noch nie angemeldet')).toBeTruthy();
    expect(within(rows[1]!).getByText('Deaktiviert')).toBeTruthy();
    expect(within(rows[0]!).queryByText('Deaktiviert')).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'Bernd Kollege entfernen' })).toBeTruthy();

    const invitations = screen.getByRole('list', { name: 'Offene Einladungen' });
    expect(within(invitations).getByText('clara@example.org')).toBeTruthy();
    expect(within(invitations).getByText('Eingeladen am 21.11.2026, gültig bis 28.11.2026')).toBeTruthy();
  });

  it('manage mode is titled "Nutzer dieses Unternehmens"; an empty team offers the invitation', async () => {
    show(
      { organizationId: 'org-1', variant: 'manage' },
      http.get(TEAM_PATH, () => HttpResponse.json({ members: [], invitations: [] })),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Nutzer dieses Unternehmens' })).toBeTruthy();
    expect(
      await screen.findByText('Diesem Unternehmen ist noch niemand zugeordnet. Laden Sie die erste Person ein.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kollegin/Kollegen einladen' })).toBeTruthy();
  });

  it('a load error offers a retry that loads again', async () => {
    let fail = true;
    show(
      { organizationId: 'org-1' },
      http.get(TEAM_PATH, () => (fail ? apiError(500, 'INTERNAL', 'Fehler') : HttpResponse.json(fakeTeam()))),
    );
    const retry = await screen.findByRole('button', { name: 'Erneut versuchen' });
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('list', { name: 'Mitglieder' })).toBeTruthy();
  });

  it("invites: client validation, then the server's field error on e-mail, then success with a snackbar and a reloaded list", async () => {
    let team = fakeTeam();
    const requests = recordRequests();
    show(
      { organizationId: 'org-1' },
      http.get(TEAM_PATH, () => HttpResponse.json(team)),
      http.post(`${TEAM_PATH}/invitations`, async ({ request }) => {
        const input = (await request.json()) as { email: string; name: string };
        if (input.email === 'vergeben@example.org')
          return apiError(400, 'VALIDATION_FAILED', 'Ungültig', { email: TEAM_MESSAGES.emailTaken });
        const invitation = {
          id: 'i-2',
          email: input.email,
          name: input.name,
          createdAt: '2026-11-22T09:00:00.000Z',
          expiresAt: '2026-11-29T09:00:00.000Z',
        };
        team = { ...team, invitations: [invitation, ...team.invitations] };
        return HttpResponse.json(invitation, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Kollegin/Kollegen einladen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kollegin/Kollegen einladen' });
    await user.click(within(dialog).getByRole('button', { name: 'Einladung senden' }));
    expect(await within(dialog).findByText('Bitte geben Sie die E-Mail-Adresse ein.')).toBeTruthy();
    expect(within(dialog).getByText('Bitte geben Sie den Namen ein.')).toBeTruthy();

    await user.type(within(dialog).getByRole('textbox', { name: 'E-Mail-Adresse' }), 'vergeben@example.org');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Vera Vergeben');
    await user.click(within(dialog).getByRole('button', { name: 'Einladung senden' }));
    expect(await within(dialog).findByText(TEAM_MESSAGES.emailTaken)).toBeTruthy();

    await user.clear(within(dialog).getByRole('textbox', { name: 'E-Mail-Adresse' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'E-Mail-Adresse' }), 'Dora@Example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Einladung senden' }));
    await waitFor(() =>
      expect(useUiStore.getState().defaultSnackbarText).toBe('Die Einladung an dora@example.org ist unterwegs.'),
    );
    await waitFor(() =>
      expect(
        requests.filter((request) => request.method === 'POST' && request.path === `${TEAM_PATH}/invitations`).at(-1)
          ?.body,
      ).toEqual({
        email: 'dora@example.org',
        name: 'Vera Vergeben',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await within(screen.getByRole('list', { name: 'Offene Einladungen' })).findByText('dora@example.org'),
    ).toBeTruthy();
  });

  it('removes a colleague after confirmation; a refusal is shown in the dialog', async () => {
    let team = fakeTeam();
    let refuse = true;
    const requests = recordRequests();
    show(
      { organizationId: 'org-1' },
      http.get(TEAM_PATH, () => HttpResponse.json(team)),
      http.delete(`${TEAM_PATH}/members/u-2`, () => {
        if (refuse) return apiError(409, 'CONFLICT', TEAM_MESSAGES.lastMember);
        team = { ...team, members: team.members.filter((member) => member.id !== 'u-2') };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Bernd Kollege entfernen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kollegin/Kollegen entfernen?' });
    expect(
      within(dialog).getByText(/Bernd Kollege \(bernd@example\.org\) wird aus dem Unternehmen entfernt/),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Endgültig entfernen' }));
    expect(await within(dialog).findByText(TEAM_MESSAGES.lastMember)).toBeTruthy();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Endgültig entfernen' }));
    await waitFor(() => expect(useUiStore.getState().defaultSnackbarText).toBe('Bernd Kollege wurde entfernt.'));
    expect(
      requests.filter((request) => request.method === 'DELETE' && request.path === `${TEAM_PATH}/members/u-2`),
    ).toHaveLength(2);
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Mitglieder' })).getAllByRole('listitem')).toHaveLength(1),
    );
  });

  it('revokes an open invitation', async () => {
    let team = fakeTeam();
    show(
      { organizationId: 'org-1' },
      http.get(TEAM_PATH, () => HttpResponse.json(team)),
      http.delete(`${TEAM_PATH}/invitations/i-1`, () => {
        team = { ...team, invitations: [] };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Einladung an clara@example.org zurückziehen' }));
    await waitFor(() =>
      expect(useUiStore.getState().defaultSnackbarText).toBe('Die Einladung an clara@example.org wurde zurückgezogen.'),
    );
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Offene Einladungen' })).toBeNull());
  });
});
