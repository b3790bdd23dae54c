export const USER_TYPES = ['ADMIN', 'REGIONAL_PARTNER', 'ORGANIZATION', 'STATISTICS', 'APPLICANT'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const USER_TYPE_LABELS: Record<UserType, string> = {
  ADMIN: 'Administrator',
  REGIONAL_PARTNER: 'Regionalpartner',
  ORGANIZATION: 'Unternehmen',
  STATISTICS: 'Statistik',
  APPLICANT: 'Bewerber/in',
};

export const ACTOR_KINDS = ['APPLICANT', 'ORGANIZATION', 'SYSTEM', 'ADMIN'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

export const NOTIFICATION_INTERVALS = ['IMMEDIATELY', 'DAILY', 'WEEKLY'] as const;
export type NotificationInterval = (typeof NOTIFICATION_INTERVALS)[number];
export const NOTIFICATION_INTERVAL_LABELS: Record<NotificationInterval, string> = {
  IMMEDIATELY: 'sofort',
  DAILY: 'täglich',
  WEEKLY: 'wöchentlich',
};
