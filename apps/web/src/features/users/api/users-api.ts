/** The user administration's calls (GET/POST/PUT/DELETE /rest/users/…): query keys, options, mutations. */
import {
  API_PATHS,
  apiPath,
  okResponseSchema,
  userListItemSchema,
  userListResponseSchema,
  type UserCreate,
  type UserListQueryParsed,
  type UserUpdate,
} from '@matchwerk/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { requestQuery } from '../../../components/lists/list-request-query';

/** GET /rest/users/ query as the list sends it: the shared schema's parsed form. */
export type UserListRequest = UserListQueryParsed;

export const userAdminKeys = {
  all: ['users-admin'] as const,
  lists: () => [...userAdminKeys.all, 'list'] as const,
  list: (query: UserListRequest) => [...userAdminKeys.lists(), query] as const,
};

export function userListQueryOptions(query: UserListRequest) {
  return queryOptions({
    queryKey: userAdminKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.users, { schema: userListResponseSchema, query: requestQuery(query), signal }),
    placeholderData: keepPreviousData,
    // The screen shows a load error with a retry button itself.
    meta: { handledInline: true },
  });
}

/** Organisations the admin or partner manages, for the filter and the dialog (server-side search). */
const userPath = (template: string, userId: string) => apiPath(template, { userId });
// Field and action errors are shown in the dialog or snackbar of the screen itself.
const inline = { handledInline: true } as const;

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: userAdminKeys.lists() });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (input: UserCreate) =>
      apiRequest(API_PATHS.userCreate, { method: 'POST', body: input, schema: userListItemSchema }),
    onSuccess: invalidate,
    meta: inline,
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: string; input: UserUpdate }) =>
      apiRequest(userPath(API_PATHS.user, userId), { method: 'PUT', body: input, schema: userListItemSchema }),
    onSuccess: invalidate,
    meta: inline,
  });
}

export type UserAction = 'disable' | 'enable' | 'passwordReset' | 'resendConfirmation' | 'resendInvitation' | 'delete';

/** The row actions: one mutation, the action named in the variables. */
export function useUserAction() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: async ({ userId, action }: { userId: string; action: UserAction }) => {
      switch (action) {
        case 'disable':
          return apiRequest(userPath(API_PATHS.userDisable, userId), { method: 'PUT', schema: userListItemSchema });
        case 'enable':
          return apiRequest(userPath(API_PATHS.userEnable, userId), { method: 'PUT', schema: userListItemSchema });
        case 'passwordReset':
          return apiRequest(userPath(API_PATHS.userPasswordReset, userId), {
            method: 'POST',
            schema: okResponseSchema,
          });
        case 'resendConfirmation':
          return apiRequest(userPath(API_PATHS.userResendConfirmation, userId), {
            method: 'POST',
            schema: okResponseSchema,
          });
        case 'resendInvitation':
          return apiRequest(userPath(API_PATHS.userResendInvitation, userId), {
            method: 'POST',
            schema: okResponseSchema,
          });
        case 'delete':
          return apiRequest(userPath(API_PATHS.user, userId), { method: 'DELETE', allowNoContent: true });
      }
    },
    onSuccess: invalidate,
    meta: inline,
  });
}
