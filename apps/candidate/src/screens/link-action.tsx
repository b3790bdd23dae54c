import { API_PATHS } from '@matchwerk/shared';
import { useEffect, useRef, useState } from 'react';
import type { ScreenProps } from '../app';
import { ErrorState, Loading } from '../components/states';
import { api, withQuery } from '../lib/api';
import { authMessage } from '../lib/auth-messages';
import { afterSignIn, hashOf, RETURN_KEY, type LinkAction } from '../lib/routes';
import { loadSession } from '../lib/session';

const DONE: Record<LinkAction, { title: string; text: string }> = {
  bestaetigt: { title: 'E-Mail bestätigt', text: 'Super, du bist jetzt angemeldet. Leg los!' },
  'email-aendern': { title: 'E-Mail-Adresse geändert', text: 'Deine neue E-Mail-Adresse ist bestätigt.' },
  'email-zurueck': {
    title: 'Änderung rückgängig gemacht',
    text: 'Deine alte E-Mail-Adresse gilt wieder. Ändere am besten auch dein Passwort.',
  },
  entsperren: { title: 'Anmeldung entsperrt', text: 'Du kannst dich wieder anmelden.' },
};

function redeem(action: LinkAction, token: string): Promise<unknown> {
  switch (action) {
    case 'bestaetigt':
    case 'email-aendern':
      return api(withQuery(API_PATHS.verifyEmail, { token }));
    case 'email-zurueck':
      return api(API_PATHS.recoverEmail, { method: 'POST', body: { token } });
    case 'entsperren':
      return api(API_PATHS.signInUnlockConfirm, { method: 'POST', body: { token } });
  }
}

/** A mail's one-time link (confirm the address, undo a change, unlock): redeemed once on opening. */
export default function LinkActionScreen({ route }: ScreenProps) {
  const action = route.name === 'link' ? route.action : 'bestaetigt';
  const token = route.name === 'link' ? route.token : '';
  /** Busy, done, or the German message of what went wrong. */
  const [state, setState] = useState<{ status: 'busy' | 'done' } | { status: 'failed'; message: string }>({
    status: 'busy',
  });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) return;
    redeem(action, token)
      .then(() => loadSession())
      .then(() => setState({ status: 'done' }))
      .catch((caught: unknown) => setState({ status: 'failed', message: authMessage(caught) }));
  }, [action, token]);

  if (!token) return <ErrorState message="Der Link ist unvollständig. Öffne ihn bitte nochmal aus der E-Mail." />;
  if (state.status === 'busy') return <Loading label="Link wird geprüft …" />;
  if (state.status === 'failed') return <ErrorState message={state.message} />;
  const { title, text } = DONE[action];
  const back = action === 'bestaetigt' ? localStorage.getItem(RETURN_KEY) : null;
  const backTo = back ? afterSignIn(back) : null;
  return (
    <section className="form" aria-labelledby="link-done">
      <h2 id="link-done">{title}</h2>
      <p>{text}</p>
      {backTo ? (
        <a className="button button-wide" href={hashOf(backTo)} onClick={() => localStorage.removeItem(RETURN_KEY)}>
          Zurück zur Stelle
        </a>
      ) : null}
      {action === 'bestaetigt' ? (
        <>
          <a className="button button-wide" href={hashOf({ name: 'profil' })}>
            Profil ausfüllen
          </a>
          <a className="button button-secondary button-wide" href={hashOf({ name: 'stapel' })}>
            Stellen ansehen
          </a>
        </>
      ) : (
        <a className="button button-wide" href={hashOf({ name: 'anmelden', next: null })}>
          Zur Anmeldung
        </a>
      )}
    </section>
  );
}
