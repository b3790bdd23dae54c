import { API_PATHS, type PublicConfig } from '@matchwerk/shared';
import type { ScreenProps } from '../app';
import { useResource } from '../lib/use-resource';

/** Hilfe: what the app does in short, and how to reach a person. */
export default function Help(_props: ScreenProps) {
  const config = useResource<PublicConfig>(API_PATHS.config);
  const email = config.data?.supportEmail;
  return (
    <div className="help">
      <section className="panel">
        <h2>So funktioniert Matchwerk</h2>
        <ol className="steps">
          <li>Stellen in deiner Nähe ansehen – in Entdecken oder im Stapel.</li>
          <li>Bei Stellen, die dir gefallen, auf „Interessiert“ tippen.</li>
          <li>Die Firma sieht dein Profil und sagt zu oder ab.</li>
          <li>Bei einer Zusage schreibt ihr im Chat direkt miteinander.</li>
        </ol>
      </section>
      <section className="panel">
        <h2>Fragen, Probleme, Ideen?</h2>
        <p>
          Schreib uns – wir antworten meist innerhalb von zwei Werktagen:{' '}
          {email ? <a href={`mailto:${email}`}>{email}</a> : 'die Adresse lädt …'}
        </p>
        <p>
          Wenn dir eine Firma oder ein Chat komisch vorkommt, nutze „Melden“. Das Unternehmen erfährt nicht, dass du es
          warst.
        </p>
      </section>
    </div>
  );
}
