import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Layout } from './components/layout';
import { Loading } from './components/states';
import { hashOf, navigate, needsSignIn, parseHash, signInFor, type Route, type RouteName } from './lib/routes';
import { useSession } from './lib/session';
import { Discover } from './screens/discover';

export interface ScreenProps<R extends Route = Route> {
  route: R;
}

/** Every screen but the first (Entdecken) loads when it is opened: the first screen stays small. */
const SCREENS: Partial<Record<RouteName, ComponentType<ScreenProps>>> = {
  anmelden: lazy(() => import('./screens/sign-in')),
  registrieren: lazy(() => import('./screens/sign-up')),
  link: lazy(() => import('./screens/link-action')),
  passwort: lazy(() => import('./screens/reset-password')),
  stapel: lazy(() => import('./screens/deck')),
  stelle: lazy(() => import('./screens/posting')),
  anfragen: lazy(() => import('./screens/requests')),
  nachrichten: lazy(() => import('./screens/chats')),
  chat: lazy(() => import('./screens/chat')),
  profil: lazy(() => import('./screens/profile')),
  einstellungen: lazy(() => import('./screens/settings')),
  rechtliches: lazy(() => import('./screens/legal')),
  hilfe: lazy(() => import('./screens/help')),
  installieren: lazy(() => import('./screens/install')),
};

const TITLES: Record<RouteName, string> = {
  entdecken: 'Entdecken',
  anmelden: 'Anmelden',
  registrieren: 'Registrieren',
  link: 'Einen Moment',
  passwort: 'Neues Passwort',
  stapel: 'Dein Stapel',
  stelle: 'Stelle',
  anfragen: 'Meine Anfragen',
  nachrichten: 'Nachrichten',
  chat: 'Chat',
  profil: 'Mein Profil',
  einstellungen: 'Einstellungen',
  rechtliches: 'Datenschutz und Bedingungen',
  hilfe: 'Hilfe und Feedback',
  installieren: 'App installieren',
  'nicht-gefunden': 'Seite nicht gefunden',
};

function useHashRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(window.location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseHash(window.location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

function backOf(route: Route): Route | undefined {
  if (route.name === 'chat') return { name: 'nachrichten' };
  if (route.name === 'stelle') return { name: 'entdecken' };
  return undefined;
}

export function App() {
  const route = useHashRoute();
  const session = useSession();
  const guarded = needsSignIn(route) && session.status === 'signed-out';

  useEffect(() => {
    if (guarded) navigate(signInFor(route));
  }, [guarded, route]);

  // Each screen change announces its title (screen readers) and starts at the top.
  useEffect(() => {
    document.title = `${TITLES[route.name]} – Matchwerk`;
    window.scrollTo(0, 0);
  }, [route]);

  const Screen = SCREENS[route.name];
  return (
    <Layout title={TITLES[route.name]} route={route} {...(backOf(route) ? { back: backOf(route) } : {})}>
      {route.name === 'entdecken' ? (
        <Discover route={route} />
      ) : route.name === 'nicht-gefunden' ? (
        <p>
          Diese Seite gibt es nicht. <a href={hashOf({ name: 'entdecken' })}>Zu den Stellen</a>
        </p>
      ) : guarded || (needsSignIn(route) && session.status === 'loading') ? (
        <Loading />
      ) : Screen ? (
        <Suspense fallback={<Loading />}>
          <Screen key={hashOf(route)} route={route} />
        </Suspense>
      ) : null}
    </Layout>
  );
}
