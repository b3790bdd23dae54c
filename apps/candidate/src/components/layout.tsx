import type { ReactNode } from 'react';
import { LEGAL_PAGE_PATHS } from '@matchwerk/shared';
import { hashOf, type Route } from '../lib/routes';
import { useSession } from '../lib/session';
import { useUnreadCount } from '../lib/use-unread';

interface Props {
  title: string;
  route: Route;
  /** A back link instead of the logo (detail screens). */
  back?: Route;
  children: ReactNode;
}

const TABS: { route: Route; label: string; icon: string }[] = [
  { route: { name: 'entdecken' }, label: 'Entdecken', icon: '⌕' },
  { route: { name: 'stapel' }, label: 'Stapel', icon: '▤' },
  { route: { name: 'anfragen' }, label: 'Anfragen', icon: '✓' },
  { route: { name: 'nachrichten' }, label: 'Nachrichten', icon: '✉' },
  { route: { name: 'einstellungen' }, label: 'Ich', icon: '☺' },
];

function isActive(tab: Route, current: Route): boolean {
  return tab.name === current.name || (tab.name === 'nachrichten' && current.name === 'chat');
}

/** Every screen's frame: a skip link, the header with the screen's title, and the tab bar when signed in. */
export function Layout({ title, route, back, children }: Props) {
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const unread = useUnreadCount(signedIn);
  return (
    <div className="frame">
      <a className="skip-link" href="#inhalt" onClick={(event) => skipToContent(event)}>
        Zum Inhalt springen
      </a>
      <header className="topbar">
        {back ? (
          <a className="topbar-back" href={hashOf(back)} aria-label="Zurück">
            ‹
          </a>
        ) : (
          <a className="brand" href="#/entdecken" aria-label="Matchwerk – Entdecken">
            M
          </a>
        )}
        <h1 className="topbar-title">{title}</h1>
        {!signedIn && session.status !== 'loading' && route.name !== 'anmelden' ? (
          <a className="topbar-action" href={hashOf({ name: 'anmelden', next: null })}>
            Anmelden
          </a>
        ) : null}
      </header>
      <main id="inhalt" className="content" tabIndex={-1}>
        {children}
      </main>
      {!signedIn && session.status !== 'loading' ? (
        // The public screens name who runs the app and link its privacy texts (issue 48).
        <footer className="legal-footer">
          <nav aria-label="Rechtliches">
            <a href={LEGAL_PAGE_PATHS.imprint}>Impressum</a>
            <a href={hashOf({ name: 'rechtliches' })}>Datenschutz</a>
          </nav>
        </footer>
      ) : null}
      {signedIn ? (
        <nav className="tabbar" aria-label="Hauptnavigation">
          <ul>
            {TABS.map((tab) => (
              <li key={tab.route.name}>
                <a href={hashOf(tab.route)} aria-current={isActive(tab.route, route) ? 'page' : undefined}>
                  <span aria-hidden="true" className="tab-icon">
                    {tab.icon}
                  </span>
                  <span>{tab.label}</span>
                  {tab.route.name === 'nachrichten' && unread > 0 ? (
                    <span className="badge">
                      {unread}
                      <span className="visually-hidden"> ungelesen</span>
                    </span>
                  ) : null}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

/** The skip link moves focus without changing the hash (the hash is the route). */
function skipToContent(event: { preventDefault(): void }) {
  event.preventDefault();
  document.getElementById('inhalt')?.focus();
}
