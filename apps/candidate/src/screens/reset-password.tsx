import { API_PATHS, PASSWORD_MIN_LENGTH } from '@matchwerk/shared';
import { useState, type FormEvent } from 'react';
import type { ScreenProps } from '../app';
import { Field } from '../components/field';
import { api } from '../lib/api';
import { authMessage } from '../lib/auth-messages';
import { hashOf } from '../lib/routes';

/** The reset mail's link: choose a new password. */
export default function ResetPassword({ route }: ScreenProps) {
  const token = route.name === 'passwort' ? route.token : '';
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) {
      setError(`Dein Passwort braucht mindestens ${PASSWORD_MIN_LENGTH} Zeichen.`);
      return;
    }
    setBusy(true);
    try {
      await api(API_PATHS.resetPassword, { method: 'POST', body: { newPassword: password, token } });
      setDone(true);
    } catch (caught) {
      setError(authMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <section className="form">
        <p role="status">Dein neues Passwort ist gespeichert.</p>
        <a className="button button-wide" href={hashOf({ name: 'anmelden', next: null })}>
          Jetzt anmelden
        </a>
      </section>
    );
  return (
    <form className="form" onSubmit={submit} noValidate>
      <Field
        label="Neues Passwort"
        type="password"
        autoComplete="new-password"
        hint={`Mindestens ${PASSWORD_MIN_LENGTH} Zeichen.`}
        value={password}
        onInput={(event) => setPassword(event.currentTarget.value)}
        error={error}
      />
      <button type="submit" className="button button-wide" disabled={busy || !token}>
        Passwort speichern
      </button>
    </form>
  );
}
