/**
 * Data protection in the web app (issue #14): the administrators' retention periods on the help
 * page (German validation before sending, saved with a confirmation) and the export button in
 * Mein Unternehmen (progress, German error from the server).
 */
import type {
  CurrentUser,
  JobWidgetResponse,
  ResponseDeadlinesResponse,
  RetentionSettings,
  Team,
} from '@matchwerk/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../../stores/ui-store';
import {
  apiError,
  noFailedMails,
  noUnread,
  recordRequests,
  serveApi,
  sessionHandlers,
} from '../../../testing/api-server';
import { fakeAdmin, fakeUser } from '../../../testing/fake-user';
import { fakeOrganization } from '../../../testing/fake-vacancy';
import { renderApp } from '../../../testing/render-app';
import { fileNameOf } from '../api/data-protection-api';

const SETTINGS: RetentionSettings = { matchingRetentionMonths: 6, candidateInactivityMonths: 24, updatedAt: null };

/**
 * What the help and settings screens of `user` ask besides the retention periods: the session,
 * the organisation with its team and job widget, the feedback list, the unread counts and (for
 * administrators) the answer deadlines.
 */
function serveScreens(user: CurrentUser = fakeUser()) {
  serveApi(
    ...sessionHandlers(user),
    http.get('/rest/organization/org-1', () => HttpResponse.json(fakeOrganization())),
    http.get('/rest/organization/org-1/team', () =>
      HttpResponse.json({
        members: [
          {
            id: user.id,
            name: user.name,
            email: user.email,
            emailVerified: true,
            lastSignInAt: null,
            createdAt: '2026-01-02T10:00:00.000Z',
            disabled: false,
            isSelf: true,
          },
        ],
        invitations: [],
      } satisfies Team),
    ),
    http.get('/rest/public/organizations/org-1/job-widget', () =>
      HttpResponse.json({
        organization: { name: 'Beispiel GmbH', logoUrl: null },
        postings: [],
      } satisfies JobWidgetResponse),
    ),
    http.get('/rest/feedback', () => HttpResponse.json({ items: [], total: 0, page: 0, pageSize: 10 })),
    noUnread(),
    http.get('/rest/admin/response-deadlines', () =>
      HttpResponse.json({
        defaultDays: 14,
        deadlines: [{ region: 'HORB', declineAfterDays: 14, isDefault: true }],
      } satisfies ResponseDeadlinesResponse),
    ),
  );
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
  vi.restoreAllMocks();
});

describe('Aufbewahrungsfristen', () => {
  it('validates in German before sending and saves with a confirmation', async () => {
    const requests = recordRequests();
    serveScreens(fakeAdmin());
    serveApi(
      noFailedMails(),
      http.get('/rest/admin/retention-settings', () => HttpResponse.json(SETTINGS)),
      http.put('/rest/admin/retention-settings', async ({ request }) =>
        HttpResponse.json({ ...((await request.json()) as object), updatedAt: '2026-11-26T10:00:00.000Z' }),
      ),
    );
    const saves = () =>
      requests.filter((request) => request.method === 'PUT' && request.path === '/rest/admin/retention-settings');
    const user = userEvent.setup();
    renderApp('/verwaltung?bereich=fristen');
    const field = await screen.findByLabelText<HTMLInputElement>('Matchings und Chats löschen nach (Monaten)', {});
    expect(field.value).toBe('6');
    expect(screen.getByText('Es gelten die Standardwerte.')).toBeTruthy();

    await user.clear(field);
    await user.type(field, '40');
    await user.click(screen.getByRole('button', { name: 'Fristen speichern' }));
    expect(
      await screen.findByText(
        'Aufbewahrung von Matchings und Chats: bitte eine ganze Zahl von 1 bis 36 Monaten angeben.',
        {},
      ),
    ).toBeTruthy();
    expect(saves()).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: 'Fristen speichern' }));
    expect(await screen.findByText('Die Aufbewahrungsfristen wurden gespeichert.', {})).toBeTruthy();
    await waitFor(() =>
      expect(saves().map((request) => request.body)).toEqual([
        { matchingRetentionMonths: 12, candidateInactivityMonths: 24 },
      ]),
    );
  });

  it('is not on the help page of an employer', async () => {
    serveScreens();
    renderApp('/help');
    expect(await screen.findByRole('heading', { name: 'Support & Einstellungen' })).toBeTruthy();
    expect(screen.queryByText('Aufbewahrungsfristen')).toBeNull();
  });
});

describe('Datenexport', () => {
  it('shows the server’s German message when the export is refused', async () => {
    serveScreens();
    serveApi(
      http.get('/rest/organization/org-1/export', () =>
        apiError(
          429,
          'RATE_LIMITED',
          'Sie haben in kurzer Zeit mehrere Exporte angefordert. Bitte versuchen Sie es in einer Stunde erneut.',
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/settings');
    const button = await screen.findByRole('button', { name: 'Alle Daten exportieren (ZIP)' });
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
