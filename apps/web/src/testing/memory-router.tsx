import { createContext, useContext, useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from '../lib/router';

// The router keeps its tree; the children come through context so that a re-render shows new ones.
const ChildrenContext = createContext<ReactNode>(null);
const Children = () => <>{useContext(ChildrenContext)}</>;

/** Links and router hooks for one component under test, at `path`, without the app's routes. */
export function MemoryRouter({ children, path = '/' }: { children: ReactNode; path?: string }) {
  const [router] = useState(() =>
    createMemoryRouter(
      { layout: <Children />, errorElement: null, routes: [{ path: '*', element: null }] },
      { initialEntries: [path] },
    ),
  );
  return (
    <ChildrenContext.Provider value={children}>
      <RouterProvider router={router} />
    </ChildrenContext.Provider>
  );
}
