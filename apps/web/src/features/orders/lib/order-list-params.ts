/** The order list's state in the URL (search, status, period, organisation, paging, sorting); see components/lists/list-url-params. */
import {
  LIST_PAGE_SIZE,
  ORDER_SORT_FIELDS,
  ORDER_STATUSES,
  type OrderExportQuery,
  type OrderSortField,
  type OrderStatus,
} from '@matchwerk/shared';
import type { ListPaging } from '../../../lib/list-url-state';
import {
  choiceFilterFrom,
  idFilterFrom,
  listPagingOf,
  type ListUrlSpec,
} from '../../../components/lists/list-url-params';
import type { OrderListRequest } from '../api/orders-api';

export interface OrderListParams extends ListPaging<OrderSortField> {
  search: string;
  status: OrderStatus | '';
  /** Order date range, YYYY-MM-DD ('' = open end). */
  from: string;
  to: string;
  organizationId: string;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value && ISO_DAY.test(value) ? value : '');

export const ORDER_LIST_URL: ListUrlSpec<OrderListParams> = {
  defaults: {
    page: 0,
    pageSize: LIST_PAGE_SIZE,
    sort: 'createdAt',
    order: 'desc',
    search: '',
    status: '',
    from: '',
    to: '',
    organizationId: '',
  },
  sortFields: ORDER_SORT_FIELDS,
  filtersFrom: (search) => ({
    search: search.get('search') ?? '',
    status: choiceFilterFrom(ORDER_STATUSES, search.get('status')),
    from: day(search.get('from')),
    to: day(search.get('to')),
    organizationId: idFilterFrom(search.get('organizationId')),
  }),
};

export function apiQueryOfOrderList(params: OrderListParams): OrderListRequest {
  return {
    ...listPagingOf(params),
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
