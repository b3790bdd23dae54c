import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { AuditEntry, AuditPage } from '@matchwerk/shared';
import { ThemeProvider } from '@mui/material/styles';
import { notifyManager, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { apiError, serveApi } from '../../../testing/api-server';
import { createAppTheme } from '../../../theme/theme';
import { themeVariantFor } from '../../../theme/theme-variant';
import { AuditHistory, type AuditHistoryProps } from './audit-history';

function entry(index: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: `e${index}`,
    at: `2026-11-${String(20 - (index % 19)).padStart(2, '0')}T09:${String(index % 60).padStart(2, '0')}:00.000Z`,
    actorEmail: 'admin@matchwerk.example',
    actorLabel: 'admin@matchwerk.example',
    action: 'organization.member_set',
    actionLabel: 'Als Mitglied markiert',
    target: { type: 'organization', id: 'org-1', label: 'Schwabenwerk' },
    organizationId: 'org-1',
    changes: [{ field: 'member', label: 'Mitglied', before: false, after: true }],
    ...overrides,
  };
}

function page(items: AuditEntry[], pageIndex: number, total: number): AuditPage {
  return { items, total, page: pageIndex, pageSize: 20 };
}

function show(props: AuditHistoryProps, queryClient: QueryClient = createQueryClient()) {
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={createAppTheme(themeVariantFor({ href: 'http://localhost/' }))}>
        <AuditHistory {...props} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('AuditHistory', () => {
  it('shows time, actor, German action and the change before → after; other targets by name; "System"', async () => {
    const items = [
      entry(1, {
        action: 'organization.region_changed',
        actionLabel: 'Region geändert',
        changes: [{ field: 'region', label: 'Region', before: 'HORB', after: 'SINDELFINGEN' }],
      }),
      entry(2, {
        actorEmail: null,
        actorLabel: 'System',
        action: 'invitation.accepted',
        actionLabel: 'Einladung angenommen',
        target: { type: 'user', id: 'u-7', label: 'neu@firma.example' },
        changes: [],
      }),
    ];
    serveApi(http.get('/rest/organization/org-1/audit', () => HttpResponse.json(page(items, 0, 2))));
    show({ organizationId: 'org-1' });
    const table = await screen.findByRole('table', { name: 'Verlauf der Änderungen' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Zeitpunkt', 'Wer', 'Was', 'Änderung']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText(/^19\.11\.2026 \d\d:01$/)).toBeTruthy();
    expect(within(rows[0]!).getByText('Region: Horb a. N. → Sindelfingen/Böblingen/Calw')).toBeTruthy();
    // The organisation's own name is not repeated in its own history.
    expect(within(rows[0]!).queryByText('Schwabenwerk')).toBeNull();
    expect(within(rows[1]!).getByText('System')).toBeTruthy();
    expect(within(rows[1]!).getByText('neu@firma.example')).toBeTruthy();
    expect(screen.getByText('2 von 2 Einträgen')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mehr laden' })).toBeNull();
  });

  it('"Mehr laden" fetches the next page and appends it', async () => {
    const first = Array.from({ length: 20 }, (_, index) => entry(index));
    const second = [entry(20, { changes: [{ field: 'active', label: 'Aktiv', before: true, after: false }] })];
    serveApi(
      http.get('/rest/users/u-1/audit', ({ request }) => {
        const search = new URL(request.url).search;
        if (search === '?page=0&pageSize=20') return HttpResponse.json(page(first, 0, 21));
        if (search === '?page=1&pageSize=20') return HttpResponse.json(page(second, 1, 21));
        return apiError(404, 'NOT_FOUND', 'nicht gefunden');
      }),
    );
    show({ userId: 'u-1' });
    expect(await screen.findByText('20 von 21 Einträgen')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mehr laden' }));
    expect(await screen.findByText('Aktiv: ja → nein')).toBeTruthy();
    expect(screen.getByText('21 von 21 Einträgen')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mehr laden' })).toBeNull();
    expect(screen.getAllByRole('row')).toHaveLength(22);
  });

  it('empty: says nothing was recorded yet', async () => {
    serveApi(http.get('/rest/organization/org-2/audit', () => HttpResponse.json(page([], 0, 0))));
    show({ organizationId: 'org-2' });
    expect(await screen.findByText('Noch keine Änderungen protokolliert.')).toBeTruthy();
  });

  it('error: a German error with a retry that loads again', async () => {
    let fail = true;
    serveApi(
      http.get('/rest/organization/org-3/audit', () =>
        fail ? apiError(500, 'INTERNAL', 'kaputt') : HttpResponse.json(page([entry(3)], 0, 1)),
      ),
    );
    show({ organizationId: 'org-3' });
    const retry = await screen.findByRole('button', { name: 'Erneut versuchen' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('Mitglied: nein → ja')).toBeTruthy();
  });

  it('reloads after a change made on the same screen (any mutation) has finished', async () => {
    let items = [entry(1)];
    serveApi(http.get('/rest/organization/org-5/audit', () => HttpResponse.json(page(items, 0, items.length))));
    const queryClient = createQueryClient();
    show({ organizationId: 'org-5' }, queryClient);
    expect(await screen.findByText('1 von 1 Einträgen')).toBeTruthy();
    items = [entry(2, { action: 'organization.deactivated', actionLabel: 'Unternehmen deaktiviert' }), entry(1)];
    // A toggle somewhere on the screen, still running until the test lets it finish.
    let finish: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const toggle = queryClient.getMutationCache().build(queryClient, { mutationFn: () => finished });
    // TanStack notifies observers on a later macrotask; on microtasks act() sees each step.
    notifyManager.setScheduler(queueMicrotask);
    try {
      let running: Promise<unknown> = Promise.resolve();
      await act(async () => {
        running = toggle.execute(undefined);
        await Promise.resolve();
      });
      expect(screen.queryByText('Unternehmen deaktiviert')).toBeNull();
      await act(async () => {
        finish();
        await running;
      });
    } finally {
      notifyManager.setScheduler((callback) => setTimeout(callback, 0));
    }
    expect(await screen.findByText('Unternehmen deaktiviert')).toBeTruthy();
    expect(screen.getByText('2 von 2 Einträgen')).toBeTruthy();
  });

  it('shows a loading skeleton first', () => {
    serveApi(
      http.get('/rest/organization/org-4/audit', async () => {
        await delay('infinite');
        return HttpResponse.json(page([], 0, 0));
      }),
    );
    show({ organizationId: 'org-4' });
    expect(screen.getByRole('status', { name: 'Wird geladen…' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Verlauf' })).toBeTruthy();
  });
});
