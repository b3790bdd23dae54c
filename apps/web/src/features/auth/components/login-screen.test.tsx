import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ERROR_MESSAGES,
  LOGIN_PRERENDER_CLASS,
  LOGIN_PRERENDER_CLICKED_ATTRIBUTE,
  LOGIN_PRERENDER_ID,
  UI_MESSAGES,
  type CurrentUser,
} from '@matchwerk/shared';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissLoginPrerender } from '../../../lib/login-prerender';
import { configQueryOptions } from '../../../lib/session';
import { useUiStore } from '../../../stores/ui-store';
import { fakeAdmin, fakeUser } from '../../../testing/fake-user';
import { fakeOrganization } from '../../../testing/fake-vacancy';
import { apiError, myCompanyHandlers, recordRequests, serveApi } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';

const CONFIG = { supportEmail: 'hilfe@example.org', demoMailbox: true };

/** A tiny fake auth server: `accounts` maps e-mail → the user it signs in as, or an error. */
function serveAuth(
  accounts: Record<string, CurrentUser | { status: number; code: string }>,
  config: typeof CONFIG = CONFIG,
) {
  let signedIn: CurrentUser | null = null;
  serveApi(
    http.get('/rest/config', () => HttpResponse.json(config)),
    http.get('/rest/auth/get-session', () =>
      HttpResponse.json(signedIn ? { session: { id: 's1' }, user: { id: signedIn.id } } : null),
    ),
    http.get('/rest/users/current-user', () =>
      signedIn ? HttpResponse.json(signedIn) : apiError(401, 'UNAUTHENTICATED', 'x'),
    ),
    http.post('/rest/auth/sign-in/email', async ({ request }) => {
      const { email } = (await request.json()) as { email: string };
      const account = accounts[email];
      if (!account) return apiError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password');
      if ('code' in account) return apiError(account.status, account.code, 'x');
      signedIn = account;
      return HttpResponse.json({ token: 't' });
    }),
    http.post('/rest/auth/sign-out', () => {
      signedIn = null;
      return HttpResponse.json({ success: true });
    }),
    http.post('/rest/organization/resend-signup-confirmation', () => HttpResponse.json({ ok: true })),
    http.post('/rest/users/sign-in-unlock', () => HttpResponse.json({ ok: true })),
    http.post('/rest/users/sign-in-unlock/confirm', async ({ request }) => {
      const { token } = (await request.json()) as { token: string };
      return token === 'gut' ? HttpResponse.json({ ok: true }) : apiError(400, 'INVALID_TOKEN', 'x');
    }),
  );
}

/** Anna, and what her landing page (Mein Unternehmen) asks for once she is signed in. */
function serveAnna() {
  const anna = fakeUser();
  serveAuth({ 'anna@example.org': anna });
  serveApi(...myCompanyHandlers(anna, fakeOrganization()));
}

const landingHeading = () => screen.findByRole('heading', { level: 1, name: 'Mein Unternehmen' });

async function signIn(email: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-Mail-Adresse'), email);
  await user.type(screen.getByLabelText('Passwort', { selector: 'input' }), 'geheim-geheim');
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  return user;
}

beforeEach(() => {
  useUiStore.setState({
    renderApp: false,
    applicantRefused: false,
    loggingOut: false,
    mobileView: false,
    showErrorSnackbar: false,
    showDefaultSnackbar: false,
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  dismissLoginPrerender();
});

describe('Login screen', () => {
  it('shows the provider message next to the form for wrong credentials', async () => {
    serveAuth({});
    renderApp('/login');
    await signIn('wer@example.org');
    expect(await screen.findByText('E-Mail-Adresse oder Passwort ist nicht korrekt.')).toBeTruthy();
    expect(useUiStore.getState().showErrorSnackbar).toBe(false);
  });

  it('sends an admin to Statistik, or to the page they wanted', async () => {
    serveAuth({ 'ada@example.org': fakeAdmin() });
    // The Nutzer screen the admin lands on: its list and the organisation filter.
    serveApi(
      http.get('/rest/users/', () => HttpResponse.json({ items: [], total: 0, page: 0, pageSize: 25 })),
      http.get('/rest/organization/', () => HttpResponse.json({ items: [], total: 0, page: 0, pageSize: 20 })),
    );
    const { router } = renderApp('/users');
    await waitFor(() => expect(router.state.location.search).toBe('?redirect=%2Fusers'));
    await signIn('ada@example.org');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nutzer' })).toBeTruthy();
  });

  it('sends an organisation user to Mein Unternehmen', async () => {
    const anna = fakeUser();
    serveAuth({ 'anna@example.org': anna });
    serveApi(...myCompanyHandlers(anna, fakeOrganization()));
    const { router } = renderApp('/login');
    await signIn('anna@example.org');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mein Unternehmen' })).toBeTruthy();
  });

  it('asks for a browser-session cookie unless "Angemeldet bleiben" is ticked', async () => {
    const requests = recordRequests();
    serveAnna();
    renderApp('/login');
    await signIn('anna@example.org');
    await waitFor(() =>
      expect(requests.find((c) => c.method === 'POST' && c.path === '/rest/auth/sign-in/email')?.body).toMatchObject({
        email: 'anna@example.org',
        rememberMe: false,
      }),
    );
    expect(await landingHeading()).toBeTruthy();
  });

  it('asks for the lasting cookie when "Angemeldet bleiben" is ticked', async () => {
    const requests = recordRequests();
    serveAnna();
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Angemeldet bleiben' }));
    await signIn('anna@example.org');
    await waitFor(() =>
      expect(requests.find((c) => c.method === 'POST' && c.path === '/rest/auth/sign-in/email')?.body).toMatchObject({
        rememberMe: true,
      }),
    );
    expect(await landingHeading()).toBeTruthy();
  });

  it('takes over the prerendered login: typed values, the ticked box and the click on "Anmelden"', async () => {
    // As index.html has it (ADR 0061) after the user typed, ticked and clicked before the app ran.
    const prerender = document.createElement('div');
    prerender.id = LOGIN_PRERENDER_ID;
    prerender.innerHTML = `<div><input name="email" value="anna@example.org"><input name="password" value="geheim-geheim">
      <input type="checkbox" checked><button aria-label="Passwort anzeigen"></button>
      <button type="button">Passwort vergessen?</button><button type="submit">Anmelden</button></div>`;
    document.body.append(prerender);
    document.documentElement.classList.add(LOGIN_PRERENDER_CLASS);
    document.documentElement.setAttribute(LOGIN_PRERENDER_CLICKED_ATTRIBUTE, '2 Anmelden');
    const requests = recordRequests();
    serveAnna();

    renderApp('/login');
    await waitFor(() =>
      expect(requests.find((c) => c.method === 'POST' && c.path === '/rest/auth/sign-in/email')?.body).toEqual({
        email: 'anna@example.org',
        password: 'geheim-geheim',
        rememberMe: true,
      }),
    );
    expect(document.getElementById(LOGIN_PRERENDER_ID)).toBeNull();
    expect(document.documentElement.classList.contains(LOGIN_PRERENDER_CLASS)).toBe(false);
    expect(await landingHeading()).toBeTruthy();
  });

  it('refuses applicants: signs them out again and explains why', async () => {
    const requests = recordRequests();
    serveAuth({ 'bea@example.org': fakeUser({ type: 'APPLICANT' }) });
    const { router } = renderApp('/login');
    await signIn('bea@example.org');
    expect(await screen.findByText(/Diese Anwendung ist für Arbeitgeber/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(requests.some((c) => c.method === 'POST' && c.path === '/rest/auth/sign-out')).toBe(true);
  });

  it('asks to confirm the e-mail address and resends the confirmation', async () => {
    const requests = recordRequests();
    serveAuth({ 'neu@example.org': { status: 403, code: 'EMAIL_NOT_VERIFIED' } });
    const { router } = renderApp('/login');
    const user = await signIn('neu@example.org');
    await waitFor(() => expect(router.state.location.search).toBe('?emailVerify=true'));
    await user.click(await screen.findByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }));
    expect(await screen.findByText(/haben wir die Bestätigungs-E-Mail erneut gesendet/)).toBeTruthy();
    await waitFor(() =>
      expect(
        requests.find((c) => c.method === 'POST' && c.path === '/rest/organization/resend-signup-confirmation')?.body,
      ).toEqual({ email: 'neu@example.org' }),
    );
  });

  it('explains a refusal by the sign-in protection and mails the unlock link on request', async () => {
    const requests = recordRequests();
    serveAuth({ 'gesperrt@example.org': { status: 429, code: 'SIGN_IN_THROTTLED' } });
    const { router } = renderApp('/login');
    const user = await signIn('gesperrt@example.org');
    expect(await screen.findByText(ERROR_MESSAGES.SIGN_IN_THROTTLED)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    await user.click(screen.getByRole('button', { name: 'Entsperr-Link per E-Mail senden' }));
    expect((await screen.findByRole('status')).textContent).toBe(UI_MESSAGES.signInUnlockSent);
    await waitFor(() =>
      expect(requests.find((c) => c.method === 'POST' && c.path === '/rest/users/sign-in-unlock')?.body).toEqual({
        email: 'gesperrt@example.org',
      }),
    );
    expect(useUiStore.getState().showErrorSnackbar).toBe(false);
  });

  it('redeems the unlock link once and sends the user to the login', async () => {
    const requests = recordRequests();
    serveAuth({});
    renderApp('/authaction?mode=unlockSignIn&token=gut');
    expect(await screen.findByText(UI_MESSAGES.signInUnlocked)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toBeTruthy();
    expect(requests.filter((c) => c.method === 'POST' && c.path === '/rest/users/sign-in-unlock/confirm')).toHaveLength(
      1,
    );
  });

  it('shows the legal gate instead of the page when the texts are not accepted', async () => {
    const unsigned = fakeUser({
      privacyStatementSignedAt: null,
      termsAndConditionsSignedAt: null,
      legalDue: [
        { document: 'PRIVACY', version: '2026-11-26', acceptedVersion: null },
        { document: 'TERMS', version: '2026-11-26', acceptedVersion: null },
      ],
    });
    serveAuth({ 'anna@example.org': unsigned });
    renderApp('/login');
    await signIn('anna@example.org');
    expect(await screen.findByRole('heading', { level: 1, name: 'Datenschutz und Nutzungsbedingungen' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Hauptnavigation' })).toBeNull();
  });

  it('links the demo mailbox when mails are not really sent', async () => {
    serveAuth({});
    renderApp('/login');
    expect((await screen.findByRole('link', { name: 'Demo-Postfach öffnen' })).getAttribute('href')).toBe(
      '/demo/postfach',
    );
  });

  it('has no demo mailbox link outside demo mode (the server answers 404 there)', async () => {
    serveAuth({}, { ...CONFIG, demoMailbox: false });
    const { queryClient } = renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeTruthy();
    // Only once the config has arrived does the missing link mean something.
    await waitFor(() =>
      expect(queryClient.getQueryData(configQueryOptions.queryKey)).toMatchObject({ demoMailbox: false }),
    );
    expect(screen.queryByRole('link', { name: 'Demo-Postfach öffnen' })).toBeNull();
    expect(screen.queryByText(/Demo-Modus/)).toBeNull();
  });
});
