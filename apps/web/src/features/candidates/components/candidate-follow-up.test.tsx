/** Issue 14 on the Anfragen screen: filters in the URL and the request, decline with a template, notes. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DECLINE_TEMPLATES, type MatchingNote } from '@matchwerk/shared';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../../stores/ui-store';
import { fakeApplicant, fakeMatching } from '../../../testing/fake-marketplace';
import { fakeUser } from '../../../testing/fake-user';
import { fakeVacancyListItem } from '../../../testing/fake-vacancy';
import { recordRequests, serveApi, sessionHandlers, noUnread } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';

const lea = fakeMatching({ applicant: fakeApplicant({ id: 'app-lea', names: ['Lea'], familyNames: ['Schulz'] }) });
const tom = fakeMatching({
  vacancyId: 'vac-2',
  vacancyTitle: 'Praktikum Büro',
  applicant: fakeApplicant({ id: 'app-tom', names: ['Tom'], familyNames: ['Becker'] }),
});
const POSTING_ID = '11111111-1111-4111-8111-111111111111';

/** The Anfragen API with Lea and Tom open, one posting, response figures and a colleague's note. */
function serveFollowUp() {
  const notes: MatchingNote[] = [
    {
      id: 'n1',
      text: 'Probetag vereinbart.',
      authorName: 'Karla Kollegin',
      isOwn: false,
      createdAt: '2026-11-20T09:00:00.000Z',
      updatedAt: '2026-11-20T09:00:00.000Z',
    },
  ];
  serveApi(
    ...sessionHandlers(fakeUser()),
    http.get('/rest/matching/organization', ({ request }) => {
      const search = new URL(request.url).searchParams.get('search')?.toLowerCase();
      const open = [lea, tom].filter(
        (m) =>
          !search ||
          `${m.applicant.names.join(' ')} ${m.applicant.familyNames.join(' ')}`.toLowerCase().includes(search),
      );
      return HttpResponse.json({
        declineAfterDays: 14,
        open,
        accepted: [],
        rejected: [],
        counts: { open: open.length, accepted: 0, rejected: 0 },
        next: { open: null, accepted: null, rejected: null },
      });
    }),
    http.get('/rest/vacancy', () =>
      HttpResponse.json({
        items: [fakeVacancyListItem({ id: POSTING_ID, title: 'Ausbildung Koch/Köchin' })],
        total: 1,
        page: 0,
        pageSize: 100,
        nextCursor: null,
        totalExact: true,
      }),
    ),
    http.get('/rest/matching/organization/response-stats', () =>
      HttpResponse.json({ windowDays: 90, total: 10, answered: 8, responseRate: 0.8, medianAnswerHours: 30 }),
    ),
    http.get('/rest/matching/organization/notes', () => HttpResponse.json({ notes })),
    http.post('/rest/matching/organization/notes', async ({ request }) => {
      const note: MatchingNote = {
        id: `n${notes.length + 1}`,
        text: ((await request.json()) as { text: string }).text.trim(),
        authorName: 'Test',
        isOwn: true,
        createdAt: '2026-11-21T09:00:00.000Z',
        updatedAt: '2026-11-21T09:00:00.000Z',
      };
      notes.push(note);
      return HttpResponse.json(note, { status: 201 });
    }),
    // The sidebar's unread poll (204 once it has a cursor) and the seen mark of opening Anfragen.
    noUnread(),
    http.post('/rest/unread/matchings/seen', () => new HttpResponse(null, { status: 204 })),
    http.post('/rest/matching/organization/set-result', () =>
      HttpResponse.json({ ...tom, state: 'REJECTED', decidedAt: '2026-11-21T08:00:00.000Z' }),
    ),
  );
}

beforeEach(() => {
  useUiStore.setState({ renderApp: false, mobileView: false, showDefaultSnackbar: false, showErrorSnackbar: false });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Anfragen: never miss a candidate (issue 14)', () => {
  it('shows the own response figures above the list', async () => {
    serveFollowUp();
    renderApp('/');
    expect(
      await screen.findByText('Antwortquote 80 % · Antwortzeit im Mittel 30 Stunden (letzte 90 Tage)'),
    ).toBeTruthy();
  });

  it('keeps posting, search and sort in the URL and asks the server with them', async () => {
    const requests = recordRequests();
    serveFollowUp();
    const { router } = renderApp('/');
    await screen.findByRole('row', { name: /Tom Becker/ });
    const user = userEvent.setup();
    const filters = await screen.findByRole('search', { name: 'Anfragen filtern' });

    await user.type(within(filters).getByLabelText('Nach Namen suchen'), 'tom');
    await waitFor(() => expect(router.state.location.search).toContain('suche=tom'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Lea Schulz/ })).toBeNull());
    expect(await screen.findByRole('row', { name: /Tom Becker/ })).toBeTruthy();
    expect(requests.some((c) => c.path.includes('search=tom'))).toBe(true);

    await user.selectOptions(within(filters).getByLabelText('Sortierung'), 'oldest');
    await waitFor(() => expect(router.state.location.search).toContain('sortierung=aelteste'));
    await waitFor(() => expect(requests.some((c) => c.path.includes('sort=oldest'))).toBe(true));

    await within(filters).findByRole('option', { name: 'Ausbildung Koch/Köchin' });
    await user.selectOptions(within(filters).getByLabelText('Stellenanzeige'), POSTING_ID);
    await waitFor(() => expect(router.state.location.search).toContain(`stelle=${POSTING_ID}`));
    await waitFor(() => expect(requests.some((c) => c.path.includes(`vacancyId=${POSTING_ID}`))).toBe(true));

    await user.click(within(filters).getByRole('button', { name: 'Filter zurücksetzen' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('declines with a template whose text can be edited before sending', async () => {
    const requests = recordRequests();
    serveFollowUp();
    renderApp('/');
    const row = await screen.findByRole('row', { name: /Tom Becker/ });
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Ablehnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anfrage ablehnen?' });
    const template = DECLINE_TEMPLATES[0]!;
    await user.selectOptions(within(dialog).getByLabelText('Vorlage für die Nachricht'), template.id);
    const message = within(dialog).getByLabelText('Nachricht an Tom Becker (optional)');
    expect((message as HTMLTextAreaElement).value).toBe(template.text);
    await user.type(message, ' Ihr Küchenteam');
    await user.click(within(dialog).getByRole('button', { name: 'Anfrage ablehnen' }));
    await waitFor(() =>
      expect(
        requests.find((c) => c.method === 'POST' && c.path === '/rest/matching/organization/set-result')?.body,
      ).toMatchObject({
        applicantId: 'app-tom',
        organizationResult: 'REJECTED',
        message: `${template.text} Ihr Küchenteam`,
      }),
    );
  });

  it('shows and adds internal notes in the candidate profile', async () => {
    const requests = recordRequests();
    serveFollowUp();
    renderApp('/');
    const row = await screen.findByRole('row', { name: /Lea Schulz/ });
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Profil ansehen' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Probetag vereinbart.')).toBeTruthy();
    expect(within(dialog).getByText(/Karla Kollegin/)).toBeTruthy();
    // A colleague's note: no edit or delete.
    expect(within(dialog).queryByRole('button', { name: /bearbeiten/ })).toBeNull();
    await user.type(within(dialog).getByLabelText('Neue Notiz'), 'Rückruf am Montag');
    await user.click(within(dialog).getByRole('button', { name: 'Notiz speichern' }));
    expect(await within(dialog).findByText('Rückruf am Montag')).toBeTruthy();
    await waitFor(() =>
      expect(requests.find((c) => c.method === 'POST' && c.path === '/rest/matching/organization/notes')?.body).toEqual(
        {
          vacancyId: lea.vacancyId,
          applicantId: 'app-lea',
          text: 'Rückruf am Montag',
        },
      ),
    );
  });
});
