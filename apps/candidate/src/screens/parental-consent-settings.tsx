import { API_PATHS, type ParentalConsent } from '@matchwerk/shared';
import { useState, type FormEvent } from 'react';
import { Field } from '../components/field';
import { ErrorState, Loading } from '../components/states';
import { api, ApiError, messageOf } from '../lib/api';
import { consentStatusText, mayResend } from '../lib/consent';
import { refreshConsent } from '../lib/session';
import { useResource } from '../lib/use-resource';

type Outcome = { kind: 'sent'; text: string } | { kind: 'error'; text: string; field: string | null } | null;

/**
 * "Zustimmung deiner Eltern" (ADR 0097): the state in words, the parent's address, the mail
 * again, also to another address. Only for candidates under 16 (settings.tsx decides).
 */
export function ParentalConsentSettings() {
  const consent = useResource<ParentalConsent>(API_PATHS.applicantParentalConsent);
  const [changing, setChanging] = useState(false);
  const [address, setAddress] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const resend = async (parentEmail: string) => {
    setBusy(true);
    setOutcome(null);
    try {
      await api<ParentalConsent>(API_PATHS.applicantParentalConsent, { method: 'POST', body: { parentEmail } });
      setOutcome({
        kind: 'sent',
        text: `Wir haben die E-Mail an ${parentEmail} geschickt. Sag deinen Eltern Bescheid, dass sie nachschauen – auch im Spam-Ordner.`,
      });
      setChanging(false);
      setAddress('');
      await consent.reload();
      await refreshConsent();
    } catch (caught) {
      const field = caught instanceof ApiError ? (caught.fieldErrors.parentEmail ?? null) : null;
      setOutcome({ kind: 'error', text: field ?? messageOf(caught), field });
    } finally {
      setBusy(false);
    }
  };

  const sendToNew = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = address.trim();
    if (!trimmed) {
      setOutcome({
        kind: 'error',
        text: 'Bitte gib die E-Mail-Adresse eines Elternteils an.',
        field: 'Bitte gib die E-Mail-Adresse eines Elternteils an.',
      });
      return;
    }
    void resend(trimmed);
  };

  const data = consent.data;
  return (
    <section aria-labelledby="consent-heading" className="panel">
      <h2 id="consent-heading">Zustimmung deiner Eltern</h2>
      {consent.status === 'loading' ? <Loading /> : null}
      {consent.status === 'error' && !data ? (
        <ErrorState message={consent.error} onRetry={() => void consent.reload()} />
      ) : null}
      {data ? (
        <>
          <p>{consentStatusText(data)}</p>
          {data.parentEmail ? (
            <p>
              E-Mail-Adresse deiner Eltern: <strong className="break-word">{data.parentEmail}</strong>
            </p>
          ) : null}
          {data.status === 'PENDING' ? (
            <p className="muted">
              Deine Eltern klicken in der E-Mail auf den Link und stimmen zu. Danach kannst du Interesse zeigen und
              chatten.
            </p>
          ) : null}
          {mayResend(data.status) ? (
            <>
              {data.parentEmail && !changing ? (
                <div className="row">
                  <button
                    type="button"
                    className="button"
                    disabled={busy}
                    onClick={() => data.parentEmail && void resend(data.parentEmail)}
                  >
                    E-Mail nochmal senden
                  </button>
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => {
                      setChanging(true);
                      setOutcome(null);
                    }}
                  >
                    Andere Adresse angeben
                  </button>
                </div>
              ) : (
                <form onSubmit={sendToNew} noValidate>
                  <Field
                    label="Neue E-Mail-Adresse deiner Eltern"
                    type="email"
                    autoComplete="off"
                    hint="Nicht deine eigene. Der alte Link in der ersten E-Mail gilt dann nicht mehr."
                    value={address}
                    onInput={(event) => setAddress(event.currentTarget.value)}
                    error={outcome?.kind === 'error' ? outcome.field : null}
                  />
                  <div className="row">
                    <button type="submit" className="button" disabled={busy}>
                      An diese Adresse senden
                    </button>
                    {data.parentEmail ? (
                      <button
                        type="button"
                        className="button button-secondary"
                        onClick={() => {
                          setChanging(false);
                          setOutcome(null);
                        }}
                      >
                        Abbrechen
                      </button>
                    ) : null}
                  </div>
                </form>
              )}
            </>
          ) : null}
          {outcome?.kind === 'sent' ? (
            <p className="notice break-word" role="status">
              {outcome.text}
            </p>
          ) : null}
          {outcome?.kind === 'error' && !outcome.field ? (
            <p className="form-error" role="alert">
              {outcome.text}
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
