/** The organisations administration's calls (GET /rest/organization/, toggles): query keys, options, mutations. */
import {
  API_PATHS,
  apiPath,
  organizationListResponseSchema,
  organizationSchema,
  type Organization,
  type OrganizationListQueryParsed,
  type OrganizationListResponse,
} from '@matchwerk/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { requestQuery } from '../../../components/lists/list-request-query';

/** GET /rest/organization/ query as the list sends it: the shared schema's parsed form. */
export type OrganizationListRequest = OrganizationListQueryParsed;

export const organizationAdminKeys = {
  all: ['organizations-admin'] as const,
  lists: () => [...organizationAdminKeys.all, 'list'] as const,
  list: (query: OrganizationListRequest) => [...organizationAdminKeys.lists(), query] as const,
  /** Not under lists(): the rows' optimistic patches must not touch it; `all` invalidates it with them. */
  waitingCount: () => [...organizationAdminKeys.all, 'waiting-count'] as const,
};

/**
 * How many self sign-ups wait for release (the badge on „Unternehmen“, issue 48 item 3): the
 * approval queue's total, one row fetched. Asked again every five minutes and on focus.
 */
export function waitingOrganizationsCountQueryOptions() {
  return queryOptions({
    queryKey: organizationAdminKeys.waitingCount(),
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.organizations, {
        schema: organizationListResponseSchema,
        query: { status: 'waiting', pageSize: '1' },
        signal,
      }).then((page) => page.total),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    // A badge that cannot load is simply not shown.
    meta: { handledInline: true },
  });
}

export function organizationListQueryOptions(query: OrganizationListRequest) {
  return queryOptions({
    queryKey: organizationAdminKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.organizations, {
        schema: organizationListResponseSchema,
        query: requestQuery(query),
        signal,
      }),
    placeholderData: keepPreviousData,
    // The screen shows a load error with a retry button itself.
    meta: { handledInline: true },
  });
}

export type OrganizationToggle = 'active' | 'member';

/**
 * PUT …/toggle-active or …/toggle-member. Optimistic: the row's switch flips at once and flips
 * back if the server refuses; the answer then replaces the row.
 */
export function useToggleOrganization() {
  const queryClient = useQueryClient();
  const patchRows = (
    id: string,
    patch: (item: OrganizationListResponse['items'][number]) => OrganizationListResponse['items'][number],
  ) =>
    queryClient.setQueriesData<OrganizationListResponse>({ queryKey: organizationAdminKeys.lists() }, (page) =>
      page ? { ...page, items: page.items.map((item) => (item.id === id ? patch(item) : item)) } : page,
    );
  return useMutation({
    mutationFn: ({ id, field }: { id: string; field: OrganizationToggle; name: string }): Promise<Organization> =>
      apiRequest(
        apiPath(field === 'active' ? API_PATHS.organizationToggleActive : API_PATHS.organizationToggleMember, { id }),
        { method: 'PUT', schema: organizationSchema },
      ),
    meta: { handledInline: true },
    onMutate: async ({ id, field }) => {
      await queryClient.cancelQueries({ queryKey: organizationAdminKeys.lists() });
      patchRows(id, (item) =>
        field === 'active' ? { ...item, active: !item.active } : { ...item, member: !item.member },
      );
    },
    onError: (_error, { id, field }) => {
      patchRows(id, (item) =>
        field === 'active' ? { ...item, active: !item.active } : { ...item, member: !item.member },
      );
    },
    onSuccess: (organization) => {
      patchRows(organization.id, (item) => ({
        ...item,
        active: organization.active,
        member: organization.member,
        waiting: organization.waitingForApproval,
      }));
      queryClient.setQueryData(['organization', 'detail', organization.id], organization);
      void queryClient.invalidateQueries({ queryKey: organizationAdminKeys.waitingCount() });
    },
  });
}
