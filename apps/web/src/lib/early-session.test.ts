import {
  API_PATHS,
  EARLY_DATA_GLOBAL,
  EARLY_DATA_MAX_AGE_MS,
  EARLY_DATA_REQUESTS,
  EARLY_SESSION_GLOBAL,
  ROUTE_PRELOAD_SCRIPT,
  SIDEBAR_MODULES_KEY,
  type UserType,
} from '@matchwerk/shared';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeUser } from '../testing/fake-user';
import { recordRequests, serveApi, sessionHandlers } from '../testing/api-server';
import { apiRequest } from './api-client';

const holder = window as unknown as Record<string, unknown>;
const LIST = '/rest/vacancy';
const listSchema = z.object({ items: z.array(z.string()) });

function leaveEarly(url: string, response: Response | undefined, at = performance.now()) {
  holder[EARLY_DATA_GLOBAL] = { url, at, response: Promise.resolve(response) };
}

afterEach(() => {
  delete holder[EARLY_DATA_GLOBAL];
  delete holder[EARLY_SESSION_GLOBAL];
  window.location.hash = '';
  document.getElementById('route-modules')?.remove();
});

describe('apiRequest with the first list index.html asked for early (ADR 0070)', () => {
  it('takes the answer for the same URL without asking, and only once', async () => {
    serveApi(http.get(LIST, () => HttpResponse.json({ items: ['später'] })));
    const requests = recordRequests();
    leaveEarly(`${LIST}?page=0`, Response.json({ items: ['früh'] }));

    expect(await apiRequest(LIST, { query: { page: '0' }, schema: listSchema })).toEqual({ items: ['früh'] });
    expect(requests).toEqual([]);
    expect(await apiRequest(LIST, { query: { page: '0' }, schema: listSchema })).toEqual({ items: ['später'] });
    expect(requests.map((request) => request.path)).toEqual([`${LIST}?page=0`]);
  });

  it('asks itself for another URL and leaves the early answer for its own URL', async () => {
    serveApi(http.get(LIST, () => HttpResponse.json({ items: ['gefragt'] })));
    leaveEarly(`${LIST}?page=0`, Response.json({ items: ['früh'] }));

    expect(await apiRequest(LIST, { query: { page: '1' }, schema: listSchema })).toEqual({ items: ['gefragt'] });
    expect(await apiRequest(LIST, { query: { page: '0' }, schema: listSchema })).toEqual({ items: ['früh'] });
  });

  it('asks itself when the early answer is too old, failed or not a success', async () => {
    serveApi(http.get(LIST, () => HttpResponse.json({ items: ['frisch'] })));
    const answers: (Response | undefined)[] = [undefined, Response.json({ code: 'UNAUTHORIZED' }, { status: 401 })];

    leaveEarly(LIST, Response.json({ items: ['alt'] }), performance.now() - EARLY_DATA_MAX_AGE_MS - 1);
    expect(await apiRequest(LIST, { schema: listSchema })).toEqual({ items: ['frisch'] });
    for (const answer of answers) {
      leaveEarly(LIST, answer);
      expect(await apiRequest(LIST, { schema: listSchema })).toEqual({ items: ['frisch'] });
    }
  });

  it('does not answer a request that was aborted while it waited', async () => {
    const controller = new AbortController();
    let answer: (response: Response) => void = () => undefined;
    holder[EARLY_DATA_GLOBAL] = {
      url: LIST,
      at: performance.now(),
      response: new Promise((resolve) => (answer = resolve)),
    };

    const request = apiRequest(LIST, { schema: listSchema, signal: controller.signal });
    controller.abort(new DOMException('Abgebrochen', 'AbortError'));
    answer(Response.json({ items: ['früh'] }));
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe("index.html's inline script", () => {
  /** Runs the script as the page would, opened on `hash`, signed in as a user of `type`. */
  async function openPage(hash: string, type: UserType, modules: Record<string, string[]> = {}) {
    serveApi(
      ...sessionHandlers(fakeUser({ type })),
      http.get(LIST, () => HttpResponse.json({ items: ['aus dem Skript'] })),
      http.get('/rest/messages/organization/:id', ({ params }) => HttpResponse.json({ items: [params.id] })),
    );
    const requests = recordRequests();
    document.querySelectorAll('#route-modules').forEach((stale) => stale.remove());
    const table = Object.assign(document.createElement('script'), { id: 'route-modules', type: 'application/json' });
    table.textContent = JSON.stringify(modules);
    document.head.append(table);
    window.location.hash = hash;
    // The fixed text the server's CSP allows by its hash, run as the page runs it.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page runs this text too
    (new Function(ROUTE_PRELOAD_SCRIPT) as () => void)();
    const user = (await holder[EARLY_SESSION_GLOBAL]) as Response | undefined;
    return { user, requests };
  }

  it("asks an organisation user's posting list once the current user is known", async () => {
    const { user, requests } = await openPage('#/vacancies', 'ORGANIZATION');
    await vi.waitFor(() => expect(holder[EARLY_DATA_GLOBAL]).toBeDefined());
    const early = holder[EARLY_DATA_GLOBAL] as { url: string; response: Promise<Response> };
    expect(early.url).toBe(EARLY_DATA_REQUESTS['/vacancies']?.url);
    expect(await (await early.response).json()).toEqual({ items: ['aus dem Skript'] });
    // The app still gets the current user's answer unread.
    expect(await user?.json()).toMatchObject({ type: 'ORGANIZATION' });
    expect(requests.map((request) => request.path)).toEqual([
      API_PATHS.getSession,
      API_PATHS.currentUser,
      EARLY_DATA_REQUESTS['/vacancies']?.url,
    ]);
  });

  it("asks a chat's messages with the chat's id from the address", async () => {
    await openPage('#/chat/a%2Fb', 'ORGANIZATION');
    await vi.waitFor(() => expect(holder[EARLY_DATA_GLOBAL]).toBeDefined());
    const early = holder[EARLY_DATA_GLOBAL] as { url: string };
    expect(early.url).toBe('/rest/messages/organization/a%2Fb');
  });

  it('asks nothing more for a user type whose list starts otherwise, a list opened on another page, or another screen', async () => {
    for (const [hash, type] of [
      ['#/vacancies', 'ADMIN'],
      ['#/vacancies?page=2', 'ORGANIZATION'],
      ['#/settings', 'ORGANIZATION'],
    ] as const) {
      const { user, requests } = await openPage(hash, type);
      await user?.json();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(holder[EARLY_DATA_GLOBAL]).toBeUndefined();
      expect(requests.map((request) => request.path)).toEqual([API_PATHS.getSession, API_PATHS.currentUser]);
    }
  });

  it('preloads the route’s module files, and the sidebar’s only where it shows beside the screen', async () => {
    const modules = {
      '/vacancies': ['/assets/route.js', '/assets/kit.js', SIDEBAR_MODULES_KEY],
      [SIDEBAR_MODULES_KEY]: ['/assets/kit.js', '/assets/sidebar.js'],
    };
    const preloaded = () =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((link) =>
        link.getAttribute('href'),
      );
    try {
      for (const [width, expected] of [
        [375, ['/assets/route.js', '/assets/kit.js']],
        [1280, ['/assets/route.js', '/assets/kit.js', '/assets/sidebar.js']],
      ] as const) {
        Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
        document.querySelectorAll('link[rel=modulepreload]').forEach((link) => link.remove());
        const { user } = await openPage('#/vacancies', 'ORGANIZATION', modules);
        await user?.json();
        expect(preloaded()).toEqual(expected);
      }
    } finally {
      document.querySelectorAll('link[rel=modulepreload]').forEach((link) => link.remove());
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
    }
  });
});
