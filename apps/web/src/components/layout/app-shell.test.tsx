/** When the app shell mounts its sidebar: beside the screen at once, on a phone later (ADR 0077). */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { useUiStore } from '../../stores/ui-store';
import { fakeUser } from '../../testing/fake-user';
import { AppShell, PHONE_MENU_DELAY_MS } from './app-shell';
import type { SidebarProps } from './sidebar';

function FakeSidebar({ open, mobile }: Omit<SidebarProps, 'badges'>) {
  return <nav aria-label="Hauptnavigation">{mobile ? (open ? 'Menü offen' : 'Menü zu') : 'Seitenleiste'}</nav>;
}

function renderShell(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  useUiStore.setState({ mobileView: width < 1000, showMobileNav: false });
  render(
    <AppShell navigationUser={fakeUser()} activeRoute="Vacancies" onLogout={vi.fn()} sidebar={FakeSidebar}>
      <h1>Stellenangebote</h1>
    </AppShell>,
  );
}

const sidebar = () => screen.queryByRole('navigation', { name: 'Hauptnavigation' });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
});

describe('the app shell’s sidebar', () => {
  it('shows beside the screen at once on a wide window', () => {
    renderShell(1280);
    expect(sidebar()?.textContent).toBe('Seitenleiste');
  });

  it('on a phone, mounts the closed menu only after the first screen had its time', () => {
    renderShell(375);
    expect(screen.getByRole('heading', { name: 'Stellenangebote' })).toBeTruthy();
    expect(sidebar()).toBeNull();
    act(() => {
      vi.advanceTimersByTime(PHONE_MENU_DELAY_MS - 1);
    });
    expect(sidebar()).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(sidebar()?.textContent).toBe('Menü zu');
  });

  it('on a phone, mounts the menu at once when it is opened early', async () => {
    renderShell(375);
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole('button', { name: 'Navigation öffnen' }));
    expect(sidebar()?.textContent).toBe('Menü offen');
  });
});
