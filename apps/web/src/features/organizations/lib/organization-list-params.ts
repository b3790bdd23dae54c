/** The organisation list's state in the URL (search, filters, paging, sorting); see lib/list-url-state. */
import {
  LIST_PAGE_SIZE,
  ORGANIZATION_SORT_FIELDS,
  REGIONS,
  type OrganizationSortField,
  type Region,
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
import type { OrganizationListRequest } from '../api/organizations-api';

export interface OrganizationListParams extends ListPaging<OrganizationSortField> {
  search: string;
  region: Region | '';
  active: YesNoFilter;
  member: YesNoFilter;
  status: '' | 'waiting';
}

export const DEFAULT_ORGANIZATION_LIST_PARAMS: OrganizationListParams = {
  page: 0,
  pageSize: LIST_PAGE_SIZE,
  sort: 'name',
  order: 'asc',
  search: '',
  region: '',
  active: '',
  member: '',
  status: '',
};

export function organizationListParamsFromSearch(search: URLSearchParams): OrganizationListParams {
  const region = search.get('region');
  return {
    ...listPagingFrom(search, ORGANIZATION_SORT_FIELDS, DEFAULT_ORGANIZATION_LIST_PARAMS),
    search: (search.get('search') ?? '').slice(0, 100),
    region: oneOf(REGIONS, region) ? region : '',
    active: yesNoFilterFrom(search.get('active')),
    member: yesNoFilterFrom(search.get('member')),
    status: search.get('status') === 'waiting' ? 'waiting' : '',
  };
}

export function searchFromOrganizationListParams(params: OrganizationListParams): URLSearchParams {
  return listSearchFrom(params, DEFAULT_ORGANIZATION_LIST_PARAMS);
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
    active: yesNoFilterValue(params.active),
    member: yesNoFilterValue(params.member),
    status: params.status || undefined,
  };
}
