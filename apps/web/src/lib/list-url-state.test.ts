import { describe, expect, it } from 'vitest';
import { listPagingFrom, listSearchFrom, yesNoFilterFrom, yesNoFilterValue } from './list-url-state';

const defaults = { page: 0, pageSize: 25, sort: 'name' as const, order: 'asc' as const };

describe('list state in the URL', () => {
  it('reads paging and sorting, falling back to the defaults for anything unknown', () => {
    expect(
      listPagingFrom(new URLSearchParams('page=3&pageSize=50&sort=city&order=desc'), ['name', 'city'], defaults),
    ).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'city',
      order: 'desc',
    });
    expect(
      listPagingFrom(new URLSearchParams('page=-1&pageSize=7&sort=passwort&order=up'), ['name', 'city'], defaults),
    ).toEqual(defaults);
  });

  it('writes only what differs from the defaults, the search trimmed', () => {
    const search = listSearchFrom(
      { ...defaults, search: '  bäcker ', active: 'true' },
      { ...defaults, search: '', active: '' },
    );
    expect(search.toString()).toBe('search=b%C3%A4cker&active=true');
    expect(listSearchFrom({ ...defaults, search: ' ' }, { ...defaults, search: '' }).toString()).toBe('');
  });

  it('keeps yes/no filters as text in the URL and hands the API a boolean or nothing', () => {
    expect(yesNoFilterFrom('true')).toBe('true');
    expect(yesNoFilterFrom('ja')).toBe('');
    expect(yesNoFilterValue('false')).toBe(false);
    expect(yesNoFilterValue('')).toBeUndefined();
  });
});
