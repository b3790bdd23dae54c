/** Orders and products (GET/POST/PUT /rest/orders…, /rest/products…): query keys, options, mutations. */
import {
  API_PATHS,
  apiPath,
  orderListResponseSchema,
  orderSchema,
  productListResponseSchema,
  productSchema,
  type OrderCreate,
  type OrderExportQuery,
  type OrderListQueryParsed,
  type OrderStatus,
  type OrderUpdate,
  type ProductInputParsed,
} from '@matchwerk/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { linkSearchOf, requestQuery } from '../../../components/lists/list-request-query';

/** GET /rest/orders as the list sends it: the shared schema's parsed form. */
export type OrderListRequest = OrderListQueryParsed;

export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (query: OrderListRequest) => [...orderKeys.lists(), query] as const,
  products: () => [...orderKeys.all, 'products'] as const,
};

export function orderListQueryOptions(query: OrderListRequest) {
  return queryOptions({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.orders, { schema: orderListResponseSchema, query: requestQuery(query), signal }),
    placeholderData: keepPreviousData,
    // The screen shows a load error with a retry button itself.
    meta: { handledInline: true },
  });
}

export function productListQueryOptions() {
  return queryOptions({
    queryKey: orderKeys.products(),
    queryFn: ({ signal }) => apiRequest(API_PATHS.products, { schema: productListResponseSchema, signal }),
    meta: { handledInline: true },
  });
}

/** The CSV export's address for the list's filters (a plain link: the session cookie goes along). */
export function orderExportUrl(query: OrderExportQuery): string {
  const search = linkSearchOf(query).toString();
  return search ? `${API_PATHS.ordersExport}?${search}` : API_PATHS.ordersExport;
}

// Field and action errors are shown in the dialogs of the screen itself.
const inline = { handledInline: true } as const;

function useInvalidate(key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key });
}

export function useCreateOrder() {
  const invalidate = useInvalidate(orderKeys.all);
  return useMutation({
    mutationFn: (input: OrderCreate) =>
      apiRequest(API_PATHS.orders, { method: 'POST', body: input, schema: orderSchema }),
    onSuccess: invalidate,
    meta: inline,
  });
}

export function useUpdateOrder() {
  const invalidate = useInvalidate(orderKeys.all);
  return useMutation({
    mutationFn: ({ id, input, version }: { id: string; input: OrderUpdate; version: number }) =>
      apiRequest(apiPath(API_PATHS.order, { id }), {
        method: 'PUT',
        body: input,
        schema: orderSchema,
        ifMatch: version,
      }),
    onSuccess: invalidate,
    meta: inline,
  });
}

export function useChangeOrderStatus() {
  const invalidate = useInvalidate(orderKeys.all);
  return useMutation({
    mutationFn: ({ id, status, version }: { id: string; status: OrderStatus; version: number }) =>
      apiRequest(apiPath(API_PATHS.orderStatus, { id }), {
        method: 'PUT',
        body: { status },
        schema: orderSchema,
        ifMatch: version,
      }),
    onSuccess: invalidate,
    meta: inline,
  });
}

export function useSaveProduct() {
  const invalidate = useInvalidate(orderKeys.all);
  return useMutation({
    mutationFn: ({ id, input, version }: { id: string | null; input: ProductInputParsed; version?: number }) =>
      id
        ? apiRequest(apiPath(API_PATHS.product, { id }), {
            method: 'PUT',
            body: input,
            schema: productSchema,
            ...(version === undefined ? {} : { ifMatch: version }),
          })
        : apiRequest(API_PATHS.products, { method: 'POST', body: input, schema: productSchema }),
    onSuccess: invalidate,
    meta: inline,
  });
}
