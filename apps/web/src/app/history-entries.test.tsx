import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHashRouter, RouterProvider, useBlocker } from 'react-router';
import { numberBrowserMadeHistoryEntries, type HistoryEntryNumbering } from './history-entries';

function Editor() {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname);
  return (
    <main>
      <h1>Editor</h1>
      <p>Blocker: {blocker.state}</p>
      {blocker.state === 'blocked' && (
        <button type="button" onClick={() => blocker.reset()}>
          Bleiben
        </button>
      )}
    </main>
  );
}

/** What the browser does when the user types a new `#/…` into the address bar. */
function editAddressBar(hash: string) {
  window.history.pushState(null, '', hash);
  window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
}

let numbering: HistoryEntryNumbering | undefined;
let router: ReturnType<typeof createHashRouter> | undefined;
afterEach(() => {
  cleanup();
  router?.dispose();
  numbering?.dispose();
  vi.restoreAllMocks();
});

function setup() {
  window.history.replaceState(null, '', '#/editor');
  numbering = numberBrowserMadeHistoryEntries();
  router = createHashRouter([
    { path: '/editor', element: <Editor /> },
    { path: '/chats', element: <h1>Nachrichten</h1> },
  ]);
  router.subscribe(numbering.sync);
  render(<RouterProvider router={router} />);
  return router;
}

describe('numberBrowserMadeHistoryEntries', () => {
  it('lets a blocker stop a hash edited in the address bar, without the router warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    const router = setup();
    expect(await screen.findByText('Blocker: unblocked')).toBeTruthy();

    act(() => editAddressBar('#/chats'));

    expect(await screen.findByText('Blocker: blocked')).toBeTruthy();
    expect(warn).not.toHaveBeenCalled();
    // The router went back to the entry it came from while the user decides.
    await vi.waitFor(() => expect(window.location.hash).toBe('#/editor'));
    expect(router.state.location.pathname).toBe('/editor');
  });

  it('numbers the new entry one after the entry it was made from', async () => {
    const router = setup();
    await act(() => router.navigate('/chats'));
    const pushed = (window.history.state as { idx: number }).idx;
    act(() => editAddressBar('#/irgendwo'));
    expect((window.history.state as { idx: number }).idx).toBe(pushed + 1);
  });
});
