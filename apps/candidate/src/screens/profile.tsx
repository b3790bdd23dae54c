import {
  API_PATHS,
  CANDIDATE_STRENGTH_LABELS,
  CANDIDATE_STRENGTHS,
  MAX_CANDIDATE_STRENGTHS,
  POSTING_TYPE_LABELS,
  POSTING_TYPES,
  type ApplicantProfile,
  type CandidateStrength,
  type PostingType,
} from '@matchwerk/shared';
import { useState } from 'react';
import type { ScreenProps } from '../app';
import { Field } from '../components/field';
import { PhotoCrop } from '../components/photo-crop';
import { ErrorState, Loading } from '../components/states';
import { api, messageOf } from '../lib/api';
import { useResource } from '../lib/use-resource';
import { ProfilePreview } from './profile-preview';

/** The fields this screen edits; the newer ones (issue 46 item 8) only when the API has them. */
export type ProfileDraft = Pick<
  ApplicantProfile,
  'names' | 'familyNames' | 'dateOfBirth' | 'school' | 'region' | 'about' | 'interests'
> &
  Partial<Pick<ApplicantProfile, 'zipCode' | 'wantedTypes' | 'wantedFields' | 'availableFrom' | 'strengths'>>;

const STEPS = ['Über mich', 'Meine Stärken', 'Ich suche', 'Vorschau'] as const;

function draftOf(profile: ApplicantProfile): ProfileDraft {
  const { names, familyNames, dateOfBirth, school, region, about, interests } = profile;
  const draft: ProfileDraft = { names, familyNames, dateOfBirth, school, region, about, interests };
  if ('strengths' in profile) {
    draft.zipCode = profile.zipCode;
    draft.wantedTypes = profile.wantedTypes;
    draft.wantedFields = profile.wantedFields;
    draft.availableFrom = profile.availableFrom;
    draft.strengths = profile.strengths;
  }
  return draft;
}

/** Mein Profil in three steps, then a preview of exactly what companies see. */
export default function Profile(_props: ScreenProps) {
  const profile = useResource<ApplicantProfile>(API_PATHS.applicantProfile);
  /** The candidate's edits; until the first one, the loaded profile. */
  const [edited, setDraft] = useState<ProfileDraft | null>(null);
  const draft = edited ?? (profile.data ? draftOf(profile.data) : null);
  const [step, setStep] = useState(0);
  const [message, setMessage] = useState<string | null>(null);

  if (profile.status === 'loading') return <Loading />;
  if (!draft) return <ErrorState message={profile.error ?? ''} onRetry={() => void profile.reload()} />;

  const save = async () => {
    try {
      await api(API_PATHS.applicantProfile, { method: 'PUT', body: draft });
      setMessage('Dein Profil ist gespeichert.');
      await profile.reload();
    } catch (caught) {
      setMessage(messageOf(caught));
    }
  };

  const strengths = draft.strengths;
  const toggleStrength = (strength: CandidateStrength) => {
    if (!strengths) return;
    const next = strengths.includes(strength)
      ? strengths.filter((value) => value !== strength)
      : [...strengths, strength].slice(0, MAX_CANDIDATE_STRENGTHS);
    setDraft({ ...draft, strengths: next });
  };
  const toggleType = (type: PostingType) => {
    const types = draft.wantedTypes ?? [];
    setDraft({
      ...draft,
      wantedTypes: types.includes(type) ? types.filter((value) => value !== type) : [...types, type],
    });
  };

  return (
    <div className="profile">
      <p className="muted" aria-live="polite">
        Schritt {step + 1} von {STEPS.length}: {STEPS[step]}
      </p>
      {step === 0 ? (
        <div className="form">
          <PhotoCrop photoId={profile.data?.photos[0] ?? null} onChange={() => profile.reload()} />
          <div className="field">
            <label htmlFor="about">Über mich</label>
            <p className="field-hint" id="about-hint">
              Ein paar Sätze: Was machst du gern? Was kannst du gut?
            </p>
            <textarea
              id="about"
              rows={5}
              maxLength={2000}
              aria-describedby="about-hint"
              value={draft.about ?? ''}
              onInput={(event) => setDraft({ ...draft, about: event.currentTarget.value || null })}
            />
          </div>
          <Field
            label="Schule (freiwillig)"
            value={draft.school ?? ''}
            onInput={(event) => setDraft({ ...draft, school: event.currentTarget.value || null })}
          />
        </div>
      ) : null}
      {step === 1 ? (
        strengths ? (
          <fieldset className="chips">
            <legend>Wähle bis zu {MAX_CANDIDATE_STRENGTHS} Stärken</legend>
            {CANDIDATE_STRENGTHS.map((strength) => (
              <label key={strength} className="chip">
                <input
                  type="checkbox"
                  checked={strengths.includes(strength)}
                  disabled={!strengths.includes(strength) && strengths.length >= MAX_CANDIDATE_STRENGTHS}
                  onChange={() => toggleStrength(strength)}
                />
                {CANDIDATE_STRENGTH_LABELS[strength]}
              </label>
            ))}
          </fieldset>
        ) : (
          <p>Stärken kannst du bald angeben.</p>
        )
      ) : null}
      {step === 2 ? (
        <div className="form">
          {draft.wantedTypes ? (
            <fieldset className="chips">
              <legend>Was suchst du?</legend>
              {POSTING_TYPES.map((type) => (
                <label key={type} className="chip">
                  <input
                    type="checkbox"
                    checked={draft.wantedTypes?.includes(type) ?? false}
                    onChange={() => toggleType(type)}
                  />
                  {POSTING_TYPE_LABELS[type]}
                </label>
              ))}
            </fieldset>
          ) : null}
          {'availableFrom' in draft ? (
            <Field
              label="Ab wann?"
              type="date"
              value={draft.availableFrom ?? ''}
              onInput={(event) => setDraft({ ...draft, availableFrom: event.currentTarget.value || null })}
            />
          ) : null}
          {'zipCode' in draft ? (
            <Field
              label="Deine Postleitzahl"
              hint="Nur für Stellen in deiner Nähe. Firmen sehen sie nicht."
              inputMode="numeric"
              maxLength={5}
              value={draft.zipCode ?? ''}
              onInput={(event) => setDraft({ ...draft, zipCode: event.currentTarget.value || null })}
            />
          ) : null}
        </div>
      ) : null}
      {step === 3 ? <ProfilePreview draft={draft} /> : null}
      {message ? <p role="status">{message}</p> : null}
      <div className="row">
        {step > 0 ? (
          <button type="button" className="button button-secondary" onClick={() => setStep(step - 1)}>
            Zurück
          </button>
        ) : null}
        {step < STEPS.length - 1 ? (
          <button type="button" className="button" onClick={() => setStep(step + 1)}>
            Weiter
          </button>
        ) : (
          <button type="button" className="button" onClick={() => void save()}>
            Speichern
          </button>
        )}
      </div>
    </div>
  );
}
