/**
 * The API as web tests see it: Mock Service Worker answers the app's real `fetch` calls by
 * method and path (ADR 0057). A request that no handler answers fails the test that made it
 * (see setup-tests.ts), so a test cannot pass on a call it did not expect.
 */
import type {
  CurrentUser,
  JobWidgetResponse,
  Organization,
  Team,
  UnreadResponse,
  VacancyListItem,
} from '@matchwerk/shared';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { onTestFinished } from 'vitest';

export const apiServer = setupServer();

/** Answers for this test only (`apiServer.resetHandlers()` runs after each test). */
export function serveApi(...handlers: RequestHandler[]) {
  apiServer.use(...handlers);
}

/** The German error body the API sends, with the HTTP status. */
export function apiError(status: number, code: string, message: string, fieldErrors?: Record<string, string>) {
  return HttpResponse.json({ code, message, ...(fieldErrors ? { fieldErrors } : {}) }, { status });
}

export interface RecordedRequest {
  method: string;
  /** Path with query, as the app wrote it: `/rest/users/?page=0`. */
  path: string;
  headers: Readonly<Record<string, string>>;
  /** The parsed JSON body (the text when it is not JSON); filled in shortly after the request starts, so read it inside `waitFor`. */
  body: unknown;
}

/** Every request the app makes from now until the test ends, in order. */
export function recordRequests(): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const entry: RecordedRequest = {
      method: request.method,
      path: url.pathname + url.search,
      headers: Object.fromEntries(request.headers.entries()),
      body: undefined,
    };
    requests.push(entry);
    void request
      .clone()
      .text()
      .then((text) => {
        try {
          entry.body = text === '' ? undefined : JSON.parse(text);
        } catch {
          entry.body = text;
        }
      });
  };
  apiServer.events.on('request:start', listener);
  onTestFinished(() => {
    apiServer.events.removeListener('request:start', listener);
  });
  return requests;
}

export interface SessionOptions {
  supportEmail?: string;
  demoMailbox?: boolean;
}

/**
 * What every screen asks first: the public config, the session and the current user. Without a
 * user the app is signed out (the session answers `null`, as better-auth does).
 */
export function sessionHandlers(user: CurrentUser | null, options: SessionOptions = {}): RequestHandler[] {
  return [
    http.get('/rest/config', () =>
      HttpResponse.json({
        supportEmail: options.supportEmail ?? 'hilfe@example.org',
        demoMailbox: options.demoMailbox ?? false,
      }),
    ),
    http.get('/rest/auth/get-session', () => HttpResponse.json(user ? { session: { id: 's1' } } : null)),
    http.get('/rest/users/current-user', () =>
      user ? HttpResponse.json(user) : apiError(401, 'UNAUTHORIZED', 'Bitte melden Sie sich an.'),
    ),
    // The shell's badge of companies waiting for release (partners and admins): none. Any other
    // organisation list request falls through to the test's own handlers.
    http.get('/rest/organization/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      if (query.get('status') !== 'waiting' || query.get('pageSize') !== '1') return undefined;
      return HttpResponse.json({ items: [], total: 0, page: 0, pageSize: 1 });
    }),
  ];
}

/**
 * The posting list over `items`, 25 a page by the `page` parameter; a page after which more
 * follow names the cursor `nach-seite-<page>`.
 */
export function pagedVacancyList(items: readonly VacancyListItem[]): RequestHandler {
  return http.get('/rest/vacancy', ({ request }) => {
    const page = Number(new URL(request.url).searchParams.get('page'));
    return HttpResponse.json({
      items: items.slice(page * 25, page * 25 + 25),
      total: items.length,
      page,
      pageSize: 25,
      nextCursor: (page + 1) * 25 < items.length ? `nach-seite-${page}` : null,
      totalExact: true,
    });
  });
}

/**
 * The shell's unread poll of an organisation user with nothing new: the first answer, then
 * "no change" (204) for every poll that sends its cursor.
 */
export function noUnread(): RequestHandler {
  return http.get('/rest/unread', ({ request }) =>
    new URL(request.url).searchParams.has('since')
      ? new HttpResponse(null, { status: 204 })
      : HttpResponse.json({
          cursor: 'c-1',
          matchingsVersion: 'm-1',
          chatsVersion: 'ch-1',
          matchings: 0,
          messages: 0,
          newMatchings: [],
          unreadChats: [],
        } satisfies UnreadResponse),
  );
}

/**
 * What the screens around the company profile ask in the background: the shell's unread counts,
 * the team, the widget preview (organisation users), and the company's postings and history
 * (admins and partners).
 */
export function companyPageHandlers(me: CurrentUser, organizationId = 'org-1'): RequestHandler[] {
  return [
    noUnread(),
    http.get(`/rest/organization/${organizationId}/team`, () =>
      HttpResponse.json({
        members: [
          {
            id: 'user-1',
            name: 'Anna Beispiel',
            email: 'anna@example.org',
            emailVerified: true,
            lastSignInAt: null,
            createdAt: '2026-01-01T10:00:00.000Z',
            disabled: false,
            isSelf: me.id === 'user-1',
          },
        ],
        invitations: [],
      } satisfies Team),
    ),
    http.get(`/rest/public/organizations/${organizationId}/job-widget`, () =>
      HttpResponse.json({
        organization: { name: 'Beispiel GmbH', logoUrl: null },
        postings: [],
      } satisfies JobWidgetResponse),
    ),
    http.get('/rest/vacancy', () =>
      HttpResponse.json({ items: [], total: 0, page: 0, pageSize: 50, nextCursor: null, totalExact: true }),
    ),
    http.get(`/rest/organization/${organizationId}/audit`, () =>
      HttpResponse.json({ items: [], total: 0, page: 0, pageSize: 20 }),
    ),
  ];
}

/** What "Mein Unternehmen" loads for an organisation user: the organisation and the page's background requests. */
export function myCompanyHandlers(user: CurrentUser, organization: Organization): RequestHandler[] {
  return [
    http.get(`/rest/organization/${organization.id}`, () => HttpResponse.json(organization)),
    ...companyPageHandlers(user, organization.id),
  ];
}

/** The administrators' area asks for the failed mails (its "E-Mails" tab counts them): none. */
export function noFailedMails(): RequestHandler {
  return http.get('/rest/admin/failed-mails', () => HttpResponse.json({ available: true, items: [] }));
}
