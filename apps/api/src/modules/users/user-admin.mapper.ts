import type { ManagedUserType, UserListItem } from '@matchwerk/shared';
import type { ManagedUserRow, UserSnapshot } from './user-admin.repository';

/** A managed user's row → the list item the administration shows (applicants never get here). */
export function toUserListItem(row: ManagedUserRow): UserListItem {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    type: row.type as ManagedUserType,
    organization: row.organization,
    regions: row.type === 'REGIONAL_PARTNER' || row.type === 'STATISTICS' ? [...row.regions] : [],
    emailVerified: row.emailVerified,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    disabled: row.disabledAt !== null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    invitationPending: !row.hasPassword,
  };
}

/** What the audit log keeps of a user before and after a change (no secrets). */
export function toUserSnapshot(
  row: Pick<ManagedUserRow, 'email' | 'name' | 'type' | 'regions' | 'organizationId'>,
): UserSnapshot {
  return {
    email: row.email,
    name: row.name,
    type: row.type,
    regions: [...row.regions],
    organizationId: row.organizationId,
  };
}
