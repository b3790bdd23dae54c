import { render } from '@testing-library/react';
import { afterAll } from 'vitest';
import { AppProviders } from '../app/providers';
import { loadAppFrame, loadSidebar } from '../app/root-layout';
import { appRoutes } from '../app/router';
import '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { createMemoryRouter, RouterProvider } from '../lib/router';
import type { ReactNode } from 'react';

// The shell loads its frame and sidebar beside the screen. A test can pass before those imports
// end; vitest would then tear the environment down under them and fail the run with an unhandled
// error (seen once on a slow CI machine). Each file that renders the app waits for them at its end.
afterAll(async () => {
  await Promise.all([loadAppFrame(), loadSidebar()]);
});

/** Renders the real app (routes, guards, shell) at `path` in a memory router. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(appRoutes(queryClient), { initialEntries: [path] });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient };
}

/** One component inside the app's providers (theme, i18n, query client), without the router. */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = createQueryClient();
  return { ...render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>), queryClient };
}
