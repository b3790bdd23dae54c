/** The order list's state in the URL (search, status, period, organisation, paging, sorting); see lib/list-url-state. */
import {
  LIST_PAGE_SIZE,
  ORDER_SORT_FIELDS,
  ORDER_STATUSES,
  type OrderExportQuery,
  type OrderSortField,
  type OrderStatus,
} from '@matchwerk/shared';
import { listPagingFrom, listSearchFrom, oneOf, type ListPaging } from '../../../lib/list-url-state';
import type { OrderListRequest } from '../api/orders-api';

export interface OrderListParams extends ListPaging<OrderSortField> {
  search: string;
  status: OrderStatus | '';
  /** Order date range, YYYY-MM-DD ('' = open end). */
  from: string;
  to: string;
  organizationId: string;
}

export const DEFAULT_ORDER_LIST_PARAMS: OrderListParams = {
  page: 0,
  pageSize: LIST_PAGE_SIZE,
  sort: 'createdAt',
  order: 'desc',
  search: '',
  status: '',
  from: '',
  to: '',
  organizationId: '',
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value && ISO_DAY.test(value) ? value : '');

export function orderListParamsFromSearch(search: URLSearchParams): OrderListParams {
  const status = search.get('status');
  return {
    ...listPagingFrom(search, ORDER_SORT_FIELDS, DEFAULT_ORDER_LIST_PARAMS),
    search: search.get('search') ?? '',
    status: oneOf(ORDER_STATUSES, status) ? status : '',
    from: day(search.get('from')),
    to: day(search.get('to')),
    organizationId: (search.get('organizationId') ?? '').slice(0, 64),
  };
}

export function searchFromOrderListParams(params: OrderListParams): URLSearchParams {
  return listSearchFrom(params, DEFAULT_ORDER_LIST_PARAMS);
}

export function apiQueryOfOrderList(params: OrderListParams): OrderListRequest {
  return {
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    order: params.order,
    ...exportQueryOfOrderList(params),
  };
}

/** The same filters and sorting for the CSV export (every page). */
export function exportQueryOfOrderList(params: OrderListParams): OrderExportQuery {
  return {
    sort: params.sort,
    order: params.order,
    search: params.search.trim() || undefined,
    status: params.status || undefined,
    from: params.from || undefined,
    to: params.to || undefined,
    organizationId: params.organizationId || undefined,
  };
}

export function hasFilters(params: OrderListParams): boolean {
  return Boolean(params.search.trim() || params.status || params.from || params.to || params.organizationId);
}
