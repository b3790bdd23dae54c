import { API_PATHS, PASSWORD_MIN_LENGTH } from '@matchwerk/shared';
import { useState, type FormEvent } from 'react';
import type { ScreenProps } from '../app';
import { Field } from '../components/field';
import { api, messageOf } from '../lib/api';
import { disablePush } from '../lib/push';
import { hashOf, navigate } from '../lib/routes';
import { showsConsentSection } from '../lib/consent';
import { currentUser, forgetUser, signOut, useSession } from '../lib/session';
import { NotificationSettings } from './notification-settings';
import { ParentalConsentSettings } from './parental-consent-settings';

/**
 * Einstellungen: the parents' consent (under 16), notifications, password, sign out, own data,
 * delete the account, legal texts.
 */
export default function Settings(_props: ScreenProps) {
  const session = useSession();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [passwordMessage, setPasswordMessage] = useState<string | null>(null);
  const [deletePassword, setDeletePassword] = useState('');
  const [deleteMessage, setDeleteMessage] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const changePassword = async (event: FormEvent) => {
    event.preventDefault();
    if (next.length < PASSWORD_MIN_LENGTH) {
      setPasswordMessage(`Dein neues Passwort braucht mindestens ${PASSWORD_MIN_LENGTH} Zeichen.`);
      return;
    }
    try {
      await api(API_PATHS.applicantPassword, { method: 'POST', body: { currentPassword: current, newPassword: next } });
      setCurrent('');
      setNext('');
      setPasswordMessage('Dein Passwort ist geändert. Auf deinen anderen Geräten bist du jetzt abgemeldet.');
    } catch (caught) {
      setPasswordMessage(messageOf(caught));
    }
  };

  const leave = async () => {
    await disablePush().catch(() => undefined);
    await signOut().catch(() => undefined);
    navigate({ name: 'entdecken' });
  };

  const deleteAccount = async (event: FormEvent) => {
    event.preventDefault();
    if (!window.confirm('Dein Konto und alle deine Daten werden endgültig gelöscht. Wirklich löschen?')) return;
    const user = currentUser();
    try {
      await disablePush().catch(() => undefined);
      await api(API_PATHS.applicantAccount, { method: 'DELETE', body: { currentPassword: deletePassword } });
      if (user) await forgetUser(user.id);
      await signOut().catch(() => undefined);
      navigate({ name: 'entdecken' });
    } catch (caught) {
      setDeleteMessage(messageOf(caught));
    }
  };

  return (
    <div className="settings">
      {session.status === 'signed-in' && showsConsentSection(session.consent) ? <ParentalConsentSettings /> : null}
      <NotificationSettings />

      <section aria-labelledby="profile-heading" className="panel">
        <h2 id="profile-heading">Profil</h2>
        <a className="button button-secondary" href={hashOf({ name: 'profil' })}>
          Mein Profil bearbeiten
        </a>
      </section>

      <section aria-labelledby="password-heading" className="panel">
        <h2 id="password-heading">Passwort ändern</h2>
        <form onSubmit={(event) => void changePassword(event)} noValidate>
          <Field
            label="Aktuelles Passwort"
            type="password"
            autoComplete="current-password"
            value={current}
            onInput={(event) => setCurrent(event.currentTarget.value)}
          />
          <Field
            label="Neues Passwort"
            type="password"
            autoComplete="new-password"
            hint={`Mindestens ${PASSWORD_MIN_LENGTH} Zeichen.`}
            value={next}
            onInput={(event) => setNext(event.currentTarget.value)}
          />
          {passwordMessage ? <p role="status">{passwordMessage}</p> : null}
          <button type="submit" className="button">
            Passwort ändern
          </button>
        </form>
      </section>

      <section aria-labelledby="data-heading" className="panel">
        <h2 id="data-heading">Deine Daten</h2>
        <p>Lade alles herunter, was Matchwerk über dich gespeichert hat (ZIP-Datei mit deinen Fotos).</p>
        <a className="button button-secondary" href={API_PATHS.applicantExport} download>
          Meine Daten herunterladen
        </a>
      </section>

      <section aria-labelledby="more-heading" className="panel">
        <h2 id="more-heading">Mehr</h2>
        <ul className="link-list">
          <li>
            <a href={hashOf({ name: 'installieren' })}>App auf dem Handy installieren</a>
          </li>
          <li>
            <a href={hashOf({ name: 'rechtliches' })}>Datenschutz und Nutzungsbedingungen</a>
          </li>
          <li>
            <a href={hashOf({ name: 'hilfe' })}>Hilfe und Feedback</a>
          </li>
        </ul>
        <button type="button" className="button button-wide" onClick={() => void leave()}>
          Abmelden
        </button>
      </section>

      <section aria-labelledby="delete-heading" className="panel panel-danger">
        <h2 id="delete-heading">Konto löschen</h2>
        {deleting ? (
          <form onSubmit={(event) => void deleteAccount(event)} noValidate>
            <p>Dein Profil, deine Anfragen und Chats werden endgültig gelöscht. Das geht nicht rückgängig.</p>
            <Field
              label="Dein Passwort zur Bestätigung"
              type="password"
              autoComplete="current-password"
              value={deletePassword}
              onInput={(event) => setDeletePassword(event.currentTarget.value)}
              error={deleteMessage}
            />
            <div className="row">
              <button type="submit" className="button button-danger">
                Endgültig löschen
              </button>
              <button type="button" className="button button-secondary" onClick={() => setDeleting(false)}>
                Abbrechen
              </button>
            </div>
          </form>
        ) : (
          <button type="button" className="button button-secondary" onClick={() => setDeleting(true)}>
            Konto löschen …
          </button>
        )}
      </section>
    </div>
  );
}
