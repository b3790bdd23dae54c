/**
 * Build-time entry (vite.prerender.config.ts, scripts/prerender-login.mjs): the login screen as
 * static HTML for index.html (ADR 0061). The same components as the app's login, in its plain
 * frame (ADR 0064), so the app's first render replaces it without moving anything; its styles are
 * the app's own stylesheet, which the script puts inline.
 */
import { ROUTES } from '@matchwerk/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createPath, Router, type Navigator } from 'react-router';
import { PlainFrame } from '../components/plain/plain-frame';
import { LoginScreen } from '../features/auth/components/login-screen';

// For scripts/prerender-login.mjs, which cannot import the shared package's TypeScript.
export { LOGIN_PRERENDER_CLASS, LOGIN_PRERENDER_ID } from '@matchwerk/shared';

/**
 * Links as the app's hash router writes them (`#/signup`): a click before the app has run must
 * open the screen, not the server's address `/signup`. Nothing navigates while rendering.
 */
const hashLinks: Navigator = {
  createHref: (to) => `#${typeof to === 'string' ? to : createPath(to)}`,
  go: () => undefined,
  push: () => undefined,
  replace: () => undefined,
};

export function renderLoginPrerender(): string {
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <Router location={ROUTES.Login.path} navigator={hashLinks} static>
        <PlainFrame>
          <LoginScreen mode="login" />
        </PlainFrame>
      </Router>
    </QueryClientProvider>,
  );
}
