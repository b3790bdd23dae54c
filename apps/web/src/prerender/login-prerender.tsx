/**
 * Build-time entry (vite.prerender.config.ts, scripts/prerender-login.mjs): the login screen as
 * static HTML for index.html (ADR 0061). The same components as the app's login, in its plain
 * frame (ADR 0064), so the app's first render replaces it without moving anything; its styles are
 * the app's own stylesheet, which the script puts inline.
 */
import { ROUTES } from '@matchwerk/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from '../lib/router';
import { PlainFrame } from '../components/plain/plain-frame';
import { LoginScreen } from '../features/auth/components/login-screen';

// For scripts/prerender-login.mjs, which cannot import the shared package's TypeScript.
export { LOGIN_PRERENDER_CLASS, LOGIN_PRERENDER_ID } from '@matchwerk/shared';

export function renderLoginPrerender(): string {
  // Links come out as the app's hash router writes them (`#/signup`): a click before the app has
  // run opens the screen, not the server's address `/signup`. Nothing navigates while rendering.
  const login = <LoginScreen mode="login" />;
  const router = createMemoryRouter(
    {
      layout: <PlainFrame>{login}</PlainFrame>,
      errorElement: null,
      routes: [{ path: ROUTES.Login.path, element: login }],
    },
    { initialEntries: [ROUTES.Login.path] },
  );
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
