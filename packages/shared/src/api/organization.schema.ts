import { z } from 'zod';
import { regionSchema } from './enums.schema';
import { idSchema, optionalUrlSchema, pageQuerySchema, pageSchema } from './fields';

export const organizationLinksSchema = z.object({
  dataProtection: optionalUrlSchema,
  website: optionalUrlSchema,
  linkedin: optionalUrlSchema,
  xing: optionalUrlSchema,
  instagram: optionalUrlSchema,
  facebook: optionalUrlSchema,
});
export type OrganizationLinks = z.infer<typeof organizationLinksSchema>;

export const ORGANIZATION_LINK_LABELS: Record<keyof OrganizationLinks, string> = {
  dataProtection: 'Datenschutzerklärung',
  website: 'Website',
  linkedin: 'LinkedIn',
  xing: 'Xing',
  instagram: 'Instagram',
  facebook: 'Facebook',
};

/** German texts of the organisation rules (API refusals and the web form's hints); `{email}` = support address. */
export const ORGANIZATION_MESSAGES = {
  /** An organisation user sent another region: refused, never silently dropped. */
  regionLocked:
    'Die Region Ihres Unternehmens kann nur Ihr Regionalpartner oder die Matchwerk-Verwaltung ändern. Bitte wenden Sie sich dafür an Ihren Regionalpartner.',
  /** Hint under the read-only region field of an organisation user. */
  regionLockedHint: 'Die Region ändert Ihr Regionalpartner. Wenn sie nicht stimmt, schreiben Sie bitte an {email}.',
  /** A partner tried to move an organisation into a region that is not theirs. */
  regionOutsidePartner: 'Sie können Unternehmen nur in Ihre eigenen Regionen verschieben.',
  /** Marks an organisation whose users have not confirmed their e-mail address yet (admins only see those). */
  emailUnverified: 'E-Mail nicht bestätigt',
  /** A partner created an organisation (or filtered the list) in a region that is not theirs. */
  regionNotOwn: 'Sie können Unternehmen nur in Ihren eigenen Regionen anlegen.',
  /** The first user's address already has an account: nothing was created. */
  firstUserEmailTaken: 'Für diese E-Mail-Adresse gibt es bereits ein Konto. Bitte laden Sie eine andere Adresse ein.',
  /** Banner for users of a deactivated organisation; `{contact}` = partner or support address. */
  deactivatedNotice:
    'Ihr Unternehmen ist derzeit deaktiviert. Ihre Stellenanzeigen sind für Bewerberinnen und Bewerber nicht sichtbar. Bitte wenden Sie sich an {contact}.',
  /** Banner for users of a self sign-up that waits for release. */
  waitingNotice:
    'Ihr Unternehmen wartet auf die Freischaltung durch Ihren Regionalpartner. Bis dahin sind Ihre Stellenanzeigen für Bewerberinnen und Bewerber nicht sichtbar. Fragen beantworten wir unter {contact}.',
} as const;

/** GET /rest/organization/{id} */
export const organizationSchema = z.object({
  id: idSchema,
  name: z.string(),
  region: regionSchema,
  active: z.boolean(),
  member: z.boolean(),
  employeeCount: z.number().int().nullable(),
  branch: z.string().nullable(),
  about: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  /** The phone number shows on the public posting pages. */
  contactPhonePublic: z.boolean(),
  contactMail: z.string().nullable(),
  links: z.object({
    dataProtection: z.string().nullable(),
    website: z.string().nullable(),
    linkedin: z.string().nullable(),
    xing: z.string().nullable(),
    instagram: z.string().nullable(),
    facebook: z.string().nullable(),
  }),
  /** Photo id of the logo, served by GET /rest/organization/{id}/photos/{photoId}. */
  logoPhotoId: z.string().nullable(),
  city: z.string().nullable(),
  /** When a partner or admin released it; null for a self sign-up not released yet. */
  approvedAt: z.iso.datetime({ offset: true }).nullable(),
  /** A self sign-up waiting for release (ADR 0020): inactive and never released. */
  waitingForApproval: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  /** Raised by every write; also the ETag (`"<version>"`). Send it back as If-Match when saving. */
  version: z.number().int().min(1),
});
export type Organization = z.infer<typeof organizationSchema>;

/** The phrase a user types to delete the company account (spec §5). */
export const DELETE_ACCOUNT_PHRASE = 'KONTO LÖSCHEN';

export const ORGANIZATION_SORT_FIELDS = [
  'name',
  'region',
  'city',
  'createdAt',
  'vacancies',
  'openMatchings',
  'lastSignInAt',
] as const;
export type OrganizationSortField = (typeof ORGANIZATION_SORT_FIELDS)[number];

/** "true"/"false" in a query string → boolean (absent: no filter). */
const queryBooleanSchema = z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * GET /rest/organization/ — organisations the signed-in admin or partner manages (paged).
 * `search` finds name, place or an e-mail of one of its users; `region` must be one of a
 * partner's own regions (403 otherwise); `status=waiting` lists the approval queue.
 */
export const organizationListQuerySchema = pageQuerySchema(ORGANIZATION_SORT_FIELDS, 'name').extend({
  region: regionSchema.optional(),
  active: queryBooleanSchema.optional(),
  member: queryBooleanSchema.optional(),
  status: z.enum(['waiting']).optional(),
});
export type OrganizationListQuery = z.input<typeof organizationListQuerySchema>;
export type OrganizationListQueryParsed = z.output<typeof organizationListQuerySchema>;
export const organizationListItemSchema = z.object({
  id: idSchema,
  name: z.string(),
  region: regionSchema,
  city: z.string().nullable(),
  active: z.boolean(),
  member: z.boolean(),
  /** A self sign-up waiting for release (shown as „Neu“). */
  waiting: z.boolean(),
  /**
   * False while the organisation's users (from sign-up) have not confirmed their e-mail.
   * Partners never see such organisations; admins see them marked.
   */
  emailVerified: z.boolean(),
  activeVacancies: z.number().int(),
  vacancies: z.number().int(),
  users: z.number().int(),
  openMatchings: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Newest sign-in of any of its users; null if none signed in yet. */
  lastSignInAt: z.iso.datetime({ offset: true }).nullable(),
});
export type OrganizationListItem = z.infer<typeof organizationListItemSchema>;
export const organizationListResponseSchema = pageSchema(organizationListItemSchema);
export type OrganizationListResponse = z.infer<typeof organizationListResponseSchema>;
