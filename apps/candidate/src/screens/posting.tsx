import {
  API_PATHS,
  BENEFIT_LABELS,
  INTEREST_NOTE_MAX_LENGTH,
  POSTING_TYPE_LABELS,
  type PublicVacancy,
} from '@matchwerk/shared';
import { useState, type FormEvent } from 'react';
import type { ScreenProps } from '../app';
import { ConsentNotice, useConsentBlock } from '../components/consent-notice';
import { ReportForm } from '../components/report-form';
import { ErrorState, Loading } from '../components/states';
import { api, ApiError, messageOf, pathOf } from '../lib/api';
import { payText, startText } from '../lib/format';
import { hashOf } from '../lib/routes';
import { textBlocks } from '../lib/rich-text';
import { refreshConsent, useSession } from '../lib/session';
import { useResource } from '../lib/use-resource';

type Posting = PublicVacancy & { minAge?: number };

function RichText({ html }: { html: string | null }) {
  return (
    <>
      {textBlocks(html).map((block, index) =>
        block.kind === 'h' ? (
          <h3 key={index}>{block.text}</h3>
        ) : block.kind === 'li' ? (
          <p key={index} className="bullet">
            {block.text}
          </p>
        ) : (
          <p key={index}>{block.text}</p>
        ),
      )}
    </>
  );
}

/** Stelle: every public detail of a posting, "Interesse zeigen" with an optional note, "Melden". */
export default function PostingScreen({ route }: ScreenProps) {
  const id = route.name === 'stelle' ? route.id : '';
  const posting = useResource<Posting>(pathOf(API_PATHS.publicVacancy, { id }));
  const session = useSession();
  const [note, setNote] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reporting, setReporting] = useState(false);
  const consent = useConsentBlock('INTEREST');

  if (posting.status === 'loading') return <Loading />;
  if (!posting.data) return <ErrorState message={posting.error ?? ''} onRetry={() => void posting.reload()} />;
  const data = posting.data;

  const showInterest = async (event: FormEvent) => {
    event.preventDefault();
    if (consent.blocked) return;
    setBusy(true);
    setError(null);
    try {
      await api(API_PATHS.applicantMatchings, {
        method: 'POST',
        body: { vacancyId: data.id, ...(note.trim() ? { note: note.trim() } : {}) },
      });
      setSent(`Super! ${data.organization.name} sieht jetzt dein Interesse und meldet sich bei dir.`);
    } catch (caught) {
      setError(messageOf(caught));
      // The server's 403 stays the rule: a parent may have revoked meanwhile.
      if (caught instanceof ApiError && caught.code === 'PARENTAL_CONSENT_REQUIRED') void refreshConsent();
    } finally {
      setBusy(false);
    }
  };

  const start = startText(data.start ?? data.startOfTraining);
  const pay = payText(data.compensation.salaryPerTrainingYear);
  const photo = data.photos[0];
  return (
    <article className="posting">
      {photo ? (
        <img className="posting-image" src={photo.url} alt="" width={photo.width} height={photo.height} />
      ) : null}
      <p className="card-type">{POSTING_TYPE_LABELS[data.type]}</p>
      <h2 className="posting-title">{data.title}</h2>
      <p className="card-company">{data.organization.name}</p>
      <ul className="facts">
        <li>
          <strong>Ort:</strong> {data.location.zipCode} {data.location.city}
        </li>
        {data.trainingOccupationName ? (
          <li>
            <strong>Beruf:</strong> {data.trainingOccupationName}
          </li>
        ) : null}
        {start ? (
          <li>
            <strong>Beginn:</strong> {start}
          </li>
        ) : null}
        {data.duration ? (
          <li>
            <strong>Dauer:</strong> {data.duration}
          </li>
        ) : null}
        {pay ? (
          <li>
            <strong>Vergütung:</strong> {pay}
          </li>
        ) : null}
        {data.minAge ? (
          <li>
            <strong>Mindestalter:</strong> ab {data.minAge} Jahren
          </li>
        ) : null}
      </ul>

      <section className="interest" aria-labelledby="interest-heading">
        <h3 id="interest-heading" className="visually-hidden">
          Interesse zeigen
        </h3>
        {sent ? (
          <p className="notice" role="status">
            {sent} <a href={hashOf({ name: 'anfragen' })}>Zu meinen Anfragen</a>
          </p>
        ) : session.status === 'signed-in' && consent.blocked ? (
          <>
            <ConsentNotice message={consent.message} />
            <button type="button" className="button button-wide" disabled aria-describedby={consent.describedBy}>
              Interesse zeigen
            </button>
          </>
        ) : session.status === 'signed-in' ? (
          <form onSubmit={showInterest} noValidate>
            <div className="field">
              <label htmlFor="interest-note">Kurze Nachricht an die Firma (freiwillig)</label>
              <textarea
                id="interest-note"
                rows={3}
                maxLength={INTEREST_NOTE_MAX_LENGTH}
                value={note}
                onInput={(event) => setNote(event.currentTarget.value)}
              />
              <p className="field-hint">
                {note.length} von {INTEREST_NOTE_MAX_LENGTH} Zeichen
              </p>
            </div>
            {error ? (
              <p className="form-error" role="alert">
                {error}
              </p>
            ) : null}
            <button type="submit" className="button button-wide" disabled={busy}>
              Interesse zeigen
            </button>
          </form>
        ) : (
          <>
            <a
              className="button button-wide"
              href={hashOf({ name: 'registrieren', next: hashOf({ name: 'stelle', id: data.id }).slice(1) })}
            >
              Interesse zeigen
            </a>
            <p className="field-hint">Dafür brauchst du ein kostenloses Konto.</p>
          </>
        )}
      </section>

      <section aria-labelledby="about-posting">
        <h3 id="about-posting">Darum geht es</h3>
        <RichText html={data.description} />
        {data.taskDescription ? <RichText html={data.taskDescription} /> : null}
      </section>
      {data.whatWereLookingFor ? (
        <section aria-labelledby="looking-for">
          <h3 id="looking-for">Das wünschen wir uns</h3>
          <RichText html={data.whatWereLookingFor} />
        </section>
      ) : null}
      {data.benefits.length > 0 ? (
        <section aria-labelledby="benefits">
          <h3 id="benefits">Das bieten wir</h3>
          <ul>
            {data.benefits.map((benefit) => (
              <li key={benefit}>{BENEFIT_LABELS[benefit]}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="company">
        <h3 id="company">Über {data.organization.name}</h3>
        {data.organization.branch ? <p>Branche: {data.organization.branch}</p> : null}
        {data.organization.about ? <p className="pre-line">{data.organization.about}</p> : null}
      </section>
      {session.status === 'signed-in' ? (
        reporting ? (
          <ReportForm subject="VACANCY" targetId={data.id} onClose={() => setReporting(false)} />
        ) : (
          <button type="button" className="button button-link" onClick={() => setReporting(true)}>
            Anzeige melden
          </button>
        )
      ) : null}
    </article>
  );
}
