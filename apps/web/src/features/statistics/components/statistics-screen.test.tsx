import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { berlinToday, presetPeriod, previousPeriod, type CurrentUser } from '@matchwerk/shared';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, recordRequests, serveApi, sessionHandlers, type RecordedRequest } from '../../../testing/api-server';
import { fakePartner, fakeUser } from '../../../testing/fake-user';
import { renderApp } from '../../../testing/render-app';
import { setUpScreenTests } from '../../../testing/screen-test-setup';
import { fakeDashboard, fakeOrganizationRow } from '../testing/fake-statistics';

const partner = fakePartner('SINDELFINGEN', {
  id: 'p-1',
  email: 'partner@example.org',
  regions: ['SINDELFINGEN', 'HORB'],
});
const statisticsUser = fakeUser({
  type: 'STATISTICS',
  name: 'Stefanie Statistik',
  region: null,
  regions: [],
  organizationId: null,
  organization: null,
});

/** The statistics API of `me`'s screen: one organisation row, the dashboard of the asked period. */
function serveStatistics(me: CurrentUser = partner) {
  serveApi(
    ...sessionHandlers(me),
    http.get('/rest/statistics/organizations', () =>
      HttpResponse.json({ items: [fakeOrganizationRow()], total: 1, page: 0, pageSize: 25 }),
    ),
    http.get('/rest/statistics', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const period = { from: query.get('from') ?? '', to: query.get('to') ?? '' };
      return HttpResponse.json(fakeDashboard({ period }));
    }),
  );
}

/** jsdom's Blob has no text(); the BOM must survive, so no FileReader.readAsText (it strips it). */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(blob);
  });
}

const dashboardCalls = (requests: RecordedRequest[]) =>
  requests
    .filter((request) => request.method === 'GET' && request.path.startsWith('/rest/statistics?'))
    .map((request) => new URLSearchParams(request.path.split('?')[1]));

setUpScreenTests();
// The screen's modules (the charts among them) are transformed once before the first test, so a test's
// wait is for the screen, not for the compiler of a busy machine (CI runs three suites side by side).
beforeAll(() => import('./statistics-screen'), 120_000);

describe('Statistics screen', () => {
  it('shows the season by default with German figures, "< 5" and the change against the comparison period', async () => {
    const requests = recordRequests();
    serveStatistics();
    renderApp('/statistics');
    await screen.findByRole('heading', { level: 1, name: 'Statistik' });
    const season = presetPeriod('SEASON', berlinToday());
    await waitFor(() => expect(dashboardCalls(requests)[0]?.get('from')).toBe(season.from));
    expect(dashboardCalls(requests)[0]?.get('to')).toBe(season.to);

    const active = await screen.findByTestId('kpi-organizations.active');
    expect(within(active).getByTestId('kpi-value').textContent).toBe('1.234');
    const views = screen.getByTestId('kpi-views');
    expect(within(views).getByTestId('kpi-value').textContent).toBe('12.500');
    expect(within(views).getByTestId('kpi-change').textContent).toBe('▲ +25 %');
    expect(within(views).getByText('Gestiegen um 25 % gegenüber 10.000 im Vergleichszeitraum.')).toBeTruthy();
    const newPostings = screen.getByTestId('kpi-postings.new');
    expect(within(newPostings).getByTestId('kpi-change').textContent).toBe('▼ −25 %');
    // A suppressed group: "< 5", and no percent is made up from it.
    const newCandidates = screen.getByTestId('kpi-candidates.new');
    expect(within(newCandidates).getByTestId('kpi-value').textContent).toBe('< 5');
    expect(within(newCandidates).queryByTestId('kpi-change')).toBeNull();
    // Rates change in percentage points; durations read in days from two days on.
    expect(within(screen.getByTestId('kpi-acceptanceRate')).getByTestId('kpi-change').textContent).toBe(
      '▲ +10 Prozentpunkte',
    );
    expect(within(screen.getByTestId('kpi-medianAnswerHours')).getByTestId('kpi-value').textContent).toBe('2,5 Tage');
    // Compared with 0: no percent.
    expect(within(screen.getByTestId('kpi-interest')).queryByTestId('kpi-change')).toBeNull();

    expect(screen.getByTestId('statistics-period').textContent).toContain(
      `Zeitraum: ${season.from.slice(8, 10)}.${season.from.slice(5, 7)}.${season.from.slice(0, 4)} – `,
    );
    // The season so far against the same span of the previous season (issue 48 item 2; the rule's cases: shared).
    const before = previousPeriod(season);
    const german = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
    expect(before.from.slice(5)).toBe('08-01');
    expect(screen.getByTestId('statistics-previous-period').textContent).toBe(
      `Vergleich: ${german(before.from)} – ${german(before.to)}`,
    );
    // The per-organisation table: linked name for a partner, overdue highlighted, German numbers.
    const link = await screen.findByRole('link', { name: 'Beispiel GmbH' });
    expect(link.getAttribute('href')).toBe('#/organization/org-1');
    expect(screen.getByLabelText('2 offen seit über 7 Tagen')).toBeTruthy();
    expect(screen.getByText('75 %')).toBeTruthy();
    const exportLink = screen.getByRole('link', { name: 'Alle Unternehmen als CSV herunterladen' });
    expect(exportLink.getAttribute('href')).toBe(
      `/rest/statistics/organizations/export?from=${season.from}&to=${season.to}&sort=openOverdue&order=desc`,
    );
  });

  it('keeps preset, region and custom range in the URL and asks the API for them', async () => {
    const requests = recordRequests();
    serveStatistics();
    const { router } = renderApp('/statistics');
    await screen.findByTestId('kpi-views', {});
    const user = userEvent.setup();

    await user.selectOptions(screen.getByLabelText('Zeitraum'), 'MONTH');
    await waitFor(() => expect(router.state.location.search).toBe('?period=MONTH'));
    const month = presetPeriod('MONTH', berlinToday());
    await waitFor(() =>
      expect(
        dashboardCalls(requests).some((query) => query.get('from') === month.from && query.get('to') === month.to),
      ).toBe(true),
    );

    await user.selectOptions(screen.getByLabelText('Region'), 'HORB');
    await waitFor(() => expect(router.state.location.search).toBe('?period=MONTH&region=HORB'));
    await waitFor(() => expect(dashboardCalls(requests).some((query) => query.get('region') === 'HORB')).toBe(true));

    // A link with a custom range reproduces the view.
    await router.navigate('/statistics?from=2026-03-01&to=2026-03-31');
    await waitFor(() =>
      expect(
        dashboardCalls(requests).some(
          (query) => query.get('from') === '2026-03-01' && query.get('to') === '2026-03-31',
        ),
      ).toBe(true),
    );
    expect(await screen.findByText('Zeitraum: 01.03.2026 – 31.03.2026')).toBeTruthy();
    expect(screen.getByText('Vergleich: 01.02.2026 – 28.02.2026')).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Zeitraum').value).toBe('CUSTOM');
  });

  it('checks a custom range with the API rules and says what is wrong next to the field', async () => {
    const requests = recordRequests();
    serveStatistics();
    const { router } = renderApp('/statistics?from=2026-05-10&to=2026-05-01');
    expect(await screen.findByText('Das Ende des Zeitraums darf nicht vor seinem Beginn liegen.', {})).toBeTruthy();
    expect(screen.getByText('Bitte wählen Sie einen gültigen Zeitraum.')).toBeTruthy();
    expect(dashboardCalls(requests)).toHaveLength(0);

    // Typed as TT.MM.JJJJ into the German pickers, then shown.
    const user = userEvent.setup();
    const [fromField, toField] = screen.getAllByRole('group') as [HTMLElement, HTMLElement];
    await user.click(within(fromField).getByRole('spinbutton', { name: 'Tag' }));
    await user.keyboard('01042026');
    await user.click(within(toField).getByRole('spinbutton', { name: 'Tag' }));
    await user.keyboard('30042026');
    await user.click(screen.getByRole('button', { name: 'Zeitraum anzeigen' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-04-01&to=2026-04-30'));
    await waitFor(() =>
      expect(dashboardCalls(requests).some((query) => query.get('from') === '2026-04-01')).toBe(true),
    );
  });

  it('shows every chart as a table on request, with "< 5" where a group is small', async () => {
    serveStatistics();
    renderApp('/statistics');
    const occupations = await screen.findByRole('region', { name: 'Top 10 Berufe nach Interesse' });
    expect(within(occupations).getByText('Am meisten Interessen: Mechatroniker/in (34).')).toBeTruthy();
    expect(within(occupations).queryByRole('table')).toBeNull();
    const toggle = within(occupations).getByRole('button', { name: 'Tabelle anzeigen' });
    await userEvent.setup().click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = within(occupations).getByRole('table', { name: 'Top 10 Berufe nach Interesse' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Beruf', 'Interessen'],
      ['Mechatroniker/in', '34'],
      ['Industriekaufmann/-frau', '< 5'],
    ]);
    expect(within(occupations).getByRole('button', { name: 'Tabelle ausblenden' })).toBeTruthy();
  });

  it('exports a chart table and the key figures as German CSV', async () => {
    serveStatistics();
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:fake';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    renderApp('/statistics');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Bewerber/innen nach Altersgruppe als CSV herunterladen' }),
    );
    expect(clicks[0]).toMatch(/^matchwerk-statistik-altersgruppen-\d{4}-08-01-bis-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await blobText(blobs[0]!)).toBe('\uFEFFAltersgruppe;Bewerber/innen\r\n15–16;80\r\nohne Angabe;< 5\r\n');

    await user.click(screen.getByRole('button', { name: 'Kennzahlen als CSV herunterladen' }));
    const kpis = (await blobText(blobs[1]!)).split('\r\n');
    expect(kpis[0]).toBe('\uFEFFBereich;Kennzahl;Zeitraum;Vergleichszeitraum;Veränderung');
    expect(kpis).toContain('Aktivität;Aufrufe;12500;10000;▲ +25 %');
    expect(kpis).toContain('Bewerber/innen;Neu registriert;< 5;7;');
    expect(kpis).toContain('Matchings;Annahmequote;60 %;50 %;▲ +10 Prozentpunkte');
  });

  it('shows names without links to a statistics user and hides the region filter when there is only one region', async () => {
    serveStatistics(statisticsUser);
    serveApi(
      http.get('/rest/statistics', () =>
        HttpResponse.json(fakeDashboard({ regions: ['HORB'], selectableRegions: ['HORB'] })),
      ),
    );
    renderApp('/statistics');
    expect(await screen.findByText('Beispiel GmbH', {})).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Beispiel GmbH' })).toBeNull();
    expect(screen.queryByLabelText('Region')).toBeNull();
    expect(screen.getByText('Region: Horb a. N.')).toBeTruthy();
  });

  it('says when nothing happened, and offers a retry after a load error', async () => {
    let failing = true;
    const quiet = fakeDashboard();
    quiet.kpis = {
      ...quiet.kpis,
      organizations: { ...quiet.kpis.organizations, new: { current: 0, previous: 0 } },
      postings: { ...quiet.kpis.postings, new: { current: 0, previous: 0 } },
      candidates: { ...quiet.kpis.candidates, new: { current: 0, previous: 0 }, active: { current: 0, previous: 0 } },
      views: { current: 0, previous: 0 },
      interest: { current: 0, previous: 0 },
      chatsStarted: { current: 0, previous: 0 },
      messages: { current: 0, previous: 0 },
    };
    quiet.weeklyTrend = [];
    quiet.topOccupations = [];
    serveStatistics();
    serveApi(
      http.get('/rest/statistics', () => (failing ? apiError(500, 'INTERNAL', 'kaputt') : HttpResponse.json(quiet))),
    );
    renderApp('/statistics');
    const retry = await screen.findByRole('button', { name: 'Erneut versuchen' });
    failing = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByText(/Im gewählten Zeitraum ist nichts passiert/)).toBeTruthy();
    expect(screen.getByText('Im gewählten Zeitraum hat niemand Interesse an einer Stelle gezeigt.')).toBeTruthy();
  });
});
