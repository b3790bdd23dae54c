import './app/preact-compat-fixes';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from './lib/router';
import { AppProviders } from './app/providers';
import { loadAppFrame } from './app/root-layout';
import { createAppRouter } from './app/router';
import './lib/i18n';
import { dismissLoginPrerender, isLoginPrerenderShown } from './lib/login-prerender';
import { createQueryClient } from './lib/query-client';

const queryClient = createQueryClient();
// Before the router: an address-bar hash edit gets an entry number, so a blocker can stop it.
const router = createAppRouter(queryClient);

// Not opened on the login: its prerender (hidden) goes before its element ids can meet the app's.
if (!isLoginPrerenderShown()) {
  dismissLoginPrerender();
  // Every screen but the login and signup shows in the app's frame: its chunk evaluates meanwhile.
  void loadAppFrame();
}

const container = document.getElementById('root');
if (!container) throw new Error('Root element #root is missing in index.html');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
