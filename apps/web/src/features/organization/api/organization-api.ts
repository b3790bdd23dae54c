import {
  API_PATHS,
  apiPath,
  currentUserSchema,
  organizationSchema,
  vacancyListResponseSchema,
  type OrganizationCreateInput,
  type NotificationSettings,
  type Organization,
  type OrganizationInput,
} from '@matchwerk/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { organizationPaths, userPaths } from '../../../lib/api-paths';
import { compressImage } from '../../../lib/image-compression';
import { sessionKeys } from '../../../lib/session';
import { uploadFile } from '../../../lib/upload';

export const organizationKeys = {
  all: ['organization'] as const,
  detail: (id: string) => [...organizationKeys.all, 'detail', id] as const,
};

export function organizationQueryOptions(id: string) {
  return queryOptions({
    queryKey: organizationKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(organizationPaths.detail(id), { schema: organizationSchema, signal }),
    // The screen shows a load error with a retry button itself.
    meta: { handledInline: true },
  });
}

export function organizationPhotoUrl(id: string, photoId: string): string {
  return organizationPaths.photo(id, photoId);
}

// Validation and upload errors are shown next to the form or the uploader.
const inline = { handledInline: true } as const;

/** Saves the profile; `version` is the one the form was based on (If-Match: a newer stored one answers 412). */
export function useUpdateOrganization(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, version }: { body: OrganizationInput; version: number }) =>
      apiRequest(organizationPaths.detail(id), { method: 'PUT', body, schema: organizationSchema, ifMatch: version }),
    meta: inline,
    onSuccess: (organization) => {
      queryClient.setQueryData(organizationKeys.detail(id), organization);
      // The sidebar and region theme read the organisation summary of the current user.
      void queryClient.invalidateQueries({ queryKey: sessionKeys.currentUser });
    },
  });
}

/** Loads the newest stored version (after a 412), bypassing the cache's freshness. */
export function useFetchLatestOrganization(id: string) {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery({ ...organizationQueryOptions(id), staleTime: 0 });
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizationCreateInput) =>
      apiRequest(organizationPaths.create, { method: 'POST', body, schema: organizationSchema }),
    meta: inline,
    onSuccess: (organization) => {
      queryClient.setQueryData(organizationKeys.detail(organization.id), organization);
    },
  });
}

export function useUploadLogo(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) => {
      const compressed = await compressImage(file);
      return uploadFile(organizationPaths.logo(id), {
        file: compressed,
        fileName: compressed.name,
        schema: organizationSchema,
        ...(onProgress ? { onProgress } : {}),
      });
    },
    meta: inline,
    onSuccess: (organization) => queryClient.setQueryData(organizationKeys.detail(id), organization),
  });
}

export function useDeleteLogo(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(organizationPaths.photos(id), { method: 'DELETE', schema: organizationSchema }),
    meta: inline,
    onSuccess: (organization: Organization) => queryClient.setQueryData(organizationKeys.detail(id), organization),
  });
}

export function useDeleteOrganization(id: string) {
  return useMutation({
    mutationFn: () => apiRequest(organizationPaths.detail(id), { method: 'DELETE' }),
    meta: inline,
  });
}

export function useUpdateNotifications(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettings) =>
      apiRequest(userPaths.notifications(userId), { method: 'PUT', body, schema: currentUserSchema }),
    onSuccess: (user) => queryClient.setQueryData(sessionKeys.currentUser, user),
  });
}

/** Postings of one organisation for the administration panel (GET /rest/vacancy?organizationId=…). */
export function organizationVacanciesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...organizationKeys.all, 'vacancies', organizationId] as const,
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.vacancies, {
        schema: vacancyListResponseSchema,
        query: { organizationId, sort: 'title', pageSize: '50' },
        signal,
      }),
    meta: { handledInline: true },
  });
}

/** PUT …/toggle-active or …/toggle-member (admins, partners of the region); the answer replaces the cached organisation. */
export function useToggleOrganizationStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (field: 'active' | 'member') =>
      apiRequest(
        apiPath(field === 'active' ? API_PATHS.organizationToggleActive : API_PATHS.organizationToggleMember, { id }),
        { method: 'PUT', schema: organizationSchema },
      ),
    meta: inline,
    onSuccess: (organization) => {
      queryClient.setQueryData(organizationKeys.detail(id), organization);
      // The administration list shows the switches too.
      void queryClient.invalidateQueries({ queryKey: ['organizations-admin'] });
    },
  });
}
