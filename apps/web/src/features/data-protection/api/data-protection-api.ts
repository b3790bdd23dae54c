import { API_PATHS, apiPath, retentionSettingsSchema, type RetentionSettingsInput } from '@matchwerk/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiErrorFromResponse, apiRequest } from '../../../lib/api-client';

export const retentionKeys = { settings: ['retention-settings'] as const };

export function retentionSettingsQueryOptions() {
  return queryOptions({
    queryKey: retentionKeys.settings,
    queryFn: ({ signal }) => apiRequest(API_PATHS.retentionSettings, { schema: retentionSettingsSchema, signal }),
  });
}

export function useRetentionSettings() {
  return useQuery(retentionSettingsQueryOptions());
}

export function useSaveRetentionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RetentionSettingsInput) =>
      apiRequest(API_PATHS.retentionSettings, { method: 'PUT', body: input, schema: retentionSettingsSchema }),
    onSuccess: (saved) => queryClient.setQueryData(retentionKeys.settings, saved),
    meta: { handledInline: true },
  });
}

/** The file name from `Content-Disposition: attachment; filename="…"`. */
export function fileNameOf(header: string | null, fallback: string): string {
  const match = header ? /filename="([^"]+)"/.exec(header) : null;
  return match?.[1] ?? fallback;
}

/**
 * Downloads the organisation's ZIP: fetched as a blob (so the screen can show progress and a
 * German error), then saved through a temporary link.
 */
export function useOrganizationExport(organizationId: string) {
  return useMutation({
    mutationFn: async () => {
      const response = await fetch(apiPath(API_PATHS.organizationExport, { id: organizationId }), {
        credentials: 'include',
        headers: { Accept: 'application/zip' },
      });
      if (!response.ok) throw apiErrorFromResponse(response.status, await response.text());
      const blob = await response.blob();
      const fileName = fileNameOf(response.headers.get('content-disposition'), 'matchwerk-export.zip');
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      // Give the browser the moment it needs to start the download before the URL goes.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return { fileName };
    },
    meta: { handledInline: true },
  });
}
