import { ThemeProvider } from '@mui/material/styles';
import { render, screen, within } from '@testing-library/react';
import type { CurrentUser, RouteName } from '@matchwerk/shared';
import { MemoryRouter } from '../../testing/memory-router';
import { describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { fakeAdmin, fakePartner, fakeUser } from '../../testing/fake-user';
import { createAppTheme } from '../../theme/theme';
import { THEME_VARIANTS } from '../../theme/theme-variant';
import { Sidebar } from './sidebar';

function renderSidebar(
  user: CurrentUser,
  {
    activeRoute,
    mobile = false,
    badges,
  }: {
    activeRoute?: RouteName;
    mobile?: boolean;
    badges?: { candidates: number; chats: number; organizations?: number };
  } = {},
) {
  const onLogout = vi.fn();
  render(
    <ThemeProvider theme={createAppTheme(THEME_VARIANTS.default)}>
      <MemoryRouter>
        <Sidebar
          user={user}
          activeRoute={activeRoute}
          mobile={mobile}
          open
          onClose={vi.fn()}
          onLogout={onLogout}
          badges={badges}
        />
      </MemoryRouter>
    </ThemeProvider>,
  );
  const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
  const labels = within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
  return { nav, labels, onLogout };
}

describe('Sidebar', () => {
  it('shows new matchings and unread messages as badges whose numbers are part of the link names', () => {
    const { nav } = renderSidebar(fakeUser(), { badges: { candidates: 3, chats: 2 } });
    const candidates = within(nav).getByRole('link', { name: 'Anfragen, 3 neu' });
    const chats = within(nav).getByRole('link', { name: 'Nachrichten, 2 ungelesen' });
    expect(within(candidates).getByTestId('badge-candidates').textContent).toBe('3');
    expect(within(chats).getByTestId('badge-chats').textContent).toBe('2');
    // The visual badge is not read twice.
    expect(within(candidates).getByTestId('badge-candidates').getAttribute('aria-hidden')).toBe('true');
  });

  it('shows partners the companies waiting for release on Unternehmen (issue 48 item 3)', () => {
    const { nav } = renderSidebar(fakePartner('SINDELFINGEN'), {
      badges: { candidates: 0, chats: 0, organizations: 2 },
    });
    const organizations = within(nav).getByRole('link', { name: 'Unternehmen, 2 warten auf Freischaltung' });
    expect(within(organizations).getByTestId('badge-organizations').textContent).toBe('2');
  });

  it('shows no badge and the plain names when nothing is new', () => {
    const { nav } = renderSidebar(fakeUser(), { badges: { candidates: 0, chats: 0 } });
    expect(within(nav).getByRole('link', { name: 'Anfragen' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Nachrichten' })).toBeTruthy();
    expect(within(nav).queryByTestId('badge-candidates')).toBeNull();
    expect(within(nav).queryByTestId('badge-chats')).toBeNull();
  });

  it('caps a large badge at 99+ but names the exact number', () => {
    const { nav } = renderSidebar(fakeUser(), { badges: { candidates: 120, chats: 0 } });
    const link = within(nav).getByRole('link', { name: 'Anfragen, 120 neu' });
    expect(within(link).getByTestId('badge-candidates').textContent).toBe('99+');
  });

  it('shows an admin everything of spec §6 except the organisation-only areas', () => {
    const { nav, labels } = renderSidebar(fakeAdmin());
    expect(labels).toEqual([
      'Statistik',
      'Stellenanzeigen',
      'Unternehmen',
      'Nutzer',
      'Bestellungen',
      'Meldungen',
      'Verwaltung',
      'Einstellungen & Rechtliches',
    ]);
    expect(labels).not.toContain('Anfragen');
    expect(within(nav).getByRole('button', { name: 'Abmelden' })).toBeTruthy();
  });

  it('shows an organisation user its own areas in the spec order', () => {
    const { labels } = renderSidebar(fakeUser());
    expect(labels).toEqual([
      'Stellenanzeigen',
      'Anfragen',
      'Nachrichten',
      'Mein Unternehmen',
      'Einstellungen & Rechtliches',
    ]);
  });

  it('hides Bestellungen and Schüler from a partner outside Sindelfingen', () => {
    const { labels } = renderSidebar(fakePartner('LICHTENFELS'));
    expect(labels).not.toContain('Bestellungen');
    expect(labels).not.toContain('Schüler');
    expect(labels).toContain('Unternehmen');
    // Safeguarding reports of their regions (ADR 0101).
    expect(labels).toContain('Meldungen');
  });

  it('shows Bestellungen and Schüler to a Sindelfingen partner', () => {
    const { labels } = renderSidebar(fakePartner('SINDELFINGEN'));
    expect(labels).toEqual(expect.arrayContaining(['Bestellungen', 'Schüler']));
  });

  it('marks the entry of the current route, also on its sub-routes', () => {
    const { nav } = renderSidebar(fakeUser(), { activeRoute: 'Chat' });
    expect(within(nav).getByRole('link', { name: 'Nachrichten' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Stellenanzeigen' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows the partner wordmarks of the user region', () => {
    renderSidebar(fakePartner('ATTENDORN'));
    expect(screen.getAllByRole('img', { name: /^Partner: / })).toHaveLength(3);
  });

  it('shows the signed-in user and organisation', () => {
    const { nav } = renderSidebar(fakeUser());
    expect(within(nav).getByText('Anna Beispiel')).toBeTruthy();
    expect(within(nav).getByText('Beispiel GmbH')).toBeTruthy();
  });
});
