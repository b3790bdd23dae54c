import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportItem, ReportPage } from '@matchwerk/shared';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fakePartner } from '../../../testing/fake-user';
import { apiError, recordRequests, serveApi, sessionHandlers } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { setUpScreenTests } from '../../../testing/screen-test-setup';

function report(overrides: Partial<ReportItem> = {}): ReportItem {
  return {
    id: '6f1c7a52-0000-4000-8000-000000000001',
    subject: 'CHAT',
    reason: 'PERSONAL_DATA',
    text: 'Will sich allein mit mir treffen.',
    status: 'OPEN',
    statusNote: null,
    region: 'SINDELFINGEN',
    organization: { id: 'org-1', name: 'Schwabenwerk Präzisionstechnik GmbH' },
    vacancy: null,
    reporter: { id: 'app-1', name: 'Lea Schulz' },
    contactEnded: true,
    createdAt: '2026-11-20T09:30:00.000Z',
    updatedAt: '2026-11-20T09:30:00.000Z',
    ...overrides,
  };
}

const pageOf = (items: ReportItem[]): ReportPage => ({ items, total: items.length, page: 0, pageSize: 25 });

setUpScreenTests();

describe('Reports screen ("Meldungen")', { timeout: 120_000 }, () => {
  it('lists the open reports and sets a status with a note', async () => {
    const requests = recordRequests();
    const changes: unknown[] = [];
    serveApi(
      ...sessionHandlers(fakePartner('SINDELFINGEN')),
      http.get('/rest/reports', () => HttpResponse.json(pageOf([report()]))),
      http.put('/rest/reports/:id/status', async ({ request }) => {
        const body = (await request.json()) as { status: ReportItem['status']; note?: string };
        changes.push(body);
        return HttpResponse.json(report({ status: body.status, statusNote: body.note ?? null }));
      }),
    );
    renderApp('/reports');
    await screen.findByRole('heading', { level: 1, name: 'Meldungen' }, { timeout: 30_000 });
    const grid = await screen.findByRole('grid', { name: 'Meldungen' });
    expect(within(grid).getByText('Chat · Schwabenwerk Präzisionstechnik GmbH')).toBeTruthy();
    expect(within(grid).getByText('Fragt nach privaten Daten oder Treffen')).toBeTruthy();
    expect(within(grid).getByText('offen')).toBeTruthy();
    // The queue opens on the open reports.
    expect(requests.some((request) => request.path.startsWith('/rest/reports?') && request.path.includes('status=OPEN'))).toBe(
      true,
    );

    const user = userEvent.setup({ delay: null });
    await user.click(within(grid).getByRole('button', { name: /^Meldung bearbeiten/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Meldung bearbeiten' });
    expect(within(dialog).getByText('Die Person hat den Kontakt zu diesem Unternehmen beendet.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Notiz (optional)'), 'Angerufen.');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(changes).toEqual([{ status: 'IN_PROGRESS', note: 'Angerufen.' }]));
    expect(await screen.findByText('Die Meldung ist jetzt „in Bearbeitung“.')).toBeTruthy();
  });

  it('shows the empty state', async () => {
    serveApi(...sessionHandlers(fakePartner('SINDELFINGEN')), http.get('/rest/reports', () => HttpResponse.json(pageOf([]))));
    renderApp('/reports');
    expect(
      await screen.findByText('Es gibt keine offenen Meldungen. Neue Meldungen erscheinen hier.', {}, { timeout: 30_000 }),
    ).toBeTruthy();
  });

  it('shows a load error with a retry', async () => {
    serveApi(
      ...sessionHandlers(fakePartner('SINDELFINGEN')),
      http.get('/rest/reports', () => apiError(500, 'INTERNAL', 'kaputt')),
    );
    renderApp('/reports?status=DONE');
    expect(await screen.findByText('Die Meldungen konnten nicht geladen werden.', {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });
});
