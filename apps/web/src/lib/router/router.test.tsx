import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createHashRouter,
  createMemoryRouter,
  Link,
  Outlet,
  RouterProvider,
  useBlocker,
  useNavigation,
  useParams,
  useRouteError,
  useSearchParams,
  type AppRouter,
  type RouteConfig,
  type RouteLoader,
  type RouteModule,
} from '.';

function Editor() {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname);
  return (
    <main>
      <h1>Editor</h1>
      <p>Blocker: {blocker.state}</p>
      {blocker.state === 'blocked' && (
        <>
          <button type="button" onClick={() => blocker.reset?.()}>
            Bleiben
          </button>
          <button type="button" onClick={() => blocker.proceed?.()}>
            Verwerfen
          </button>
        </>
      )}
    </main>
  );
}

function Layout() {
  const navigation = useNavigation();
  return (
    <>
      <p>Navigation: {navigation.state}</p>
      <Outlet />
    </>
  );
}

function ErrorPage() {
  return <p>Fehler: {String(useRouteError())}</p>;
}

function Chat() {
  const { id } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  return (
    <>
      <h1>Chat {id}</h1>
      <p>Seite {searchParams.get('page') ?? '0'}</p>
      <button type="button" onClick={() => setSearchParams({ page: '2' })}>
        Weiter
      </button>
    </>
  );
}

const screenModule = (Component: () => React.ReactNode, loader?: RouteModule['loader']) => () =>
  Promise.resolve<RouteModule>({ Component, loader });

function tree(routes: RouteConfig[]) {
  return { layout: <Layout />, errorElement: <ErrorPage />, fallback: <p>Lädt…</p>, routes };
}

const editorRoutes = tree([
  { path: '/editor', element: <Editor /> },
  { path: '/chats', element: <h1>Nachrichten</h1> },
]);

/** What the browser does when the user types a new `#/…` into the address bar. */
function editAddressBar(hash: string) {
  window.history.pushState(null, '', hash);
  window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
}

let router: AppRouter | undefined;
afterEach(() => {
  cleanup();
  router?.dispose();
  router = undefined;
  vi.restoreAllMocks();
});

function start(next: AppRouter) {
  router = next;
  render(<RouterProvider router={next} />);
  return next;
}

describe('hash router', () => {
  it('lets a blocker stop a hash edited in the address bar, and go there once confirmed', async () => {
    window.history.replaceState(null, '', '#/editor');
    const router = start(createHashRouter(editorRoutes));
    expect(await screen.findByText('Blocker: unblocked')).toBeTruthy();

    act(() => editAddressBar('#/chats'));

    expect(await screen.findByText('Blocker: blocked')).toBeTruthy();
    // The router went back to the entry it came from while the user decides.
    await vi.waitFor(() => expect(window.location.hash).toBe('#/editor'));
    expect(router.state.location.pathname).toBe('/editor');

    await userEvent.click(screen.getByRole('button', { name: 'Verwerfen' }));
    expect(await screen.findByRole('heading', { name: 'Nachrichten' })).toBeTruthy();
    expect(window.location.hash).toBe('#/chats');
  });

  it('numbers an entry the browser made one after the entry it was made from', async () => {
    window.history.replaceState(null, '', '#/editor');
    const router = start(createHashRouter(editorRoutes));
    await act(() => router.navigate('/chats'));
    const pushed = (window.history.state as { idx: number }).idx;
    act(() => editAddressBar('#/irgendwo'));
    expect((window.history.state as { idx: number }).idx).toBe(pushed + 1);
  });

  it('takes the same address entered again as no new entry, so a blocked Back after it is undone', async () => {
    window.history.replaceState(null, '', '#/chats');
    const router = start(createHashRouter(editorRoutes));
    await act(() => router.navigate('/editor'));
    const editorIndex = (window.history.state as { idx: number }).idx;
    // Enter in the address bar on the unchanged address: the browser replaces the entry, without state.
    act(() => {
      window.history.replaceState(null, '', '#/editor');
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    });
    expect((window.history.state as { idx: number }).idx).toBe(editorIndex);

    act(() => window.history.back());
    expect(await screen.findByText('Blocker: blocked')).toBeTruthy();
    await vi.waitFor(() => expect(window.location.hash).toBe('#/editor'));
    await userEvent.click(screen.getByRole('button', { name: 'Bleiben' }));
    // The undo was taken for what it was: the next Back is asked about again.
    act(() => window.history.back());
    expect(await screen.findByText('Blocker: blocked')).toBeTruthy();
    await vi.waitFor(() => expect(window.location.hash).toBe('#/editor'));
  });

  it('keeps the search inside the hash and passes navigation state along', async () => {
    window.history.replaceState(null, '', '#/editor');
    const router = start(createHashRouter(tree([{ path: '/chat/:id', lazy: screenModule(Chat) }])));
    await act(() => router.navigate('/chat/a%20b?page=1', { state: { from: 'test' } }));
    expect(window.location.hash).toBe('#/chat/a%20b?page=1');
    expect(router.state.location).toMatchObject({
      pathname: '/chat/a%20b',
      search: '?page=1',
      state: { from: 'test' },
    });
    expect(await screen.findByRole('heading', { name: 'Chat a b' })).toBeTruthy();
  });
});

describe('router', () => {
  it('shows its fallback until the first screen has loaded, and matches static paths before params', async () => {
    start(
      createMemoryRouter(
        tree([
          { path: '/vacancies/:id', lazy: screenModule(() => <h1>Bearbeiten</h1>) },
          { path: '/vacancies/new', lazy: screenModule(() => <h1>Neu</h1>) },
        ]),
        { initialEntries: ['/Vacancies/new/'] },
      ),
    );
    expect(screen.getByText('Lädt…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Neu' })).toBeTruthy();
  });

  it('keeps the current screen while the next one loads, then shows it', async () => {
    let arrive: (module: RouteModule) => void = () => undefined;
    const router = start(
      createMemoryRouter(
        tree([
          { path: '/', element: <h1>Start</h1> },
          { path: '/chats', lazy: () => new Promise<RouteModule>((resolve) => (arrive = resolve)) },
        ]),
      ),
    );
    let navigation: Promise<void> = Promise.resolve();
    act(() => {
      navigation = router.navigate('/chats');
    });
    expect(screen.getByRole('heading', { name: 'Start' })).toBeTruthy();
    expect(screen.getByText('Navigation: loading')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');

    await act(async () => {
      arrive({ Component: () => <h1>Nachrichten</h1> });
      await navigation;
    });
    expect(screen.getByRole('heading', { name: 'Nachrichten' })).toBeTruthy();
    expect(screen.getByText('Navigation: idle')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/chats');
  });

  it('calls a loader when its route is entered, not when only the search changes', async () => {
    const loader = vi.fn<RouteLoader>();
    const router = start(
      createMemoryRouter(tree([{ path: '/chat/:id', lazy: screenModule(Chat, loader) }]), {
        initialEntries: ['/chat/1?page=0'],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Chat 1' })).toBeTruthy();
    expect(loader).toHaveBeenCalledTimes(1);
    expect(loader.mock.calls[0]?.[0].params).toEqual({ id: '1' });
    expect(loader.mock.calls[0]?.[0].searchParams.get('page')).toBe('0');

    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByText('Seite 2')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('shows the error page when a screen fails to load, and the next screen after it', async () => {
    const router = start(
      createMemoryRouter(
        tree([
          { path: '/', element: <h1>Start</h1> },
          { path: '/broken', lazy: () => Promise.reject(new Error('chunk missing')) },
        ]),
      ),
    );
    await act(() => router.navigate('/broken'));
    expect(screen.getByText('Fehler: Error: chunk missing')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/broken');
    await act(() => router.navigate('/'));
    expect(screen.getByRole('heading', { name: 'Start' })).toBeTruthy();
  });

  it('shows the error page when a screen throws while rendering, and leaves it on navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('render failed');
    };
    const router = start(
      createMemoryRouter(
        tree([
          { path: '/', element: <h1>Start</h1> },
          { path: '/broken', element: <Broken /> },
        ]),
        { initialEntries: ['/broken'] },
      ),
    );
    expect(await screen.findByText('Fehler: Error: render failed')).toBeTruthy();
    await act(() => router.navigate('/'));
    expect(screen.getByRole('heading', { name: 'Start' })).toBeTruthy();
  });

  it('holds back an in-app navigation until the user decides, and forgets it on "Bleiben"', async () => {
    const router = start(createMemoryRouter(editorRoutes, { initialEntries: ['/editor'] }));
    await act(() => router.navigate('/chats'));
    expect(screen.getByText('Blocker: blocked')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/editor');
    await userEvent.click(screen.getByRole('button', { name: 'Bleiben' }));
    expect(screen.getByText('Blocker: unblocked')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/editor');
  });

  it('undoes a blocked Back and goes back once confirmed', async () => {
    const router = start(createMemoryRouter(editorRoutes, { initialEntries: ['/chats', '/editor'] }));
    await act(() => router.navigate(-1));
    expect(screen.getByText('Blocker: blocked')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/editor');
    await userEvent.click(screen.getByRole('button', { name: 'Verwerfen' }));
    expect(screen.getByRole('heading', { name: 'Nachrichten' })).toBeTruthy();
  });

  it('forgets a held-back navigation once another one has happened', async () => {
    const router = start(createMemoryRouter(editorRoutes, { initialEntries: ['/editor?a=1', '/editor?a=2'] }));
    await act(() => router.navigate('/chats'));
    expect(screen.getByText('Blocker: blocked')).toBeTruthy();
    // Same screen, other search: not held back, and the pending question is void.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?a=1');
    expect(screen.getByText('Blocker: unblocked')).toBeTruthy();
  });

  it('runs the loader of a route whose module failed once it loads on a later visit', async () => {
    const loader = vi.fn<RouteLoader>();
    let attempt = 0;
    const router = start(
      createMemoryRouter(
        tree([
          { path: '/', element: <h1>Start</h1> },
          {
            path: '/chats',
            lazy: () =>
              ++attempt === 1
                ? Promise.reject(new Error('offline'))
                : Promise.resolve<RouteModule>({ Component: () => <h1>Nachrichten</h1>, loader }),
          },
        ]),
      ),
    );
    await act(() => router.navigate('/chats'));
    expect(screen.getByText('Fehler: Error: offline')).toBeTruthy();
    await act(() => router.navigate('/chats'));
    expect(screen.getByRole('heading', { name: 'Nachrichten' })).toBeTruthy();
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('refuses a relative path instead of guessing its base', () => {
    const router = start(createMemoryRouter(editorRoutes, { initialEntries: ['/chats'] }));
    expect(() => router.navigate('chats')).toThrow('neither an absolute path nor a search');
  });

  it('replaces the entry when a link leads to the page shown, so that Back goes where it should', async () => {
    const router = start(
      createMemoryRouter(
        tree([
          { path: '/a', element: <h1>A</h1> },
          { path: '/b', element: <Link to="/b">Nochmal B</Link> },
        ]),
        { initialEntries: ['/a', '/b'] },
      ),
    );
    await userEvent.click(await screen.findByRole('link', { name: 'Nochmal B' }));
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/a');
  });

  it('follows a link on a plain click and leaves a modified click to the browser', async () => {
    const router = start(
      createMemoryRouter(
        tree([
          { path: '/', element: <Link to="/chats?page=1">Zu den Nachrichten</Link> },
          { path: '/chats', element: <h1>Nachrichten</h1> },
        ]),
      ),
    );
    const link = await screen.findByRole('link', { name: 'Zu den Nachrichten' });
    expect(link.getAttribute('href')).toBe('#/chats?page=1');
    fireEvent.click(link, { ctrlKey: true });
    expect(router.state.location.pathname).toBe('/');
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Nachrichten' })).toBeTruthy();
    expect(router.state.location.search).toBe('?page=1');
  });
});
