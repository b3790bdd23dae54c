import {
  API_PATHS,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_TEXT_MAX_LENGTH,
  type ReportReason,
  type ReportSubject,
} from '@matchwerk/shared';
import { useState, type FormEvent } from 'react';
import { api, messageOf } from '../lib/api';

interface Props {
  subject: ReportSubject;
  targetId: string;
  onClose: () => void;
}

/** "Melden": a posting, a company or a chat, with a reason and optional words (issue 46 item 6). */
export function ReportForm({ subject, targetId, onClose }: Props) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [text, setText] = useState('');
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setResult({ ok: false, message: 'Bitte wähle einen Grund.' });
      return;
    }
    setBusy(true);
    try {
      const answer = await api<{ message: string }>(API_PATHS.applicantReports, {
        method: 'POST',
        body: { subject, targetId, reason, text: text.trim() },
      });
      setResult({ ok: true, message: answer.message });
    } catch (caught) {
      setResult({ ok: false, message: messageOf(caught) });
    } finally {
      setBusy(false);
    }
  };

  if (result?.ok)
    return (
      <div className="notice" role="status">
        <p>{result.message}</p>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Schließen
        </button>
      </div>
    );
  return (
    <form className="notice form" onSubmit={submit} aria-labelledby="report-heading" noValidate>
      <h3 id="report-heading">Melden</h3>
      <p>Etwas stimmt nicht? Sag uns Bescheid. Das Unternehmen erfährt nicht, dass du es warst.</p>
      <fieldset className="field">
        <legend>Grund</legend>
        {REPORT_REASONS.map((value) => (
          <label key={value} className="radio">
            <input
              type="radio"
              name="report-reason"
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
            />{' '}
            {REPORT_REASON_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="report-text">Was ist passiert? (freiwillig)</label>
        <textarea
          id="report-text"
          rows={3}
          maxLength={REPORT_TEXT_MAX_LENGTH}
          value={text}
          onInput={(event) => setText(event.currentTarget.value)}
        />
      </div>
      {result ? (
        <p className="form-error" role="alert">
          {result.message}
        </p>
      ) : null}
      <div className="row">
        <button type="submit" className="button" disabled={busy}>
          Meldung senden
        </button>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Abbrechen
        </button>
      </div>
    </form>
  );
}
