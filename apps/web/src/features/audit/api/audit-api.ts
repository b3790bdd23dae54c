import { API_PATHS, apiPath, auditPageSchema, type AuditAction } from '@matchwerk/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * Whose history: one organisation's (with its users and invitations), one user's, or the whole
 * log (administrators' area, ADR 0120), optionally of one action.
 */
export type AuditSubject = { organizationId: string } | { userId: string } | { all: { action?: AuditAction } };

export const AUDIT_PAGE_SIZE = 20;

/** Invalidate `auditKeys.all` after an administrative change, so open histories refetch. */
export const auditKeys = {
  all: ['audit'] as const,
  organization: (id: string) => [...auditKeys.all, 'organization', id] as const,
  user: (id: string) => [...auditKeys.all, 'user', id] as const,
  log: (action: AuditAction | undefined) => [...auditKeys.all, 'log', action ?? null] as const,
};

function subjectPath(subject: AuditSubject): string {
  if ('all' in subject) return API_PATHS.audit;
  return 'organizationId' in subject
    ? apiPath(API_PATHS.organizationAudit, { id: subject.organizationId })
    : apiPath(API_PATHS.userAudit, { userId: subject.userId });
}

function subjectKey(subject: AuditSubject) {
  if ('all' in subject) return auditKeys.log(subject.all.action);
  return 'organizationId' in subject ? auditKeys.organization(subject.organizationId) : auditKeys.user(subject.userId);
}

/** Pages of one history, newest first; "Mehr laden" fetches the next page while loaded < total. */
export function auditHistoryQueryOptions(subject: AuditSubject) {
  return infiniteQueryOptions({
    queryKey: subjectKey(subject),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(subjectPath(subject), {
        query: {
          page: String(pageParam),
          pageSize: String(AUDIT_PAGE_SIZE),
          ...('all' in subject && subject.all.action ? { action: subject.all.action } : {}),
        },
        schema: auditPageSchema,
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => ((last.page + 1) * last.pageSize < last.total ? last.page + 1 : undefined),
    // The section shows its own error with a retry button.
    meta: { handledInline: true },
  });
}
