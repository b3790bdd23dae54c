import type { CurrentUser } from '@matchwerk/shared';
import type { SessionActor } from '../../access/actor';

/** Actor (auth user + our user row + organisation) → the shared currentUser answer. */
export function toCurrentUser(actor: SessionActor): CurrentUser {
  const region =
    actor.type === 'ORGANIZATION'
      ? (actor.organization?.region ?? null)
      : actor.type === 'REGIONAL_PARTNER'
        ? (actor.regions[0] ?? null)
        : null;
  return {
    id: actor.userId,
    type: actor.type,
    email: actor.email,
    emailVerified: actor.emailVerified,
    name: actor.name,
    region,
    regions: actor.type === 'REGIONAL_PARTNER' ? [...actor.regions] : [],
    organizationId: actor.organizationId,
    organization: actor.organization,
    privacyStatementSignedAt: actor.privacyStatementSignedAt?.toISOString() ?? null,
    termsAndConditionsSignedAt: actor.termsAndConditionsSignedAt?.toISOString() ?? null,
    legalDue: actor.legalDue.map((due) => ({ ...due })),
    ...(actor.candidateLegalDue ? { candidateLegalDue: actor.candidateLegalDue.map((due) => ({ ...due })) } : {}),
    ...(actor.parentalConsent
      ? { parentalConsent: { ...actor.parentalConsent, blockedActions: [...actor.parentalConsent.blockedActions] } }
      : {}),
    notifications: { notifyViaMail: actor.notifyViaMail, interval: actor.notificationInterval },
  };
}
