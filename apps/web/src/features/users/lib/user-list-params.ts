/** The user list's state in the URL (search, filters, paging, sorting); see components/lists/list-url-params. */
import {
  LIST_PAGE_SIZE,
  MANAGED_USER_TYPES,
  REGIONS,
  USER_SORT_FIELDS,
  type ManagedUserType,
  type Region,
  type UserSortField,
} from '@matchwerk/shared';
import { yesNoFilterFrom, yesNoFilterValue, type ListPaging, type YesNoFilter } from '../../../lib/list-url-state';
import {
  choiceFilterFrom,
  idFilterFrom,
  listPagingOf,
  type ListUrlSpec,
} from '../../../components/lists/list-url-params';
import type { UserListRequest } from '../api/users-api';

export interface UserListParams extends ListPaging<UserSortField> {
  search: string;
  type: ManagedUserType | '';
  organizationId: string;
  region: Region | '';
  emailVerified: YesNoFilter;
  disabled: YesNoFilter;
}

export const USER_LIST_URL: ListUrlSpec<UserListParams> = {
  defaults: {
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
  },
  sortFields: USER_SORT_FIELDS,
  filtersFrom: (search) => ({
    search: search.get('search') ?? '',
    type: choiceFilterFrom(MANAGED_USER_TYPES, search.get('type')),
    organizationId: idFilterFrom(search.get('organizationId')),
    region: choiceFilterFrom(REGIONS, search.get('region')),
    emailVerified: yesNoFilterFrom(search.get('emailVerified')),
    disabled: yesNoFilterFrom(search.get('disabled')),
  }),
};

export function apiQueryOfUserList(params: UserListParams): UserListRequest {
  return {
    ...listPagingOf(params),
    search: params.search.trim() || undefined,
    type: params.type || undefined,
    organizationId: params.organizationId || undefined,
    region: params.region || undefined,
    emailVerified: yesNoFilterValue(params.emailVerified),
    disabled: yesNoFilterValue(params.disabled),
  };
}
