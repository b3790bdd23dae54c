import { describe, expect, it } from 'vitest';
import { apiQueryOf, defaultListParams, listParamsFromSearch, searchFromListParams, toggleSort } from './list-params';

describe('vacancy list parameters', () => {
  const orgDefaults = defaultListParams('ORGANIZATION');

  it('sorts by organisation for admins and partners, by title for organisations', () => {
    expect(defaultListParams('ADMIN').sort).toBe('organizationName');
    expect(defaultListParams('REGIONAL_PARTNER').sort).toBe('organizationName');
    expect(orgDefaults.sort).toBe('title');
  });

  it('writes paging, sorting and search into the URL and reads them back', () => {
    const params = { page: 2, pageSize: 50, sort: 'start' as const, order: 'desc' as const, search: ' Mechatroniker ' };
    const search = searchFromListParams(params, orgDefaults);
    expect(search.toString()).toBe('page=2&pageSize=50&sort=start&order=desc&search=Mechatroniker');
    expect(listParamsFromSearch(search, orgDefaults)).toEqual({ ...params, search: 'Mechatroniker' });
    expect(apiQueryOf(params)).toEqual({
      page: 2,
      pageSize: 50,
      sort: 'start',
      order: 'desc',
      search: 'Mechatroniker',
    });
  });

  it('keeps the plain list URL plain and ignores invalid values', () => {
    expect(searchFromListParams(orgDefaults, orgDefaults).toString()).toBe('');
    expect(listParamsFromSearch(new URLSearchParams('page=-1&pageSize=7&sort=password&order=up'), orgDefaults)).toEqual(
      orgDefaults,
    );
    expect(apiQueryOf(orgDefaults)).not.toHaveProperty('search');
  });

  it('sorts a new column ascending, flips the same column, and goes back to the first page', () => {
    const onPage3 = { ...orgDefaults, page: 3 };
    expect(toggleSort(onPage3, 'start')).toMatchObject({ sort: 'start', order: 'asc', page: 0 });
    expect(toggleSort({ ...onPage3, sort: 'start', order: 'asc' }, 'start')).toMatchObject({ order: 'desc', page: 0 });
  });
});
