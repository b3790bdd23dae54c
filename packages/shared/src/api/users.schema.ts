import { z } from 'zod';
import { regionSchema } from '../regions';
import { notificationIntervalSchema, userTypeSchema } from '../users';

export const organizationSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  region: regionSchema,
});
export type OrganizationSummary = z.infer<typeof organizationSummarySchema>;

export const notificationSettingsSchema = z.object({
  notifyViaMail: z.boolean(),
  interval: notificationIntervalSchema,
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** GET /rest/users/current-user — the spec's {product}User plus the auth user's verified flag. */
export const currentUserSchema = z.object({
  id: z.string(),
  type: userTypeSchema,
  email: z.string(),
  emailVerified: z.boolean(),
  name: z.string(),
  /** Primary region: an organisation user's organisation region, a partner's first region. */
  region: regionSchema.nullable(),
  /** A regional partner's regions (one or more); otherwise empty. */
  regions: z.array(regionSchema),
  organizationId: z.string().nullable(),
  organization: organizationSummarySchema.nullable(),
  privacyStatementSignedAt: z.iso.datetime({ offset: true }).nullable(),
  termsAndConditionsSignedAt: z.iso.datetime({ offset: true }).nullable(),
  notifications: notificationSettingsSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Legal gate: both dates must be set before the user may do anything else. */
export function hasSignedLegal(user: Pick<CurrentUser, 'privacyStatementSignedAt' | 'termsAndConditionsSignedAt'>): boolean {
  return Boolean(user.privacyStatementSignedAt && user.termsAndConditionsSignedAt);
}
