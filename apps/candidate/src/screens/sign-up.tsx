import {
  ageOn,
  API_PATHS,
  CURRENT_CANDIDATE_LEGAL_VERSIONS,
  PARENTAL_CONSENT_AGE,
  PASSWORD_MIN_LENGTH,
  REGION_OPTIONS,
  type Region,
} from '@matchwerk/shared';
import { useState, type FormEvent } from 'react';
import type { ScreenProps } from '../app';
import { Field } from '../components/field';
import { api, ApiError } from '../lib/api';
import { authMessage } from '../lib/auth-messages';
import { hashOf, RETURN_KEY } from '../lib/routes';

interface Form {
  names: string;
  familyNames: string;
  email: string;
  password: string;
  dateOfBirth: string;
  zipCode: string;
  region: Region;
  parentEmail: string;
  legal: boolean;
}

const EMPTY: Form = {
  names: '',
  familyNames: '',
  email: '',
  password: '',
  dateOfBirth: '',
  zipCode: '',
  region: 'SINDELFINGEN',
  parentEmail: '',
  legal: false,
};

function today(): string {
  return new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
}

/** Field errors checked before sending (the API checks everything again and answers in German). */
function problems(form: Form, underSixteen: boolean): Partial<Record<keyof Form, string>> {
  const found: Partial<Record<keyof Form, string>> = {};
  if (!form.names.trim()) found.names = 'Bitte gib deinen Vornamen an.';
  if (!form.familyNames.trim()) found.familyNames = 'Bitte gib deinen Nachnamen an.';
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(form.email.trim())) found.email = 'Bitte gib eine gültige E-Mail-Adresse an.';
  if (form.password.length < PASSWORD_MIN_LENGTH)
    found.password = `Dein Passwort braucht mindestens ${PASSWORD_MIN_LENGTH} Zeichen.`;
  if (!form.dateOfBirth) found.dateOfBirth = 'Bitte gib dein Geburtsdatum an.';
  if (form.zipCode && !/^[0-9]{5}$/.test(form.zipCode)) found.zipCode = 'Eine Postleitzahl hat fünf Ziffern.';
  if (underSixteen && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(form.parentEmail.trim()))
    found.parentEmail = 'Bitte gib die E-Mail-Adresse eines Elternteils an.';
  if (!form.legal) found.legal = 'Bitte stimme dem Datenschutz und den Nutzungsbedingungen zu.';
  return found;
}

export default function SignUp({ route }: ScreenProps) {
  const next = route.name === 'registrieren' ? route.next : null;
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const age = form.dateOfBirth ? ageOn(form.dateOfBirth, today()) : null;
  const underSixteen = age !== null && age < PARENTAL_CONSENT_AGE;
  const set = (key: keyof Form) => (event: { currentTarget: { value: string } }) =>
    setForm((previous) => ({ ...previous, [key]: event.currentTarget.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problems(form, underSixteen);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setError('Bitte prüfe die markierten Felder.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api(API_PATHS.applicantSignup, {
        method: 'POST',
        body: {
          email: form.email.trim(),
          password: form.password,
          names: [form.names.trim()],
          familyNames: [form.familyNames.trim()],
          region: form.region,
          dateOfBirth: form.dateOfBirth,
          ...(underSixteen ? { parentEmail: form.parentEmail.trim() } : {}),
          acceptedLegalVersions: CURRENT_CANDIDATE_LEGAL_VERSIONS,
          termsAndConditionsChecked: true,
        },
      });
      if (form.zipCode) localStorage.setItem('matchwerk.plz', form.zipCode);
      // The confirmation link opens the app signed in; from there it leads back to this posting.
      if (next) localStorage.setItem(RETURN_KEY, next);
      setDone(true);
    } catch (caught) {
      if (caught instanceof ApiError && Object.keys(caught.fieldErrors).length > 0) {
        setErrors(caught.fieldErrors);
        setError(caught.message);
      } else setError(authMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <section className="form" aria-labelledby="done-heading">
        <h2 id="done-heading">Fast geschafft!</h2>
        <p>
          Wir haben dir eine E-Mail an <strong>{form.email}</strong> geschickt. Klick auf den Link darin – dann bist du
          angemeldet.
        </p>
        {underSixteen ? (
          <div className="notice">
            <h3>Was passiert jetzt mit deinen Eltern?</h3>
            <p>
              Du bist jünger als {PARENTAL_CONSENT_AGE}. Deshalb bekommen deine Eltern eine E-Mail an{' '}
              <strong>{form.parentEmail}</strong>. Darin steht, was Matchwerk ist und welche Daten wir speichern.
            </p>
            <p>
              Bis deine Eltern zustimmen, kannst du schon Stellen ansehen. Interesse zeigen und mit Firmen schreiben
              geht erst danach.
            </p>
          </div>
        ) : null}
        <p>Keine Mail bekommen? Schau auch im Spam-Ordner nach.</p>
        <a className="button button-wide" href={hashOf({ name: 'anmelden', next })}>
          Zur Anmeldung
        </a>
      </section>
    );

  return (
    <form className="form" onSubmit={submit} noValidate>
      <p>Dein Konto ist kostenlos. Firmen sehen nur, was du ihnen zeigst.</p>
      <Field label="Vorname" autoComplete="given-name" value={form.names} onInput={set('names')} error={errors.names} />
      <Field
        label="Nachname"
        autoComplete="family-name"
        value={form.familyNames}
        onInput={set('familyNames')}
        error={errors.familyNames}
      />
      <Field
        label="E-Mail-Adresse"
        type="email"
        autoComplete="email"
        value={form.email}
        onInput={set('email')}
        error={errors.email}
      />
      <Field
        label="Passwort"
        type="password"
        autoComplete="new-password"
        hint={`Mindestens ${PASSWORD_MIN_LENGTH} Zeichen.`}
        value={form.password}
        onInput={set('password')}
        error={errors.password}
      />
      <Field
        label="Geburtsdatum"
        type="date"
        autoComplete="bday"
        hint="Firmen sehen nur dein Alter, nie dein Geburtsdatum."
        value={form.dateOfBirth}
        onInput={set('dateOfBirth')}
        error={errors.dateOfBirth}
      />
      {underSixteen ? (
        <div className="notice">
          <p>
            Du bist jünger als {PARENTAL_CONSENT_AGE}. Deine Eltern müssen zustimmen. Sie bekommen dafür eine E-Mail von
            uns.
          </p>
          <Field
            label="E-Mail-Adresse deiner Eltern"
            type="email"
            value={form.parentEmail}
            onInput={set('parentEmail')}
            error={errors.parentEmail}
          />
        </div>
      ) : null}
      <Field
        label="Postleitzahl (freiwillig)"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        hint="Damit zeigen wir dir Stellen in deiner Nähe."
        value={form.zipCode}
        onInput={set('zipCode')}
        error={errors.zipCode}
      />
      <div className="field">
        <label htmlFor="signup-region">Region</label>
        <select id="signup-region" value={form.region} onChange={set('region')}>
          {REGION_OPTIONS.map(({ value: region, label }) => (
            <option key={region} value={region}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="field field-check">
        <input
          id="signup-legal"
          type="checkbox"
          checked={form.legal}
          aria-invalid={errors.legal ? true : undefined}
          aria-describedby={errors.legal ? 'signup-legal-error' : undefined}
          onChange={(event) => setForm({ ...form, legal: event.currentTarget.checked })}
        />
        <label htmlFor="signup-legal">
          Ich habe <a href={hashOf({ name: 'rechtliches' })}>Datenschutz und Nutzungsbedingungen</a> gelesen und stimme
          zu.
        </label>
        {errors.legal ? (
          <p id="signup-legal-error" className="field-error">
            {errors.legal}
          </p>
        ) : null}
      </div>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button-wide" disabled={busy}>
        {busy ? 'Wird gesendet …' : 'Konto anlegen'}
      </button>
      <p>
        Schon registriert? <a href={hashOf({ name: 'anmelden', next })}>Anmelden</a>
      </p>
    </form>
  );
}
