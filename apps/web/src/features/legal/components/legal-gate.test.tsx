import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser } from '@matchwerk/shared';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fakeUser } from '../../../testing/fake-user';
import { fakeOrganization } from '../../../testing/fake-vacancy';
import { recordRequests, serveApi, noUnread } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';

const CONFIG = { supportEmail: 'support@matchwerk.example', demoMailbox: false };

/** A signed-in user with the given documents due; accepting answers the user with nothing due. */
function serveLegal(user: CurrentUser) {
  let current = user;
  serveApi(
    http.get('/rest/config', () => HttpResponse.json(CONFIG)),
    http.get('/rest/auth/get-session', () => HttpResponse.json({ session: { id: 's1' }, user: { id: current.id } })),
    http.get('/rest/users/current-user', () => HttpResponse.json(current)),
    http.post('/rest/users/accept-terms-and-data-protection', () => {
      current = { ...current, legalDue: [] };
      return HttpResponse.json(current);
    }),
    // Behind the gate: Mein Unternehmen (company, team, job widget preview) and the shell's unread counts.
    http.get('/rest/organization/org-1', () => HttpResponse.json(fakeOrganization())),
    http.get('/rest/organization/org-1/team', () =>
      HttpResponse.json({
        members: [
          {
            id: current.id,
            name: current.name,
            email: current.email,
            emailVerified: true,
            lastSignInAt: null,
            createdAt: '2026-01-01T10:00:00.000Z',
            disabled: false,
            isSelf: true,
          },
        ],
        invitations: [],
      }),
    ),
    http.get('/rest/public/organizations/org-1/job-widget', () =>
      HttpResponse.json({ organization: { name: 'Beispiel GmbH', logoUrl: null }, postings: [] }),
    ),
    noUnread(),
  );
}

describe('LegalGate (ADR 0037)', () => {
  it('asks only for the changed terms, shows the new and the accepted version, and sends only that consent', async () => {
    const requests = recordRequests();
    serveLegal(fakeUser({ legalDue: [{ document: 'TERMS', version: '2027-03-01', acceptedVersion: '2026-11-26' }] }));
    renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Datenschutz und Nutzungsbedingungen' })).toBeTruthy();
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
      expect(
        requests.find((call) => call.method === 'POST' && call.path === '/rest/users/accept-terms-and-data-protection')
          ?.body,
      ).toEqual({ termsAndConditionsAccepted: true }),
    );
  });

  it('asks a new user for both documents with their versions', async () => {
    serveLegal(
      fakeUser({
        legalDue: [
          { document: 'PRIVACY', version: '2026-11-26', acceptedVersion: null },
          { document: 'TERMS', version: '2026-11-26', acceptedVersion: null },
        ],
      }),
    );
    renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Datenschutz und Nutzungsbedingungen' })).toBeTruthy();
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    expect(screen.getAllByText('Fassung vom 26.11.2026')).toHaveLength(2);
  });
});
