/**
 * Build-time entry (vite.prerender.config.ts, scripts/prerender-login.mjs): the login screen as
 * static HTML with its styles inline, for index.html (ADR 0061). The same components as the app's
 * login, in the signed-out frame, with the default theme, so the app's first render replaces it
 * without moving anything.
 */
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { ROUTES } from '@matchwerk/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createPath, Router, type Navigator } from 'react-router';
import { AppShell } from '../components/layout/app-shell';
import { LoginScreen } from '../features/auth/components/login-screen';
import { createAppTheme } from '../theme/theme';
import { THEME_VARIANTS } from '../theme/theme-variant';

// For scripts/prerender-login.mjs, which cannot import the shared package's TypeScript.
export { LOGIN_PRERENDER_CLASS, LOGIN_PRERENDER_ID } from '@matchwerk/shared';

function NoSidebar() {
  return null;
}

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
      <ThemeProvider theme={createAppTheme(THEME_VARIANTS.default)}>
        <CssBaseline />
        <Router location={ROUTES.Login.path} navigator={hashLinks} static>
          <AppShell navigationUser={undefined} activeRoute="Login" onLogout={() => undefined} sidebar={NoSidebar}>
            <LoginScreen mode="login" />
          </AppShell>
        </Router>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}
