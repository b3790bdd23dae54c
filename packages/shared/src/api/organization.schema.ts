import { z } from 'zod';
import { regionSchema } from '../regions';
import { companyNameSchema } from './auth.schema';
import { idSchema, optionalEmailSchema, optionalPhoneSchema, optionalText, optionalUrlSchema, pageQuerySchema, pageSchema } from './fields';

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

/** Editable fields of an organisation: PUT /rest/organization/{id}, POST /rest/organization/. */
export const organizationInputSchema = z.object({
  name: companyNameSchema,
  region: regionSchema,
  employeeCount: z
    .number({ error: 'Bitte geben Sie eine ganze Zahl ein.' })
    .int('Bitte geben Sie eine ganze Zahl ein.')
    .min(1, 'Die Anzahl muss mindestens 1 sein.')
    .max(1_000_000, 'Die Anzahl ist zu groß.')
    .nullish()
    .transform((value) => value ?? null),
  branch: optionalText(120, 'Die Branche'),
  /** Plain text with line breaks; never rendered as HTML. */
  about: optionalText(5000, 'Der Text'),
  contactName: optionalText(120, 'Der Name'),
  contactPhone: optionalPhoneSchema,
  contactMail: optionalEmailSchema,
  links: organizationLinksSchema,
});
export type OrganizationInput = z.input<typeof organizationInputSchema>;
export type OrganizationInputParsed = z.output<typeof organizationInputSchema>;

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
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  /** Raised by every write; also the ETag (`"<version>"`). Send it back as If-Match when saving. */
  version: z.number().int().min(1),
});
export type Organization = z.infer<typeof organizationSchema>;

/** The phrase a user types to delete the company account (spec §5). */
export const DELETE_ACCOUNT_PHRASE = 'KONTO LÖSCHEN';

export const ORGANIZATION_SORT_FIELDS = ['name', 'region', 'createdAt'] as const;
/** GET /rest/organization/ — organisations the signed-in admin or partner manages (paged). */
export const organizationListQuerySchema = pageQuerySchema(ORGANIZATION_SORT_FIELDS, 'name');
export type OrganizationListQuery = z.input<typeof organizationListQuerySchema>;
export const organizationListItemSchema = z.object({
  id: idSchema,
  name: z.string(),
  region: regionSchema,
  active: z.boolean(),
  member: z.boolean(),
  /**
   * False while the organisation's users (from sign-up) have not confirmed their e-mail.
   * Partners never see such organisations; admins see them marked.
   */
  emailVerified: z.boolean(),
});
export type OrganizationListItem = z.infer<typeof organizationListItemSchema>;
export const organizationListResponseSchema = pageSchema(organizationListItemSchema);
export type OrganizationListResponse = z.infer<typeof organizationListResponseSchema>;
