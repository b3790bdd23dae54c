/**
 * The team of an organisation (colleagues and open invitations) and the public invitation
 * link. Errors are shown next to the dialogs and lists (`handledInline`).
 */
import {
  acceptInvitationResponseSchema,
  API_PATHS,
  apiPath,
  invitationInfoSchema,
  teamInvitationSchema,
  teamSchema,
  type AcceptInvitationRequest,
  type TeamInvitationRequest,
} from '@matchwerk/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const inline = { handledInline: true } as const;

export const teamPaths = {
  team: (organizationId: string) => apiPath(API_PATHS.organizationTeam, { id: organizationId }),
  invitations: (organizationId: string) => apiPath(API_PATHS.organizationTeamInvitations, { id: organizationId }),
  invitation: (organizationId: string, invitationId: string) =>
    apiPath(API_PATHS.organizationTeamInvitation, { id: organizationId, invitationId }),
  member: (organizationId: string, userId: string) =>
    apiPath(API_PATHS.organizationTeamMember, { id: organizationId, userId }),
  publicInvitation: (token: string) => apiPath(API_PATHS.invitation, { token }),
  accept: (token: string) => apiPath(API_PATHS.invitationAccept, { token }),
} as const;

export const teamKeys = {
  all: ['team'] as const,
  detail: (organizationId: string) => [...teamKeys.all, organizationId] as const,
};

export function teamQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: teamKeys.detail(organizationId),
    queryFn: ({ signal }) => apiRequest(teamPaths.team(organizationId), { schema: teamSchema, signal }),
    meta: inline,
  });
}

/** Every change refetches the team: the list is small and the server decides what is open. */
function useInvalidateTeam(organizationId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.detail(organizationId) });
}

export function useInviteColleague(organizationId: string) {
  const invalidate = useInvalidateTeam(organizationId);
  return useMutation({
    mutationFn: (body: TeamInvitationRequest) =>
      apiRequest(teamPaths.invitations(organizationId), { method: 'POST', body, schema: teamInvitationSchema }),
    meta: inline,
    onSuccess: invalidate,
  });
}

export function useRevokeInvitation(organizationId: string) {
  const invalidate = useInvalidateTeam(organizationId);
  return useMutation({
    mutationFn: (invitationId: string) =>
      apiRequest(teamPaths.invitation(organizationId, invitationId), { method: 'DELETE' }),
    meta: inline,
    onSettled: invalidate,
  });
}

export function useRemoveMember(organizationId: string) {
  const invalidate = useInvalidateTeam(organizationId);
  return useMutation({
    mutationFn: (userId: string) => apiRequest(teamPaths.member(organizationId, userId), { method: 'DELETE' }),
    meta: inline,
    onSettled: invalidate,
  });
}

/** What the accept screen shows for a link; never retried (404/409 are answers, not glitches). */
export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => apiRequest(teamPaths.publicInvitation(token), { schema: invitationInfoSchema, signal }),
    retry: false,
    staleTime: Infinity,
    meta: inline,
  });
}

export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: (body: AcceptInvitationRequest) =>
      apiRequest(teamPaths.accept(token), { method: 'POST', body, schema: acceptInvitationResponseSchema }),
    meta: inline,
  });
}
