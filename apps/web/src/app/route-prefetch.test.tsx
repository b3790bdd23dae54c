import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser } from '@matchwerk/shared';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter } from '../lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { marketplacePaths } from '../lib/api-paths';
import { createQueryClient } from '../lib/query-client';
import { sessionKeys } from '../lib/session';
import { useUiStore } from '../stores/ui-store';
import { fakeApplicant } from '../testing/fake-marketplace';
import { fakeAdmin, fakeUser } from '../testing/fake-user';
import { fakeVacancyListItem } from '../testing/fake-vacancy';
import { noUnread, pagedVacancyList, recordRequests, serveApi, sessionHandlers } from '../testing/api-server';
import { renderApp } from '../testing/render-app';
import { appRoutes } from './router';

const items = Array.from({ length: 30 }, (_, index) =>
  fakeVacancyListItem({ id: `vac-${index}`, title: `Stelle ${String(index).padStart(2, '0')}` }),
);

function serveList(user: CurrentUser | null) {
  serveApi(...sessionHandlers(user), noUnread(), pagedVacancyList(items));
}

/** The router alone, without rendering: only a route's loader can ask for a screen's data. */
function startRouter(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(appRoutes(queryClient), { initialEntries: [path] });
  return { queryClient, router };
}

const listRequests = (requests: { path: string }[]) => requests.filter((r) => r.path.startsWith('/rest/vacancy?'));

beforeEach(() => {
  useUiStore.setState({ renderApp: false, loggingOut: false, mobileView: false, showErrorSnackbar: false });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Route prefetch (ADR 0063)', () => {
  it("asks for the posting list's page from the route, before any screen has rendered", async () => {
    const requests = recordRequests();
    serveList(fakeUser());
    const { router } = startRouter('/vacancies?sort=start&order=desc');
    await waitFor(() =>
      expect(listRequests(requests).map((r) => r.path)).toEqual([
        '/rest/vacancy?page=0&pageSize=25&sort=start&order=desc',
      ]),
    );
    router.dispose();
  });

  it("asks for the chat's newest messages from the route", async () => {
    const requests = recordRequests();
    const chatPath = marketplacePaths.chat('app-lea');
    serveApi(
      ...sessionHandlers(fakeUser()),
      http.get(chatPath, () =>
        HttpResponse.json({
          applicant: fakeApplicant({ id: 'app-lea' }),
          messages: [],
          cursor: 'c-0',
          older: null,
          readByApplicant: 0,
          contactEndedAt: null,
        }),
      ),
    );
    const { router } = startRouter('/chat/app-lea');
    await waitFor(() => expect(requests.some((r) => r.path.startsWith(chatPath))).toBe(true));
    router.dispose();
  });

  it("asks for the landing page's tab and filters from the URL, and for the chat list", async () => {
    const requests = recordRequests();
    // Only what is asked for matters here: the answers' bodies are not read by any screen.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveApi(
      ...sessionHandlers(fakeUser()),
      http.get(marketplacePaths.matchings, () => HttpResponse.json({})),
      http.get(marketplacePaths.chats, () => HttpResponse.json({})),
    );
    const landing = startRouter('/?status=angenommen&suche=Lea');
    await waitFor(() => expect(requests.some((r) => r.path.startsWith(marketplacePaths.matchings))).toBe(true));
    const matchings = new URL(
      requests.find((r) => r.path.startsWith(marketplacePaths.matchings))?.path ?? '',
      'http://x',
    );
    expect(matchings.searchParams.get('state')).toBe('ACCEPTED');
    expect(matchings.searchParams.get('search')).toBe('Lea');
    // The bodies fail their schemas: stop the retries before the next test.
    await landing.queryClient.cancelQueries();
    landing.router.dispose();

    const chats = startRouter('/chats');
    await waitFor(() => expect(requests.some((r) => r.path === marketplacePaths.chats)).toBe(true));
    await chats.queryClient.cancelQueries();
    chats.router.dispose();
  });

  it.each([
    ['signed out', null],
    [
      'behind the legal gate',
      fakeUser({ legalDue: [{ document: 'TERMS', version: '2027-03-01', acceptedVersion: '2026-11-26' }] }),
    ],
    ['without the permission', fakeUser({ type: 'STATISTICS', organizationId: null, organization: null })],
  ])('asks for nothing when the screen would not show (%s)', async (_case, user) => {
    const requests = recordRequests();
    serveList(user);
    const { queryClient, router } = startRouter('/vacancies');
    await waitFor(() => expect(queryClient.getQueryState(sessionKeys.currentUser)?.status).toBe('success'));
    // The loader's check runs right after the session's answer; give it a turn of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listRequests(requests)).toEqual([]);
    router.dispose();
  });

  it("asks for no matchings when the landing page sends the user on (an administrator's)", async () => {
    const requests = recordRequests();
    serveApi(...sessionHandlers(fakeAdmin()));
    const { queryClient, router } = startRouter('/');
    await waitFor(() => expect(queryClient.getQueryState(sessionKeys.currentUser)?.status).toBe('success'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.filter((r) => r.path.startsWith(marketplacePaths.matchings))).toEqual([]);
    router.dispose();
  });

  it('lets the screen use the prefetched page, and pages by cursor without asking by offset too', async () => {
    const requests = recordRequests();
    serveList(fakeUser());
    renderApp('/vacancies');
    const table = await screen.findByRole('table', { name: 'Stellenanzeigen' });
    await within(table).findByText('Stelle 00');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Zur nächsten Seite' }));
    await within(table).findByText('Stelle 25');
    expect(listRequests(requests).map((r) => r.path)).toEqual([
      '/rest/vacancy?page=0&pageSize=25&sort=title&order=asc',
      '/rest/vacancy?page=1&pageSize=25&sort=title&order=asc&cursor=nach-seite-0',
    ]);
  });
});
