import type { InvitationInfo, TeamInvitation, TeamMember } from '@matchwerk/shared';
import type { InvitationRow, PendingInvitationRow, TeamMemberRow } from './invitations.repository';

export function toTeamMember(row: TeamMemberRow, selfId: string): TeamMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    emailVerified: row.emailVerified,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    disabled: row.disabledAt !== null,
    isSelf: row.id === selfId,
  };
}

export function toTeamInvitation(row: InvitationRow): TeamInvitation {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** What the public accept screen may show: no ids, only what the mail said anyway. */
export function toInvitationInfo(row: PendingInvitationRow): InvitationInfo {
  return {
    organizationName: row.organization.name,
    email: row.email,
    name: row.name,
    expiresAt: row.expiresAt.toISOString(),
  };
}
