/** "Antwortfristen je Region" (issue 14) in the administrators' area, tab "Fristen" (issue 48 item 10). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REGIONS } from '@matchwerk/shared';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useUiStore } from '../../../stores/ui-store';
import { fakeUser } from '../../../testing/fake-user';
import { noFailedMails, recordRequests, serveApi, sessionHandlers } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';

beforeEach(() => {
  useUiStore.setState({ renderApp: false, mobileView: false, showDefaultSnackbar: false, showErrorSnackbar: false });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

it('lists every region, refuses days outside 7…90 in German and saves a valid value', async () => {
  const deadlines = () =>
    REGIONS.map((region) => ({
      region,
      declineAfterDays: region === 'WORMS' ? 21 : 14,
      isDefault: region !== 'WORMS',
    }));
  const requests = recordRequests();
  serveApi(
    ...sessionHandlers(fakeUser({ type: 'ADMIN', organizationId: null, organization: null })),
    noFailedMails(),
    http.get('/rest/admin/response-deadlines', () => HttpResponse.json({ defaultDays: 14, deadlines: deadlines() })),
    http.put('/rest/admin/response-deadlines/SINDELFINGEN', () =>
      HttpResponse.json({ defaultDays: 14, deadlines: deadlines() }),
    ),
    http.get('/rest/feedback', () => HttpResponse.json({ items: [], total: 0, page: 0, pageSize: 10 })),
    // The help page's other administrator sections: retention periods (still the defaults).
    http.get('/rest/admin/retention-settings', () =>
      HttpResponse.json({ matchingRetentionMonths: 6, candidateInactivityMonths: 24, updatedAt: null }),
    ),
  );
  renderApp('/verwaltung?bereich=fristen');
  const section = (await screen.findByRole('heading', { name: 'Antwortfristen je Region' })).closest('section')!;
  const worms = await within(section).findByLabelText('Tage bis zur automatischen Absage in Alzey/Worms/Frankenthal');
  expect((worms as HTMLInputElement).value).toBe('21');
  const field = within(section).getByLabelText(/Tage bis zur automatischen Absage in Sindelfingen\/Böblingen\/Calw/);
  const user = userEvent.setup();
  await user.clear(field);
  await user.type(field, '5');
  await user.click(within(section).getByRole('button', { name: /Antwortfrist für Sindelfingen.* speichern/ }));
  expect(
    await within(section).findByText('Bitte geben Sie eine ganze Zahl von 7 bis 90 Tagen ein.', { selector: 'p' }),
  ).toBeTruthy();
  expect(requests.some((c) => c.path === '/rest/admin/response-deadlines/SINDELFINGEN')).toBe(false);
  await user.clear(field);
  await user.type(field, '30');
  await user.click(within(section).getByRole('button', { name: /Antwortfrist für Sindelfingen.* speichern/ }));
  await waitFor(() =>
    expect(
      requests.find((c) => c.method === 'PUT' && c.path === '/rest/admin/response-deadlines/SINDELFINGEN')?.body,
    ).toEqual({
      declineAfterDays: 30,
    }),
  );
});
