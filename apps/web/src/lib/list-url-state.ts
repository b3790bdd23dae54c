/**
 * A server-paged list's state in the URL (paging, sorting, filters): back button and shared
 * links show the same list. Only values that differ from the defaults are written.
 */

import { LIST_PAGE_SIZE_OPTIONS } from '@matchwerk/shared';

/** A yes/no filter as kept in the URL and the select: '' = any. */
export type YesNoFilter = '' | 'true' | 'false';

export interface ListPaging<Sort extends string> {
  page: number;
  pageSize: number;
  sort: Sort;
  order: 'asc' | 'desc';
}

export function oneOf<T extends string>(values: readonly T[], value: string | null): value is T {
  return value !== null && (values as readonly string[]).includes(value);
}

export function yesNoFilterFrom(value: string | null): YesNoFilter {
  return value === 'true' || value === 'false' ? value : '';
}

/** The filter as the API takes it: undefined = any. */
export function yesNoFilterValue(filter: YesNoFilter): boolean | undefined {
  return filter === '' ? undefined : filter === 'true';
}

/** Paging and sorting from the URL; anything unknown falls back to the defaults. */
export function listPagingFrom<Sort extends string>(
  search: URLSearchParams,
  sortFields: readonly Sort[],
  defaults: ListPaging<Sort>,
): ListPaging<Sort> {
  const page = Number.parseInt(search.get('page') ?? '', 10);
  const pageSize = Number.parseInt(search.get('pageSize') ?? '', 10);
  const sort = search.get('sort');
  const order = search.get('order');
  return {
    page: Number.isInteger(page) && page >= 0 ? page : defaults.page,
    pageSize: (LIST_PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize) ? pageSize : defaults.pageSize,
    sort: oneOf(sortFields, sort) ? sort : defaults.sort,
    order: order === 'asc' || order === 'desc' ? order : defaults.order,
  };
}

/** The URL of a list state: only what differs from the defaults; the search text trimmed. */
export function listSearchFrom<Params extends { search: string }>(params: Params, defaults: Params): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of Object.keys(defaults) as (keyof Params)[]) {
    const value = key === 'search' ? params.search.trim() : params[key];
    if (value !== defaults[key]) search.set(String(key), String(value));
  }
  return search;
}

/** "Filter zurücksetzen": the defaults, keeping the sorting and the page size. */
export function filtersCleared<Params extends ListPaging<string>>(params: Params, defaults: Params): Params {
  return { ...defaults, sort: params.sort, order: params.order, pageSize: params.pageSize };
}
