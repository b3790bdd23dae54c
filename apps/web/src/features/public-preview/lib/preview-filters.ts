import {
  POSTING_TYPES,
  PUBLIC_RADIUS_OPTIONS_KM,
  PUBLIC_VACANCY_SORTS,
  type PostingType,
  type PublicVacancyQuery,
  type PublicVacancySort,
  type Region,
} from '@matchwerk/shared';

/** The preview's filters and sort as kept in the URL (shared links and the back button show the same list). */
export interface PreviewFilters {
  type: PostingType | '';
  occupation: string;
  place: string;
  zipCode: string;
  radiusKm: number;
  sort: PublicVacancySort;
}

export const DEFAULT_PREVIEW_FILTERS: PreviewFilters = {
  type: '',
  occupation: '',
  place: '',
  zipCode: '',
  radiusKm: 25,
  sort: 'newest',
};

const isOneOf = <T extends string | number>(values: readonly T[], value: unknown): value is T =>
  (values as readonly unknown[]).includes(value);

/** Reads the filters; anything unknown or malformed falls back to the default. */
export function previewFiltersFrom(search: URLSearchParams): PreviewFilters {
  const type = search.get('type');
  const zipCode = search.get('zipCode') ?? '';
  const radiusKm = Number(search.get('radiusKm'));
  const sort = search.get('sort');
  const validZip = /^[0-9]{5}$/.test(zipCode);
  const parsedSort = isOneOf(PUBLIC_VACANCY_SORTS, sort) ? sort : DEFAULT_PREVIEW_FILTERS.sort;
  return {
    type: isOneOf(POSTING_TYPES, type) ? type : '',
    occupation: (search.get('occupation') ?? '').slice(0, 160),
    place: (search.get('place') ?? '').slice(0, 120),
    zipCode: validZip ? zipCode : '',
    radiusKm: isOneOf(PUBLIC_RADIUS_OPTIONS_KM, radiusKm) ? radiusKm : DEFAULT_PREVIEW_FILTERS.radiusKm,
    // Distance needs a postcode.
    sort: parsedSort === 'distance' && !validZip ? DEFAULT_PREVIEW_FILTERS.sort : parsedSort,
  };
}

/** Writes only what differs from the defaults. */
export function previewSearchOf(filters: PreviewFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.type) search.set('type', filters.type);
  if (filters.occupation) search.set('occupation', filters.occupation);
  if (filters.place) search.set('place', filters.place);
  if (filters.zipCode) {
    search.set('zipCode', filters.zipCode);
    if (filters.radiusKm !== DEFAULT_PREVIEW_FILTERS.radiusKm) search.set('radiusKm', String(filters.radiusKm));
  }
  if (filters.sort !== DEFAULT_PREVIEW_FILTERS.sort) search.set('sort', filters.sort);
  return search;
}

export function previewQueryOf(region: Region, filters: PreviewFilters): PublicVacancyQuery {
  return {
    region,
    type: filters.type || undefined,
    occupation: filters.occupation || undefined,
    place: filters.place || undefined,
    zipCode: filters.zipCode || undefined,
    radiusKm: filters.zipCode ? filters.radiusKm : undefined,
    sort: filters.sort,
  };
}

const PREVIEW_PREFIX = '/vorschau-';

/** The region slug of a preview path (`/vorschau-lichtenfels/stelle/…` → `lichtenfels`), or undefined. */
export function previewSlugOf(pathname: string): string | undefined {
  const first = pathname.split('/')[1] ?? '';
  return first.startsWith(PREVIEW_PREFIX.slice(1)) ? first.slice(PREVIEW_PREFIX.length - 1) : undefined;
}
