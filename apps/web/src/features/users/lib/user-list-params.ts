/** The user list's state in the URL (search, filters, paging, sorting); see lib/list-url-state. */
import {
  LIST_PAGE_SIZE,
  MANAGED_USER_TYPES,
  REGIONS,
  USER_SORT_FIELDS,
  type ManagedUserType,
  type Region,
  type UserSortField,
} from '@matchwerk/shared';
import {
  listPagingFrom,
  listSearchFrom,
  oneOf,
  yesNoFilterFrom,
  yesNoFilterValue,
  type ListPaging,
  type YesNoFilter,
} from '../../../lib/list-url-state';
import type { UserListRequest } from '../api/users-api';

export interface UserListParams extends ListPaging<UserSortField> {
  search: string;
  type: ManagedUserType | '';
  organizationId: string;
  region: Region | '';
  emailVerified: YesNoFilter;
  disabled: YesNoFilter;
}

export const DEFAULT_USER_LIST_PARAMS: UserListParams = {
  page: 0,
  pageSize: LIST_PAGE_SIZE,
  sort: 'email',
  order: 'asc',
  search: '',
  type: '',
  organizationId: '',
  region: '',
  emailVerified: '',
  disabled: '',
};

export function userListParamsFromSearch(search: URLSearchParams): UserListParams {
  const type = search.get('type');
  const region = search.get('region');
  return {
    ...listPagingFrom(search, USER_SORT_FIELDS, DEFAULT_USER_LIST_PARAMS),
    search: search.get('search') ?? '',
    type: oneOf(MANAGED_USER_TYPES, type) ? type : '',
    organizationId: (search.get('organizationId') ?? '').slice(0, 64),
    region: oneOf(REGIONS, region) ? region : '',
    emailVerified: yesNoFilterFrom(search.get('emailVerified')),
    disabled: yesNoFilterFrom(search.get('disabled')),
  };
}

export function searchFromUserListParams(params: UserListParams): URLSearchParams {
  return listSearchFrom(params, DEFAULT_USER_LIST_PARAMS);
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
    emailVerified: yesNoFilterValue(params.emailVerified),
    disabled: yesNoFilterValue(params.disabled),
  };
}

export function hasFilters(params: UserListParams): boolean {
  return Boolean(
    params.search.trim() ||
    params.type ||
    params.organizationId ||
    params.region ||
    params.emailVerified ||
    params.disabled,
  );
}
