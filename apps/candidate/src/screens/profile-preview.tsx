import { ageOn, CANDIDATE_STRENGTH_LABELS, POSTING_TYPE_LABELS } from '@matchwerk/shared';
import type { ProfileDraft } from './profile';

/** What a company sees of the candidate: first name, family name, age in years (never the birth date), the texts. */
export function ProfilePreview({ draft }: { draft: ProfileDraft }) {
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
  const age = draft.dateOfBirth ? ageOn(draft.dateOfBirth, today) : null;
  return (
    <section className="panel preview" aria-labelledby="preview-heading">
      <h2 id="preview-heading">So sehen dich Firmen</h2>
      <p className="list-title">
        {draft.names.join(' ')} {draft.familyNames.join(' ')}
        {age !== null ? `, ${age} Jahre` : ''}
      </p>
      {draft.school ? <p>Schule: {draft.school}</p> : null}
      <p className="pre-line">{draft.about ?? 'Noch kein Text über dich.'}</p>
      {draft.strengths && draft.strengths.length > 0 ? (
        <p>Stärken: {draft.strengths.map((strength) => CANDIDATE_STRENGTH_LABELS[strength]).join(', ')}</p>
      ) : null}
      {draft.wantedTypes && draft.wantedTypes.length > 0 ? (
        <p>Sucht: {draft.wantedTypes.map((type) => POSTING_TYPE_LABELS[type]).join(', ')}</p>
      ) : null}
      <p className="muted">Nicht sichtbar für Firmen: dein Geburtsdatum, deine Postleitzahl, deine E-Mail-Adresse.</p>
    </section>
  );
}
