import { useState, type FormEvent } from 'react';
import type { ScreenProps } from '../app';
import { Field } from '../components/field';
import { authMessage } from '../lib/auth-messages';
import { afterSignIn, hashOf, navigate, type Route } from '../lib/routes';
import { signIn } from '../lib/session';

export default function SignIn({ route }: ScreenProps) {
  const next = route.name === 'anmelden' ? route.next : null;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email || !password) {
      setError('Bitte gib deine E-Mail-Adresse und dein Passwort ein.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signIn(email.trim(), password);
      navigate(afterSignIn(next));
    } catch (caught) {
      setError(authMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const signUp: Route = { name: 'registrieren', next };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <p>Melde dich an, um Interesse zu zeigen und mit Firmen zu schreiben.</p>
      <Field
        label="E-Mail-Adresse"
        type="email"
        autoComplete="email"
        value={email}
        onInput={(event) => setEmail(event.currentTarget.value)}
      />
      <Field
        label="Passwort"
        type="password"
        autoComplete="current-password"
        value={password}
        onInput={(event) => setPassword(event.currentTarget.value)}
      />
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button-wide" disabled={busy}>
        {busy ? 'Anmelden …' : 'Anmelden'}
      </button>
      <p>
        Noch kein Konto? <a href={hashOf(signUp)}>Jetzt kostenlos registrieren</a>
      </p>
    </form>
  );
}
