/** The organisation list's state in the URL (search, filters, paging, sorting); see components/lists/list-url-params. */
import {
  LIST_PAGE_SIZE,
  ORGANIZATION_SORT_FIELDS,
  REGIONS,
  type OrganizationSortField,
  type Region,
} from '@matchwerk/shared';
import { yesNoFilterFrom, yesNoFilterValue, type ListPaging, type YesNoFilter } from '../../../lib/list-url-state';
import { choiceFilterFrom, listPagingOf, type ListUrlSpec } from '../../../components/lists/list-url-params';
import type { OrganizationListRequest } from '../api/organizations-api';

export interface OrganizationListParams extends ListPaging<OrganizationSortField> {
  search: string;
  region: Region | '';
  active: YesNoFilter;
  member: YesNoFilter;
  status: '' | 'waiting';
}

export const ORGANIZATION_LIST_URL: ListUrlSpec<OrganizationListParams> = {
  defaults: {
    page: 0,
    pageSize: LIST_PAGE_SIZE,
    sort: 'name',
    order: 'asc',
    search: '',
    region: '',
    active: '',
    member: '',
    status: '',
  },
  sortFields: ORGANIZATION_SORT_FIELDS,
  filtersFrom: (search) => ({
    search: (search.get('search') ?? '').slice(0, 100),
    region: choiceFilterFrom(REGIONS, search.get('region')),
    active: yesNoFilterFrom(search.get('active')),
    member: yesNoFilterFrom(search.get('member')),
    status: choiceFilterFrom(['waiting'], search.get('status')),
  }),
};

export function apiQueryOfOrganizationList(params: OrganizationListParams): OrganizationListRequest {
  return {
    ...listPagingOf(params),
    search: params.search.trim() || undefined,
    region: params.region || undefined,
    active: yesNoFilterValue(params.active),
    member: yesNoFilterValue(params.member),
    status: params.status || undefined,
  };
}
