/**
 * The organisation list's state in the URL (search, filters, paging, sorting): back button and
 * shared links show the same list. Only values that differ from the defaults are written.
 */
import { ORGANIZATION_SORT_FIELDS, REGIONS, type OrganizationSortField, type Region } from '@matchwerk/shared';
import type { OrganizationListRequest } from '../api/organizations-api';

export const ORGANIZATION_PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;

export interface OrganizationListParams {
  page: number;
  pageSize: number;
  sort: OrganizationSortField;
  order: 'asc' | 'desc';
  search: string;
  region: Region | '';
  /** '' = any, 'true' / 'false'. */
  active: '' | 'true' | 'false';
  member: '' | 'true' | 'false';
  status: '' | 'waiting';
}

export const DEFAULT_ORGANIZATION_LIST_PARAMS: OrganizationListParams = {
  page: 0,
  pageSize: 25,
  sort: 'name',
  order: 'asc',
  search: '',
  region: '',
  active: '',
  member: '',
  status: '',
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): value is T => value !== null && (values as readonly string[]).includes(value);
const flag = (value: string | null): '' | 'true' | 'false' => (value === 'true' || value === 'false' ? value : '');

export function organizationListParamsFromSearch(search: URLSearchParams): OrganizationListParams {
  const d = DEFAULT_ORGANIZATION_LIST_PARAMS;
  const page = Number.parseInt(search.get('page') ?? '', 10);
  const pageSize = Number.parseInt(search.get('pageSize') ?? '', 10);
  const sort = search.get('sort');
  const order = search.get('order');
  const region = search.get('region');
  return {
    page: Number.isInteger(page) && page >= 0 ? page : d.page,
    pageSize: (ORGANIZATION_PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize) ? pageSize : d.pageSize,
    sort: oneOf(ORGANIZATION_SORT_FIELDS, sort) ? sort : d.sort,
    order: order === 'asc' || order === 'desc' ? order : d.order,
    search: (search.get('search') ?? '').slice(0, 100),
    region: oneOf(REGIONS, region) ? region : '',
    active: flag(search.get('active')),
    member: flag(search.get('member')),
    status: search.get('status') === 'waiting' ? 'waiting' : '',
  };
}

export function searchFromOrganizationListParams(params: OrganizationListParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of Object.keys(DEFAULT_ORGANIZATION_LIST_PARAMS) as (keyof OrganizationListParams)[]) {
    const value = key === 'search' ? params.search.trim() : params[key];
    if (value !== DEFAULT_ORGANIZATION_LIST_PARAMS[key]) search.set(key, String(value));
  }
  return search;
}

export function hasOrganizationFilters(params: OrganizationListParams): boolean {
  return Boolean(params.search.trim() || params.region || params.active || params.member || params.status);
}

export function apiQueryOfOrganizationList(params: OrganizationListParams): OrganizationListRequest {
  return {
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    order: params.order,
    search: params.search.trim() || undefined,
    region: params.region || undefined,
    active: params.active === '' ? undefined : params.active === 'true',
    member: params.member === '' ? undefined : params.member === 'true',
    status: params.status || undefined,
  };
}
