import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TIMESTAMP_FORMAT, type MatchingGroup, type OrganizationMatching } from '@matchwerk/shared';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { useUiStore } from '../../../stores/ui-store';
import { fakeApplicant, fakeMatching, fakeMessage } from '../../../testing/fake-marketplace';
import { fakeUser } from '../../../testing/fake-user';
import { apiError, recordRequests, serveApi, sessionHandlers, noUnread } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';

const lea = fakeMatching({
  applicant: fakeApplicant({
    id: 'app-lea',
    names: ['Lea', 'Marie'],
    familyNames: ['Schulz'],
    photos: ['ph-1', 'ph-2'],
    photosCount: 2,
  }),
});
const tom = fakeMatching({
  vacancyId: 'vac-2',
  vacancyTitle: 'Praktikum Büro',
  applicant: fakeApplicant({
    id: 'app-tom',
    names: ['Tom'],
    familyNames: ['Becker'],
    about: '<b>fett</b>\nzweite Zeile',
  }),
});
const ali = fakeMatching({
  applicant: fakeApplicant({ id: 'app-ali', names: ['Ali'], familyNames: ['Demir'] }),
  state: 'ACCEPTED',
  decidedAt: '2026-11-20T11:00:00.000Z',
});

const SET_RESULT = '/rest/matching/organization/set-result';

type Groups = Record<MatchingGroup, OrganizationMatching[]>;

const GROUP_OF_STATE: Record<string, MatchingGroup> = { OPEN: 'open', ACCEPTED: 'accepted', REJECTED: 'rejected' };

/** The API's paging (ADR 0029) over the fake's lists: cursor = index of the next row. */
function pageOf(groups: Groups, url: URL) {
  const group = GROUP_OF_STATE[url.searchParams.get('state') ?? 'OPEN'] ?? 'open';
  const limit = Number(url.searchParams.get('limit') ?? 25);
  const from = Number(url.searchParams.get('cursor') ?? 0);
  const rows = groups[group].slice(from, from + limit);
  const next = from + limit < groups[group].length ? String(from + limit) : null;
  return {
    declineAfterDays: 14,
    open: [],
    accepted: [],
    rejected: [],
    [group]: rows,
    counts: { open: groups.open.length, accepted: groups.accepted.length, rejected: groups.rejected.length },
    next: { open: null, accepted: null, rejected: null, [group]: next },
  };
}

/**
 * What the Anfragen screen asks for beside the matchings: the sidebar's unread poll (204 once it
 * has a cursor), the seen mark, the response figures, the postings of the filter, and a
 * profile's notes (none).
 */
function besideTheList() {
  return [
    noUnread(),
    http.post('/rest/unread/matchings/seen', () => new HttpResponse(null, { status: 204 })),
    http.get('/rest/matching/organization/response-stats', () =>
      HttpResponse.json({ windowDays: 90, total: 0, answered: 0, responseRate: null, medianAnswerHours: null }),
    ),
    http.get('/rest/vacancy', () =>
      HttpResponse.json({ items: [], total: 0, page: 0, pageSize: 100, nextCursor: null, totalExact: true }),
    ),
    http.get('/rest/matching/organization/notes', () => HttpResponse.json({ notes: [] })),
    // Accepting opens the new chat: only the system message so far.
    http.get('/rest/messages/organization/:applicantId', ({ params }) =>
      HttpResponse.json({
        applicant: fakeApplicant({ id: String(params.applicantId) }),
        messages: [fakeMessage({ sender: 'SYSTEM', text: 'Die Anfrage wurde angenommen.' })],
        cursor: '1',
        older: null,
        readByApplicant: 0,
        contactEndedAt: null,
      }),
    ),
    http.get('/rest/messages/organization/:applicantId/polling', () => new HttpResponse(null, { status: 204 })),
    http.post('/rest/messages/organization/:applicantId/read', async ({ request }) =>
      HttpResponse.json({ readSeq: ((await request.json()) as { seq: number }).seq }),
    ),
  ];
}

/** The organisation's matchings API over `initial`; `recover()` ends a failing load. */
function serveMatchings(initial: Groups, options: { setResultStatus?: number; failLoad?: boolean } = {}) {
  let groups = initial;
  let loadFails = options.failLoad ?? false;
  serveApi(
    ...sessionHandlers(fakeUser()),
    ...besideTheList(),
    http.get('/rest/matching/organization', ({ request }) => {
      if (loadFails) return apiError(500, 'INTERNAL', 'kaputt');
      return HttpResponse.json(pageOf(groups, new URL(request.url)));
    }),
    http.post('/rest/matching/organization/set-result', async ({ request }) => {
      if (options.setResultStatus) return apiError(options.setResultStatus, 'CONFLICT', 'Schon entschieden.');
      const { vacancyId, applicantId, organizationResult } = (await request.json()) as {
        vacancyId: string;
        applicantId: string;
        organizationResult: 'ACCEPTED' | 'REJECTED';
      };
      const current = groups.open.find((m) => m.vacancyId === vacancyId && m.applicantId === applicantId);
      if (!current) return apiError(409, 'CONFLICT', 'x');
      const decided = { ...current, state: organizationResult, decidedAt: '2026-11-21T08:00:00.000Z' };
      const open = groups.open.filter((m) => m !== current);
      groups =
        organizationResult === 'ACCEPTED'
          ? { ...groups, open, accepted: [decided, ...groups.accepted] }
          : { ...groups, open, rejected: [decided, ...groups.rejected] };
      return HttpResponse.json(decided);
    }),
  );
  return { recover: () => (loadFails = false) };
}

beforeEach(() => {
  useUiStore.setState({ renderApp: false, mobileView: false, showDefaultSnackbar: false, showErrorSnackbar: false });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Anfragen (Candidates)', () => {
  it('groups the matchings in tabs with counts and shows names, postings and actions', async () => {
    serveMatchings({ open: [lea, tom], accepted: [ali], rejected: [] });
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Anfragen' })).toBeTruthy();
    const openTab = await screen.findByRole('tab', { name: 'Offen (2)' });
    expect(openTab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Angenommen (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Abgelehnt (0)' })).toBeTruthy();

    const table = screen.getByRole('table', { name: 'Offene Anfragen' });
    const leaRow = within(table).getByRole('row', { name: /Lea Marie Schulz/ });
    expect(within(leaRow).getByText('Ausbildung Kfz-Mechatroniker/in')).toBeTruthy();
    // Local time of the browser, in the spec's format.
    expect(within(leaRow).getByText(dayjs(lea.createdAt).format(TIMESTAMP_FORMAT))).toBeTruthy();
    expect(dayjs(lea.createdAt).format(TIMESTAMP_FORMAT)).toMatch(/^20\.11\.2026 \d\d:30$/);
    for (const name of ['Profil ansehen', 'Ablehnen', 'Annehmen'])
      expect(within(leaRow).getByRole('button', { name })).toBeTruthy();
    expect(within(table).getByRole('row', { name: /Tom Becker/ })).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Angenommen (1)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=angenommen'));
    const accepted = screen.getByRole('table', { name: 'Angenommene Anfragen' });
    const aliRow = within(accepted).getByRole('row', { name: /Ali Demir/ });
    expect(within(aliRow).getByRole('link', { name: 'Zum Chat' }).getAttribute('href')).toBe('#/chat/app-ali');
    expect(within(aliRow).queryByRole('button', { name: 'Annehmen' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Abgelehnt (0)' }));
    expect(screen.getByText('Keine abgelehnten Anfragen.')).toBeTruthy();
  });

  it('accepts a matching with the own organisation and opens the chat', async () => {
    const requests = recordRequests();
    serveMatchings({ open: [lea, tom], accepted: [], rejected: [] });
    const { router } = renderApp('/');
    const row = await screen.findByRole('row', { name: /Lea Marie Schulz/ });
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Annehmen' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/app-lea'));
    await waitFor(() =>
      expect(requests.find((c) => c.method === 'POST' && c.path === SET_RESULT)?.body).toEqual({
        vacancyId: 'vac-1',
        applicantId: 'app-lea',
        organizationResult: 'ACCEPTED',
        organizationId: 'org-1',
      }),
    );
    expect(useUiStore.getState().defaultSnackbarText).toBe('Anfrage angenommen – der Chat ist eröffnet.');
  });

  it('accepts from the profile dialog too', async () => {
    const requests = recordRequests();
    serveMatchings({ open: [lea, tom], accepted: [], rejected: [] });
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await user.click(
      within(await screen.findByRole('row', { name: /Tom Becker/ })).getByRole('button', { name: 'Profil ansehen' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Profil von Tom Becker' });
    await user.click(within(dialog).getByRole('button', { name: 'Annehmen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/app-tom'));
    await waitFor(() =>
      expect(requests.find((c) => c.method === 'POST' && c.path === SET_RESULT)?.body).toMatchObject({
        applicantId: 'app-tom',
        organizationResult: 'ACCEPTED',
      }),
    );
  });

  it('asks before declining and moves the matching to Abgelehnt', async () => {
    const requests = recordRequests();
    serveMatchings({ open: [lea, tom], accepted: [], rejected: [] });
    const { router } = renderApp('/');
    const user = userEvent.setup();
    const row = await screen.findByRole('row', { name: /Tom Becker/ });

    await user.click(within(row).getByRole('button', { name: 'Ablehnen' }));
    let dialog = await screen.findByRole('dialog', { name: 'Anfrage ablehnen?' });
    expect(within(dialog).getByText(/Tom Becker zu „Praktikum Büro“/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((c) => c.path === SET_RESULT)).toBe(false);

    await user.click(within(row).getByRole('button', { name: 'Ablehnen' }));
    dialog = await screen.findByRole('dialog', { name: 'Anfrage ablehnen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Anfrage ablehnen' }));

    expect(await screen.findByRole('tab', { name: 'Abgelehnt (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Offen (1)' })).toBeTruthy();
    expect(screen.queryByRole('row', { name: /Tom Becker/ })).toBeNull();
    await waitFor(() =>
      expect(requests.find((c) => c.method === 'POST' && c.path === SET_RESULT)?.body).toMatchObject({
        applicantId: 'app-tom',
        organizationResult: 'REJECTED',
      }),
    );
    expect(useUiStore.getState().defaultSnackbarText).toBe('Anfrage abgelehnt.');
    expect(router.state.location.pathname).toBe('/');
  });

  it('tells the user when someone else decided first (409) and keeps the list', async () => {
    serveMatchings({ open: [lea], accepted: [], rejected: [] }, { setResultStatus: 409 });
    const { router } = renderApp('/');
    const row = await screen.findByRole('row', { name: /Lea Marie Schulz/ });
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Annehmen' }));
    await waitFor(() => expect(useUiStore.getState().defaultSnackbarText).toMatch(/inzwischen schon bearbeitet/));
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('tab', { name: 'Offen (1)' })).toBeTruthy();
    expect(useUiStore.getState().showErrorSnackbar).toBe(false);
  });

  it('shows the profile in a dialog: photos with alt texts, age, region, plain-text about, interests', async () => {
    serveMatchings({ open: [lea, tom], accepted: [], rejected: [] });
    vi.useFakeTimers({ now: new Date('2026-11-21T12:00:00Z'), shouldAdvanceTime: true });
    try {
      renderApp('/');
      const user = userEvent.setup();
      await user.click(
        within(await screen.findByRole('row', { name: /Lea Marie Schulz/ })).getByRole('button', {
          name: 'Profil ansehen',
        }),
      );
      let dialog = await screen.findByRole('dialog', { name: 'Profil von Lea Marie Schulz' });
      const photos = within(dialog).getAllByRole('img');
      expect(photos.map((img) => img.getAttribute('alt'))).toEqual([
        'Foto 1 von Lea Marie Schulz',
        'Foto 2 von Lea Marie Schulz',
      ]);
      expect(photos[0]?.getAttribute('src')).toBe('/rest/applicants/app-lea/photo/ph-1');
      expect(within(dialog).getByText('17 Jahre')).toBeTruthy();
      expect(within(dialog).getByText('Horb a. N.')).toBeTruthy();
      expect(within(dialog).getByText('Technik')).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: 'Annehmen' })).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Schließen' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

      await user.click(
        within(screen.getByRole('row', { name: /Tom Becker/ })).getByRole('button', { name: 'Profil ansehen' }),
      );
      dialog = await screen.findByRole('dialog', { name: 'Profil von Tom Becker' });
      // HTML in the about text stays text.
      expect(within(dialog).getByText(/<b>fett<\/b>/)).toBeTruthy();
      expect(dialog.querySelector('b')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the empty state of the open tab', async () => {
    serveMatchings({ open: [], accepted: [], rejected: [] });
    renderApp('/');
    expect(
      await screen.findByText(/Noch keine offenen Anfragen\. Sobald sich Bewerberinnen und Bewerber/),
    ).toBeTruthy();
  });

  it('shows a load error with a retry button instead of the error snackbar', async () => {
    const server = serveMatchings({ open: [lea], accepted: [], rejected: [] }, { failLoad: true });
    renderApp('/');
    const retry = await screen.findByRole('button', { name: 'Erneut versuchen' });
    expect(useUiStore.getState().showErrorSnackbar).toBe(false);
    server.recover();
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('tab', { name: 'Offen (1)' })).toBeTruthy();
  });

  it('shows the newest page of a group and loads older ones with "Ältere laden"', async () => {
    const many = Array.from({ length: 30 }, (_, index) =>
      fakeMatching({
        vacancyId: `vac-${index}`,
        applicant: fakeApplicant({ id: `app-${index}`, names: [`Person${index}`], familyNames: ['Muster'] }),
      }),
    );
    const requests = recordRequests();
    serveMatchings({ open: many, accepted: [ali], rejected: [] });
    renderApp('/');
    expect(await screen.findByRole('tab', { name: 'Offen (30)' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Offene Anfragen' });
    // Header row + the first page of 25.
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(screen.getByText('25 von 30 angezeigt')).toBeTruthy();
    expect(requests.filter((c) => c.path.startsWith('/rest/matching/organization?')).map((c) => c.path)).toEqual([
      '/rest/matching/organization?state=OPEN&limit=25',
    ]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Ältere laden' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(31));
    expect(within(table).getByRole('row', { name: /Person29 Muster/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ältere laden' })).toBeNull();
    // The sidebar's unread poll (ADR 0040) may call in between: the last matchings call counts.
    expect(requests.filter((c) => c.path.startsWith('/rest/matching/')).at(-1)?.path).toBe(
      '/rest/matching/organization?state=OPEN&limit=25&cursor=25',
    );
    // The counts of the other groups came with the page: no request for them until their tab is chosen.
    expect(screen.getByRole('tab', { name: 'Angenommen (1)' })).toBeTruthy();
  });

  it('shows cards instead of a table on phones', async () => {
    serveMatchings({ open: [lea], accepted: [], rejected: [] });
    const width = window.innerWidth;
    window.innerWidth = 375;
    onTestFinished(() => {
      window.innerWidth = width;
    });
    renderApp('/');
    const list = await screen.findByRole('list', { name: 'Offene Anfragen' });
    expect(within(list).getByText('Lea Marie Schulz')).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Annehmen' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
