import { LIST_PAGE_SIZE_OPTIONS, VACANCY_LIST_FIRST_PAGE, VACANCY_SORT_FIELDS, type UserType } from '@matchwerk/shared';

export type VacancySortField = (typeof VACANCY_SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';

export interface VacancyListParams {
  page: number;
  pageSize: number;
  sort: VacancySortField;
  order: SortOrder;
  search: string;
}

/** Admins and partners see postings sorted by organisation (spec §6); an organisation by title. */
export function defaultListParams(userType: UserType | undefined): VacancyListParams {
  const byOrganization = userType === 'ADMIN' || userType === 'REGIONAL_PARTNER';
  return {
    ...VACANCY_LIST_FIRST_PAGE,
    sort: byOrganization ? 'organizationName' : VACANCY_LIST_FIRST_PAGE.sort,
    search: '',
  };
}

function isSortField(value: string | null): value is VacancySortField {
  return value !== null && (VACANCY_SORT_FIELDS as readonly string[]).includes(value);
}

/** Reads paging, sorting and search from the URL (so the list survives reloads and back). */
export function listParamsFromSearch(search: URLSearchParams, defaults: VacancyListParams): VacancyListParams {
  const page = Number.parseInt(search.get('page') ?? '', 10);
  const pageSize = Number.parseInt(search.get('pageSize') ?? '', 10);
  const sort = search.get('sort');
  const order = search.get('order');
  return {
    page: Number.isInteger(page) && page >= 0 ? page : defaults.page,
    pageSize: (LIST_PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize) ? pageSize : defaults.pageSize,
    sort: isSortField(sort) ? sort : defaults.sort,
    order: order === 'asc' || order === 'desc' ? order : defaults.order,
    search: search.get('search') ?? defaults.search,
  };
}

/** Writes only what differs from the defaults, so the plain list has a plain URL. */
export function searchFromListParams(params: VacancyListParams, defaults: VacancyListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.page !== defaults.page) search.set('page', String(params.page));
  if (params.pageSize !== defaults.pageSize) search.set('pageSize', String(params.pageSize));
  if (params.sort !== defaults.sort) search.set('sort', params.sort);
  if (params.order !== defaults.order) search.set('order', params.order);
  if (params.search.trim()) search.set('search', params.search.trim());
  return search;
}

/** Clicking a column: a new column sorts ascending, the same column flips. Back to page 1. */
export function toggleSort(params: VacancyListParams, field: VacancySortField): VacancyListParams {
  const order: SortOrder = params.sort === field && params.order === 'asc' ? 'desc' : 'asc';
  return { ...params, sort: field, order, page: 0 };
}

/** The API query of the list parameters; with a cursor the page is fetched by keyset (ADR 0028). */
export function apiQueryOf(params: VacancyListParams, cursor?: string) {
  return {
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    order: params.order,
    ...(params.search.trim() ? { search: params.search.trim() } : {}),
    ...(cursor ? { cursor } : {}),
  };
}
