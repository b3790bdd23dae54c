import { describe, expect, it } from 'vitest';
import { matchingFilterQuery, matchingFiltersFrom, withMatchingFilters } from '../api/follow-up-api';

const ID = '11111111-1111-4111-8111-111111111111';

describe('Anfragen filters in the URL', () => {
  it('reads the German keys and falls back to the defaults for anything unknown', () => {
    expect(matchingFiltersFrom(new URLSearchParams(`stelle=${ID}&suche=Anna&sortierung=aelteste`))).toEqual({
      vacancyId: ID,
      search: 'Anna',
      sort: 'oldest',
    });
    expect(matchingFiltersFrom(new URLSearchParams('stelle=kaputt&sortierung=zufall'))).toEqual({
      vacancyId: '',
      search: '',
      sort: 'newest',
    });
  });

  it('writes only what differs from the defaults and keeps the tab', () => {
    const next = withMatchingFilters(new URLSearchParams('status=abgelehnt&suche=alt'), {
      vacancyId: '',
      search: '  ',
      sort: 'oldest',
    });
    expect(next.toString()).toBe('status=abgelehnt&sortierung=aelteste');
  });

  it('asks the API with a trimmed search and without defaults', () => {
    expect(matchingFilterQuery({ vacancyId: ID, search: ' Anna ', sort: 'newest' })).toEqual({
      vacancyId: ID,
      search: 'Anna',
    });
    expect(matchingFilterQuery({ vacancyId: '', search: '', sort: 'newest' })).toEqual({});
  });
});
