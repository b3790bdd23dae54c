/**
 * User administration (issue #10, spec §7 GET /rest/users/, POST /rest/users/organization):
 * the list, create and edit contracts, the typed delete phrase and the German rule texts.
 * Applicants are not managed here (they use the candidate app); the list never shows them.
 * Nobody sets another person's password: a created user is invited by link (ADR 0124).
 */
import { z } from 'zod';
import { regionSchema } from './enums.schema';
import type { UserType } from '../users';
import { idSchema, pageQuerySchema, pageSchema, safeString } from './fields';

/** User types the administration lists and manages (every type but APPLICANT). */
export const MANAGED_USER_TYPES = [
  'ADMIN',
  'REGIONAL_PARTNER',
  'ORGANIZATION',
  'STATISTICS',
] as const satisfies readonly UserType[];
export type ManagedUserType = (typeof MANAGED_USER_TYPES)[number];
export const managedUserTypeSchema = z.enum(MANAGED_USER_TYPES, { error: 'Bitte wählen Sie einen Typ.' });

/** The phrase an administrator or partner types to delete a user. */
export const DELETE_USER_PHRASE = 'NUTZER LÖSCHEN';

export const USER_SORT_FIELDS = ['email', 'name', 'type', 'createdAt', 'lastSignInAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/** "true" / "false" in a query string (anything else is refused). */
const queryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');

/** GET /rest/users/ — paged, searchable (e-mail, name, organisation name), filterable. */
export const userListQuerySchema = pageQuerySchema(USER_SORT_FIELDS, 'email').extend({
  type: managedUserTypeSchema.optional(),
  organizationId: idSchema.optional(),
  region: regionSchema.optional(),
  emailVerified: queryBoolean.optional(),
  disabled: queryBoolean.optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;
export type UserListQueryParsed = z.output<typeof userListQuerySchema>;

const dateTime = z.iso.datetime({ offset: true });

export const userListItemSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  type: managedUserTypeSchema,
  organization: z.object({ id: z.string(), name: z.string(), region: regionSchema }).nullable(),
  /** A partner's regions; a statistics user's one region (empty = all regions); otherwise empty. */
  regions: z.array(regionSchema),
  emailVerified: z.boolean(),
  lastSignInAt: dateTime.nullable(),
  createdAt: dateTime,
  disabled: z.boolean(),
  disabledAt: dateTime.nullable(),
  /** "Eingeladen": no password yet — the set-password link of the invitation has not been used (ADR 0124). */
  invitationPending: z.boolean(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;
export const userListResponseSchema = pageSchema(userListItemSchema);
export type UserListResponse = z.infer<typeof userListResponseSchema>;

const userEmailSchema = z
  .string({ error: 'Bitte geben Sie eine E-Mail-Adresse ein.' })
  .trim()
  .min(1, 'Bitte geben Sie eine E-Mail-Adresse ein.')
  .max(254, 'Die E-Mail-Adresse ist zu lang.')
  .pipe(z.email({ error: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' }))
  .transform((value) => value.toLowerCase());

const userNameSchema = safeString({ error: 'Bitte geben Sie den Namen ein.' })
  .trim()
  .min(1, 'Bitte geben Sie den Namen ein.')
  .max(120, 'Der Name darf höchstens 120 Zeichen lang sein.');

const organizationIdSchema = z
  .string({ error: 'Bitte wählen Sie ein Unternehmen.' })
  .min(1, 'Bitte wählen Sie ein Unternehmen.')
  .max(64);

/**
 * The role part of a user: type with what that type needs (organisation, regions). Strict: an
 * unknown field (a `password`, say) is refused with a German 400, never silently dropped.
 */
const roleVariants = [
  z.strictObject({ type: z.literal('ORGANIZATION'), organization: organizationIdSchema }),
  z.strictObject({
    type: z.literal('REGIONAL_PARTNER'),
    regions: z
      .array(regionSchema)
      .min(1, 'Bitte wählen Sie mindestens eine Region.')
      .max(30)
      .transform((regions) => [...new Set(regions)]),
  }),
  /** A statistics user sees one region, or every region when none is given. */
  z.strictObject({
    type: z.literal('STATISTICS'),
    region: regionSchema.nullish().transform((value) => value ?? null),
  }),
  z.strictObject({ type: z.literal('ADMIN') }),
] as const;

const personFields = { email: userEmailSchema, name: userNameSchema };

/** The person and role of a user: what creating and editing take (never a password). */
const userSchema = z.discriminatedUnion('type', [
  roleVariants[0].extend(personFields),
  roleVariants[1].extend(personFields),
  roleVariants[2].extend(personFields),
  roleVariants[3].extend(personFields),
]);

/**
 * POST /rest/users/organization — one endpoint for every managed type (e-mail, name,
 * organisation; admins also partners, statistics users and admins). No password: the new user
 * gets an invitation mail and sets it (ADR 0124). Partners may only create ORGANIZATION users
 * of organisations in their regions.
 */
export const userCreateSchema = userSchema;
export type UserCreateInput = z.input<typeof userCreateSchema>;
export type UserCreate = z.output<typeof userCreateSchema>;

/** PUT /rest/users/{userId} — name, e-mail and role (type change: admins only). */
export const userUpdateSchema = userSchema;
export type UserUpdateInput = z.input<typeof userUpdateSchema>;
export type UserUpdate = z.output<typeof userUpdateSchema>;

/** German texts of the user administration's rules (API refusals, disabled actions' tooltips). */
export const USER_ADMIN_MESSAGES = {
  emailTaken: 'Mit dieser E-Mail-Adresse besteht bereits ein Konto.',
  selfDisable: 'Sie können Ihren eigenen Zugang nicht deaktivieren.',
  selfDelete: 'Sie können Ihren eigenen Zugang hier nicht löschen.',
  selfDemote: 'Sie können Ihre eigene Rolle nicht ändern.',
  lastAdmin: 'Der letzte aktive Administrator kann nicht deaktiviert, gelöscht oder herabgestuft werden.',
  partnerOnlyOrganizationUsers: 'Als Regionalpartner legen Sie nur Nutzer für Unternehmen Ihrer Regionen an.',
  organizationNotFound: 'Dieses Unternehmen gibt es nicht oder es liegt nicht in Ihren Regionen.',
  alreadyVerified: 'Die E-Mail-Adresse dieses Nutzers ist bereits bestätigt.',
  passwordAlreadySet:
    'Für diesen Zugang wurde das Passwort bereits festgelegt. Bei Bedarf senden Sie einen Passwort-Reset.',
  disabledSignIn:
    'Ihr Zugang wurde deaktiviert. Bitte wenden Sie sich an Ihren Regionalpartner oder an den Matchwerk-Support.',
} as const;
