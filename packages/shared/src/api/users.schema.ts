import { z } from 'zod';
import { regionSchema } from './enums.schema';
import { LEGAL_DOCUMENTS } from '../legal';
import { currentUserConsentSchema } from './candidate-consent.schema';
import { dueCandidateLegalDocumentSchema } from './candidate-legal.schema';
import { notificationIntervalSchema, userTypeSchema } from './enums.schema';

export const organizationSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  region: regionSchema,
});
export type OrganizationSummary = z.infer<typeof organizationSummarySchema>;

/**
 * The own organisation in GET current-user, with its status (ADR 0020): users of an inactive
 * organisation still sign in and the web app shows them a notice. Only here — postings and
 * chats carry the plain summary.
 */
export const currentUserOrganizationSchema = organizationSummarySchema.extend({
  /** False: deactivated (or waiting for release). */
  active: z.boolean(),
  /** A self sign-up not released yet by a partner or admin. */
  waitingForApproval: z.boolean(),
});
export type CurrentUserOrganization = z.infer<typeof currentUserOrganizationSchema>;

export const notificationSettingsSchema = z.object({
  notifyViaMail: z.boolean(),
  interval: notificationIntervalSchema,
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const legalDocumentSchema = z.enum(LEGAL_DOCUMENTS);

/** A legal document the user still has to accept in its current version (ADR 0037). */
export const dueLegalDocumentSchema = z.object({
  document: legalDocumentSchema,
  /** The current version (ISO date of its "Fassung vom"). */
  version: z.string(),
  /** The newest version the user accepted before, null if none: the gate says "geändert" then. */
  acceptedVersion: z.string().nullable(),
});

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
  organization: currentUserOrganizationSchema.nullable(),
  privacyStatementSignedAt: z.iso.datetime({ offset: true }).nullable(),
  termsAndConditionsSignedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Documents whose current version the user has not accepted: the legal gate stays closed while any is listed. */
  legalDue: z.array(dueLegalDocumentSchema),
  /**
   * Candidates only (ADR 0102): their own texts whose current version they have not accepted;
   * the app asks them to accept (POST /rest/applicant/legal/acceptances). Absent for web-app users.
   */
  candidateLegalDue: z.array(dueCandidateLegalDocumentSchema).optional(),
  /**
   * Candidates only (ADR 0097): the parental consent — NOT_REQUIRED from 16, otherwise PENDING,
   * CONFIRMED, DECLINED or REVOKED — and what it blocks (interest, chat). Absent for web-app users.
   */
  parentalConsent: currentUserConsentSchema.optional(),
  notifications: notificationSettingsSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
