import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { berlinToday, presetPeriod, type StudentStatistics } from '@matchwerk/shared';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../../stores/ui-store';
import { recordRequests, serveApi, sessionHandlers, type RecordedRequest } from '../../../testing/api-server';
import { fakePartner } from '../../../testing/fake-user';
import { renderApp } from '../../../testing/render-app';

const partner = fakePartner('SINDELFINGEN', {
  id: 'p-1',
  email: 'partner@example.org',
  regions: ['SINDELFINGEN', 'HORB'],
});

function fakeStudentStatistics(overrides: Partial<StudentStatistics> = {}): StudentStatistics {
  return {
    period: { from: '2030-01-01', to: '2030-03-31' },
    regions: ['SINDELFINGEN', 'HORB'],
    selectableRegions: ['SINDELFINGEN', 'HORB'],
    registered: 1234,
    registeredInPeriod: 'LT5',
    active: 56,
    matched: { candidates: 617, share: 0.5, withheld: null },
    withChat: { candidates: 'LT5', share: null, withheld: 'SMALL_GROUP' },
    bySchool: [
      { school: 'Goldberg-Gymnasium', candidates: 700 },
      { school: 'weitere Schulen', candidates: 530 },
      { school: 'ohne Angabe', candidates: 'LT5' },
    ],
    byAgeBand: [
      { band: 'UNDER_15', candidates: 0 },
      { band: 'AGE_15_16', candidates: 600 },
      { band: 'AGE_17_18', candidates: 630 },
      { band: 'AGE_19_21', candidates: 'LT5' },
      { band: 'AGE_22_PLUS', candidates: 0 },
      { band: 'UNKNOWN', candidates: 0 },
    ],
    byInterest: [
      { type: 'APPRENTICESHIP', candidates: 900 },
      { type: 'INTERNSHIP', candidates: 'LT5' },
      { type: 'DUAL_STUDY', candidates: 0 },
      { type: 'HOLIDAY_JOB', candidates: 0 },
      { type: 'VOLUNTARY_SERVICE', candidates: 0 },
    ],
    registeredByMonth: [
      { month: '2030-01', candidates: 0 },
      { month: '2030-02', candidates: 'LT5' },
      { month: '2030-03', candidates: 0 },
    ],
    ...overrides,
  };
}

/** The student statistics API of a partner's screen, for the asked period. */
function serveStudentStatistics() {
  serveApi(
    ...sessionHandlers(partner),
    http.get('/rest/student-statistics', ({ request }) => {
      const query = new URL(request.url).searchParams;
      return HttpResponse.json(
        fakeStudentStatistics({ period: { from: query.get('from') ?? '', to: query.get('to') ?? '' } }),
      );
    }),
  );
}

const calls = (requests: RecordedRequest[]) =>
  requests
    .filter((request) => request.method === 'GET' && request.path.startsWith('/rest/student-statistics?'))
    .map((request) => new URLSearchParams(request.path.split('?')[1]));
const figure = (id: string) =>
  within(screen.getByTestId(`student-figure-${id}`)).getByTestId('figure-value').textContent;

beforeEach(() => {
  useUiStore.setState({
    renderApp: false,
    loggingOut: false,
    mobileView: false,
    showErrorSnackbar: false,
    showDefaultSnackbar: false,
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Student statistics screen', () => {
  it('asks for the season, shows German figures, "< 5" and withheld shares', async () => {
    const requests = recordRequests();
    serveStudentStatistics();
    renderApp('/student-statistics');
    await screen.findByRole('heading', { level: 1, name: 'Schülerstatistik' });
    const season = presetPeriod('SEASON', berlinToday());
    await waitFor(() => expect(calls(requests)[0]?.get('from')).toBe(season.from));
    expect(calls(requests)[0]?.get('to')).toBe(season.to);
    expect(calls(requests)[0]?.has('region')).toBe(false);

    await screen.findByTestId('student-figure-registered');
    expect(figure('registered')).toBe('1.234');
    expect(figure('registeredInPeriod')).toBe('< 5');
    expect(figure('active')).toBe('56');
    expect(figure('matched')).toBe('50 %');
    expect(figure('withChat')).toBe('< 5');
    expect(
      within(screen.getByTestId('student-figure-withChat')).getByText(/nicht ausgewiesen \(weniger als 5\)/),
    ).toBeTruthy();
    expect(screen.getByText('Region: Sindelfingen/Böblingen/Calw, Horb a. N.')).toBeTruthy();

    // Charts: a summary sentence each, and "< 5" in the table view.
    expect(screen.getByText('Am häufigsten: Goldberg-Gymnasium (700).')).toBeTruthy();
    expect(screen.getByText('Am häufigsten: Ausbildung (900).')).toBeTruthy();
    expect(screen.getByText('Jede Gruppe hat weniger als 5 Schülerinnen und Schüler.')).toBeTruthy();
    const schools = screen.getByRole('region', { name: 'Schulen' });
    await userEvent.click(within(schools).getByRole('button', { name: 'Tabelle anzeigen' }));
    const table = within(schools).getByRole('table');
    expect(within(table).getByRole('row', { name: /ohne Angabe/ }).textContent).toContain('< 5');
    expect(within(table).getByRole('row', { name: /weitere Schulen/ }).textContent).toContain('530');
  });

  it('filters by one of the partner regions (in the URL)', async () => {
    const requests = recordRequests();
    serveStudentStatistics();
    renderApp('/student-statistics?period=MONTH&region=HORB');
    await screen.findByTestId('student-figure-registered', {});
    const month = presetPeriod('MONTH', berlinToday());
    expect(calls(requests)[0]?.get('from')).toBe(month.from);
    expect(calls(requests)[0]?.get('region')).toBe('HORB');
  });

  it('an empty region says so instead of drawing empty charts', async () => {
    serveStudentStatistics();
    serveApi(
      http.get('/rest/student-statistics', () =>
        HttpResponse.json(fakeStudentStatistics({ registered: 0, registeredInPeriod: 0, active: 0, bySchool: [] })),
      ),
    );
    renderApp('/student-statistics');
    expect(
      await screen.findByText(/hat sich in Ihren Regionen noch keine Schülerin und kein Schüler registriert/, {}),
    ).toBeTruthy();
    expect(screen.queryByTestId('student-figure-registered')).toBeNull();
  });

  it('a load error offers a retry', async () => {
    let fail = true;
    serveStudentStatistics();
    serveApi(
      http.get('/rest/student-statistics', () =>
        fail ? HttpResponse.json({ error: 'INTERNAL', message: 'kaputt' }, { status: 500 }) : undefined,
      ),
    );
    renderApp('/student-statistics');
    const retry = await screen.findByRole('button', { name: /erneut/i });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByTestId('student-figure-registered')).toBeTruthy();
  });
});
