import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PREVIEW_FILTERS,
  previewFiltersFrom,
  previewQueryOf,
  previewSearchOf,
  previewSlugOf,
} from './preview-filters';

describe('preview filters in the URL', () => {
  it('round-trips every filter and writes only what differs from the defaults', () => {
    const filters = {
      type: 'INTERNSHIP',
      occupation: 'Tischler/in',
      place: 'Lichtenfels',
      zipCode: '96215',
      radiusKm: 10,
      sort: 'distance',
    } as const;
    const search = previewSearchOf(filters);
    expect(previewFiltersFrom(search)).toEqual(filters);
    expect(previewSearchOf(DEFAULT_PREVIEW_FILTERS).toString()).toBe('');
  });

  it('falls back to the defaults for unknown values, and sorts by distance only with a postcode', () => {
    expect(previewFiltersFrom(new URLSearchParams('type=NOPE&zipCode=12&radiusKm=7&sort=distance'))).toEqual(
      DEFAULT_PREVIEW_FILTERS,
    );
  });

  it('builds the API query for the region, with the radius only beside a postcode', () => {
    expect(previewQueryOf('LICHTENFELS', { ...DEFAULT_PREVIEW_FILTERS, radiusKm: 50 })).toEqual({
      region: 'LICHTENFELS',
      type: undefined,
      occupation: undefined,
      place: undefined,
      zipCode: undefined,
      radiusKm: undefined,
      sort: 'newest',
    });
  });

  it('reads the region slug of preview paths only', () => {
    expect(previewSlugOf('/vorschau-lichtenfels')).toBe('lichtenfels');
    expect(previewSlugOf('/vorschau-monheim-am-rhein/stelle/1')).toBe('monheim-am-rhein');
    expect(previewSlugOf('/vacancies')).toBeUndefined();
  });
});
