/**
 * The user list's state in the URL (search, filters, paging, sorting): back button and shared
 * links show the same list. Only values that differ from the defaults are written.
 */
import { MANAGED_USER_TYPES, REGIONS, USER_SORT_FIELDS, type ManagedUserType, type Region, type UserSortField } from '@matchwerk/shared';
import type { UserListRequest } from '../api/users-api';

export const USER_PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;

export interface UserListParams {
  page: number;
  pageSize: number;
  sort: UserSortField;
  order: 'asc' | 'desc';
  search: string;
  type: ManagedUserType | '';
  organizationId: string;
  region: Region | '';
  /** '' = any, 'true' / 'false'. */
  emailVerified: '' | 'true' | 'false';
  disabled: '' | 'true' | 'false';
}

export const DEFAULT_USER_LIST_PARAMS: UserListParams = {
  page: 0,
  pageSize: 25,
  sort: 'email',
  order: 'asc',
  search: '',
  type: '',
  organizationId: '',
  region: '',
  emailVerified: '',
  disabled: '',
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): value is T => value !== null && (values as readonly string[]).includes(value);
const flag = (value: string | null): '' | 'true' | 'false' => (value === 'true' || value === 'false' ? value : '');

export function userListParamsFromSearch(search: URLSearchParams): UserListParams {
  const d = DEFAULT_USER_LIST_PARAMS;
  const page = Number.parseInt(search.get('page') ?? '', 10);
  const pageSize = Number.parseInt(search.get('pageSize') ?? '', 10);
  const sort = search.get('sort');
  const order = search.get('order');
  const type = search.get('type');
  const region = search.get('region');
  return {
    page: Number.isInteger(page) && page >= 0 ? page : d.page,
    pageSize: (USER_PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize) ? pageSize : d.pageSize,
    sort: oneOf(USER_SORT_FIELDS, sort) ? sort : d.sort,
    order: order === 'asc' || order === 'desc' ? order : d.order,
    search: search.get('search') ?? '',
    type: oneOf(MANAGED_USER_TYPES, type) ? type : '',
    organizationId: (search.get('organizationId') ?? '').slice(0, 64),
    region: oneOf(REGIONS, region) ? region : '',
    emailVerified: flag(search.get('emailVerified')),
    disabled: flag(search.get('disabled')),
  };
}

export function searchFromUserListParams(params: UserListParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of Object.keys(DEFAULT_USER_LIST_PARAMS) as (keyof UserListParams)[]) {
    const value = key === 'search' ? params.search.trim() : params[key];
    if (value !== DEFAULT_USER_LIST_PARAMS[key]) search.set(key, String(value));
  }
  return search;
}

export function apiQueryOfUserList(params: UserListParams): UserListRequest {
  return {
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    order: params.order,
    search: params.search.trim() || undefined,
    type: params.type || undefined,
    organizationId: params.organizationId || undefined,
    region: params.region || undefined,
    emailVerified: params.emailVerified === '' ? undefined : params.emailVerified === 'true',
    disabled: params.disabled === '' ? undefined : params.disabled === 'true',
  };
}

export function hasFilters(params: UserListParams): boolean {
  return Boolean(params.search.trim() || params.type || params.organizationId || params.region || params.emailVerified || params.disabled);
}
