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
import { MemoryRouter } from 'react-router';
import { AppShell } from '../components/layout/app-shell';
import { LoginScreen } from '../features/auth/components/login-screen';
import { createAppTheme } from '../theme/theme';
import { THEME_VARIANTS } from '../theme/theme-variant';

// For scripts/prerender-login.mjs, which cannot import the shared package's TypeScript.
export { LOGIN_PRERENDER_CLASS, LOGIN_PRERENDER_ID } from '@matchwerk/shared';

function NoSidebar() {
  return null;
}

export function renderLoginPrerender(): string {
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <ThemeProvider theme={createAppTheme(THEME_VARIANTS.default)}>
        <CssBaseline />
        <MemoryRouter initialEntries={[ROUTES.Login.path]}>
          <AppShell navigationUser={undefined} activeRoute="Login" onLogout={() => undefined} sidebar={NoSidebar}>
            <LoginScreen mode="login" />
          </AppShell>
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}
