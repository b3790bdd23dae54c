import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { appRoutes } from '../app/router';
import '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import type { ReactNode } from 'react';

export type FetchHandler = (
  path: string,
  body: unknown,
  headers: Readonly<Record<string, string>>,
) => { status: number; body?: unknown } | undefined;

/** Answers fetch from a handler; unknown paths get a 404 so tests notice them. */
export function stubFetch(handler: FetchHandler) {
  const calls: { path: string; body: unknown; headers: Readonly<Record<string, string>> }[] = [];
  const fetchStub = (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    calls.push({ path, body, headers });
    const answer = handler(path, body, headers) ?? {
      status: 404,
      body: { code: 'NOT_FOUND', message: 'nicht gefunden' },
    };
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    // A 204 must not carry a body (the Response constructor throws otherwise).
    const responseBody = answer.status === 204 ? null : text;
    return Promise.resolve(
      new Response(responseBody, { status: answer.status, headers: { 'Content-Type': 'application/json' } }),
    );
  };
  return { fetchStub, calls };
}

/** Renders the real app (routes, guards, shell) at `path` in a memory router. */
export function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const queryClient = createQueryClient();
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
