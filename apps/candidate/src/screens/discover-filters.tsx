import { POSTING_TYPE_LABELS, POSTING_TYPES, REGION_OPTIONS, type PostingType, type Region } from '@matchwerk/shared';
import { useState, type FormEvent } from 'react';
import type { StartFilter } from '../lib/format';

export interface DiscoverFilters {
  region: Region;
  zipCode: string;
  radiusKm: number;
  type: PostingType | '';
  occupation: string;
  start: StartFilter;
}

export const RADIUS_OPTIONS = [5, 10, 25, 50, 100] as const;
const START_LABELS: Record<StartFilter, string> = {
  egal: 'Egal',
  sofort: 'Ab sofort',
  'dieses-jahr': 'Noch dieses Jahr',
  'naechstes-jahr': 'Nächstes Jahr',
};

interface Props {
  value: DiscoverFilters;
  occupations: readonly string[];
  onChange: (next: DiscoverFilters) => void;
}

/** Postcode and the filters Region, Art, Beruf, Beginn, Umkreis. */
export function DiscoverFilterForm({ value, occupations, onChange }: Props) {
  const [zip, setZip] = useState(value.zipCode);
  const [zipError, setZipError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (zip && !/^[0-9]{5}$/.test(zip)) {
      setZipError('Bitte gib eine Postleitzahl mit fünf Ziffern ein.');
      return;
    }
    setZipError(null);
    onChange({ ...value, zipCode: zip });
  };

  return (
    <form className="filters" onSubmit={submit} aria-label="Stellen suchen">
      <div className="filters-row">
        <div className="field">
          <label htmlFor="zip">Postleitzahl</label>
          <input
            id="zip"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            value={zip}
            aria-invalid={zipError ? true : undefined}
            aria-describedby={zipError ? 'zip-error' : undefined}
            onInput={(event) => setZip(event.currentTarget.value.trim())}
          />
          {zipError ? (
            <p id="zip-error" className="field-error">
              {zipError}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button">
          Suchen
        </button>
      </div>
      <details className="filters-more">
        <summary>Filter</summary>
        <div className="filters-grid">
          <Select
            id="region"
            label="Region"
            value={value.region}
            options={REGION_OPTIONS.map(({ value: region, label }) => [region, label])}
            onChange={(region) => onChange({ ...value, region: region as Region, occupation: '' })}
          />
          <Select
            id="type"
            label="Art"
            value={value.type}
            options={[['', 'Alle'], ...POSTING_TYPES.map((type) => [type, POSTING_TYPE_LABELS[type]] as const)]}
            onChange={(type) => onChange({ ...value, type: type as PostingType | '' })}
          />
          <Select
            id="occupation"
            label="Beruf"
            value={value.occupation}
            options={[['', 'Alle Berufe'], ...occupations.map((name) => [name, name] as const)]}
            onChange={(occupation) => onChange({ ...value, occupation })}
          />
          <Select
            id="start"
            label="Beginn"
            value={value.start}
            options={Object.entries(START_LABELS)}
            onChange={(start) => onChange({ ...value, start: start as StartFilter })}
          />
          <Select
            id="radius"
            label="Umkreis"
            value={String(value.radiusKm)}
            options={RADIUS_OPTIONS.map((km) => [String(km), `${km} km`] as const)}
            onChange={(radius) => onChange({ ...value, radiusKm: Number(radius) })}
          />
        </div>
      </details>
    </form>
  );
}

function Select(props: {
  id: string;
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} value={props.value} onChange={(event) => props.onChange(event.currentTarget.value)}>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}
