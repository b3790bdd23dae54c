import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES, UI_MESSAGES, type CurrentUser } from '@matchwerk/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configQueryOptions } from '../../../lib/session';
import { useUiStore } from '../../../stores/ui-store';
import { fakeAdmin, fakeUser } from '../../../testing/fake-user';
import { renderApp, stubFetch } from '../../../testing/render-app';

const CONFIG = { supportEmail: 'hilfe@example.org', demoMailbox: true };

/** A tiny fake auth server: `accounts` maps e-mail → the user it signs in as, or an error. */
function fakeServer(
  accounts: Record<string, CurrentUser | { status: number; code: string }>,
  config: typeof CONFIG = CONFIG,
) {
  let signedIn: CurrentUser | null = null;
  return stubFetch((path, body) => {
    if (path === '/rest/config') return { status: 200, body: config };
    if (path === '/rest/auth/get-session') {
      return { status: 200, body: signedIn ? { session: { id: 's1' }, user: { id: signedIn.id } } : null };
    }
    if (path === '/rest/users/current-user') {
      return signedIn
        ? { status: 200, body: signedIn }
        : { status: 401, body: { code: 'UNAUTHENTICATED', message: 'x' } };
    }
    if (path === '/rest/auth/sign-in/email') {
      const { email } = body as { email: string };
      const account = accounts[email];
      if (!account)
        return { status: 401, body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } };
      if ('code' in account) return { status: account.status, body: { code: account.code, message: 'x' } };
      signedIn = account;
      return { status: 200, body: { token: 't' } };
    }
    if (path === '/rest/auth/sign-out') {
      signedIn = null;
      return { status: 200, body: { success: true } };
    }
    if (path === '/rest/organization/resend-signup-confirmation') return { status: 200, body: { ok: true } };
    if (path === '/rest/users/sign-in-unlock') return { status: 200, body: { ok: true } };
    if (path === '/rest/users/sign-in-unlock/confirm') {
      const { token } = body as { token: string };
      return token === 'gut'
        ? { status: 200, body: { ok: true } }
        : { status: 400, body: { code: 'INVALID_TOKEN', message: 'x' } };
    }
    return undefined;
  });
}

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
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Login screen', () => {
  it('shows the provider message next to the form for wrong credentials', async () => {
    vi.stubGlobal('fetch', fakeServer({}).fetchStub);
    renderApp('/login');
    await signIn('wer@example.org');
    expect(await screen.findByText('E-Mail-Adresse oder Passwort ist nicht korrekt.')).toBeTruthy();
    expect(useUiStore.getState().showErrorSnackbar).toBe(false);
  });

  it('sends an admin to Statistik, or to the page they wanted', async () => {
    vi.stubGlobal('fetch', fakeServer({ 'ada@example.org': fakeAdmin() }).fetchStub);
    const { router } = renderApp('/users');
    await waitFor(() => expect(router.state.location.search).toBe('?redirect=%2Fusers'));
    await signIn('ada@example.org');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nutzer' })).toBeTruthy();
  });

  it('sends an organisation user to Mein Unternehmen', async () => {
    vi.stubGlobal('fetch', fakeServer({ 'anna@example.org': fakeUser() }).fetchStub);
    const { router } = renderApp('/login');
    await signIn('anna@example.org');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mein Unternehmen' })).toBeTruthy();
  });

  it('asks for a browser-session cookie unless "Angemeldet bleiben" is ticked', async () => {
    const server = fakeServer({ 'anna@example.org': fakeUser() });
    vi.stubGlobal('fetch', server.fetchStub);
    renderApp('/login');
    await signIn('anna@example.org');
    await waitFor(() => expect(server.calls.some((c) => c.path === '/rest/auth/sign-in/email')).toBe(true));
    expect(server.calls.find((c) => c.path === '/rest/auth/sign-in/email')?.body).toMatchObject({
      email: 'anna@example.org',
      rememberMe: false,
    });
  });

  it('asks for the lasting cookie when "Angemeldet bleiben" is ticked', async () => {
    const server = fakeServer({ 'anna@example.org': fakeUser() });
    vi.stubGlobal('fetch', server.fetchStub);
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Angemeldet bleiben' }));
    await signIn('anna@example.org');
    await waitFor(() => expect(server.calls.some((c) => c.path === '/rest/auth/sign-in/email')).toBe(true));
    expect(server.calls.find((c) => c.path === '/rest/auth/sign-in/email')?.body).toMatchObject({ rememberMe: true });
  });

  it('refuses applicants: signs them out again and explains why', async () => {
    const server = fakeServer({ 'bea@example.org': fakeUser({ type: 'APPLICANT' }) });
    vi.stubGlobal('fetch', server.fetchStub);
    const { router } = renderApp('/login');
    await signIn('bea@example.org');
    expect(await screen.findByText(/Diese Anwendung ist für Arbeitgeber/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(server.calls.some((c) => c.path === '/rest/auth/sign-out')).toBe(true);
  });

  it('asks to confirm the e-mail address and resends the confirmation', async () => {
    const server = fakeServer({ 'neu@example.org': { status: 403, code: 'EMAIL_NOT_VERIFIED' } });
    vi.stubGlobal('fetch', server.fetchStub);
    const { router } = renderApp('/login');
    const user = await signIn('neu@example.org');
    await waitFor(() => expect(router.state.location.search).toBe('?emailVerify=true'));
    await user.click(await screen.findByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }));
    expect(await screen.findByText(/haben wir die Bestätigungs-E-Mail erneut gesendet/)).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/rest/organization/resend-signup-confirmation')?.body).toEqual({
      email: 'neu@example.org',
    });
  });

  it('explains a refusal by the sign-in protection and mails the unlock link on request', async () => {
    const server = fakeServer({ 'gesperrt@example.org': { status: 429, code: 'SIGN_IN_THROTTLED' } });
    vi.stubGlobal('fetch', server.fetchStub);
    const { router } = renderApp('/login');
    const user = await signIn('gesperrt@example.org');
    expect(await screen.findByText(ERROR_MESSAGES.SIGN_IN_THROTTLED)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    await user.click(screen.getByRole('button', { name: 'Entsperr-Link per E-Mail senden' }));
    expect((await screen.findByRole('status')).textContent).toBe(UI_MESSAGES.signInUnlockSent);
    expect(server.calls.find((c) => c.path === '/rest/users/sign-in-unlock')?.body).toEqual({
      email: 'gesperrt@example.org',
    });
    expect(useUiStore.getState().showErrorSnackbar).toBe(false);
  });

  it('redeems the unlock link once and sends the user to the login', async () => {
    const server = fakeServer({});
    vi.stubGlobal('fetch', server.fetchStub);
    renderApp('/authaction?mode=unlockSignIn&token=gut');
    expect(await screen.findByText(UI_MESSAGES.signInUnlocked)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toBeTruthy();
    expect(server.calls.filter((c) => c.path === '/rest/users/sign-in-unlock/confirm')).toHaveLength(1);
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
    vi.stubGlobal('fetch', fakeServer({ 'anna@example.org': unsigned }).fetchStub);
    renderApp('/login');
    await signIn('anna@example.org');
    expect(await screen.findByRole('heading', { level: 1, name: 'Datenschutz und Nutzungsbedingungen' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Hauptnavigation' })).toBeNull();
  });

  it('links the demo mailbox when mails are not really sent', async () => {
    vi.stubGlobal('fetch', fakeServer({}).fetchStub);
    renderApp('/login');
    expect((await screen.findByRole('link', { name: 'Demo-Postfach öffnen' })).getAttribute('href')).toBe(
      '/demo/postfach',
    );
  });

  it('has no demo mailbox link outside demo mode (the server answers 404 there)', async () => {
    const server = fakeServer({}, { ...CONFIG, demoMailbox: false });
    vi.stubGlobal('fetch', server.fetchStub);
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
