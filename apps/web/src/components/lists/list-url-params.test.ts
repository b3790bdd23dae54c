import { describe, expect, it } from 'vitest';
import type { ListPaging } from '../../lib/list-url-state';
import { choiceFilterFrom, hasListFilters, listParamsFrom, type ListUrlSpec } from './list-url-params';
import { linkSearchOf, requestQuery } from './list-request-query';

interface Params extends ListPaging<'name' | 'createdAt'> {
  search: string;
  status: '' | 'waiting';
}

const spec: ListUrlSpec<Params> = {
  defaults: { page: 0, pageSize: 25, sort: 'name', order: 'asc', search: '', status: '' },
  sortFields: ['name', 'createdAt'],
  filtersFrom: (search) => ({
    search: search.get('search') ?? '',
    status: choiceFilterFrom(['waiting'], search.get('status')),
  }),
};

describe('list URL params', () => {
  it('reads paging and the filters from a URL, unknown values as the defaults', () => {
    const params = listParamsFrom(spec, new URLSearchParams('page=2&sort=createdAt&order=up&status=gone&search=bau'));
    expect(params).toEqual({ page: 2, pageSize: 25, sort: 'createdAt', order: 'asc', search: 'bau', status: '' });
  });

  it('counts a filter or a search as filtered, paging, sorting and spaces not', () => {
    expect(hasListFilters({ ...spec.defaults, page: 3, sort: 'createdAt', search: '  ' }, spec.defaults)).toBe(false);
    expect(hasListFilters({ ...spec.defaults, status: 'waiting' }, spec.defaults)).toBe(true);
    expect(hasListFilters({ ...spec.defaults, search: 'bau' }, spec.defaults)).toBe(true);
  });

  it("leaves undefined and '' out of a request's query and its link", () => {
    const query = { page: 0, search: '', status: undefined, active: false };
    expect(requestQuery(query)).toEqual({ page: '0', search: undefined, status: undefined, active: 'false' });
    expect(linkSearchOf(query).toString()).toBe('page=0&active=false');
  });
});
