/**
 * What is sent to create or change an organisation (the input side of organization.schema.ts),
 * in a module of its own so that screens which only read organisations do not load the input
 * rules and the phone-number library with them (issue #12).
 */
import { z } from 'zod';
import { regionSchema } from './enums.schema';
import { companyNameSchema } from './auth.schema';
import { optionalEmailSchema, optionalText, safeString } from './fields';
import { organizationLinksSchema } from './organization.schema';
import { optionalPhoneSchema } from './phone';

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
  /** Show the phone number on the public pages (issue #13); left out = unchanged (new organisations: off). */
  contactPhonePublic: z.boolean({ error: 'Bitte wählen Sie, ob die Telefonnummer öffentlich ist.' }).optional(),
  contactMail: optionalEmailSchema,
  links: organizationLinksSchema,
  /** Place (Ort) shown in the administration's lists. */
  city: optionalText(100, 'Der Ort'),
});
export type OrganizationInput = z.input<typeof organizationInputSchema>;
export type OrganizationInputParsed = z.output<typeof organizationInputSchema>;

/** The first user of a new organisation: gets an invitation mail. */
export const organizationFirstUserSchema = z.object({
  email: z
    .string({ error: 'Bitte geben Sie die E-Mail-Adresse ein.' })
    .trim()
    .min(1, 'Bitte geben Sie die E-Mail-Adresse ein.')
    .max(254, 'Die E-Mail-Adresse ist zu lang.')
    .pipe(z.email({ error: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' }))
    .transform((value) => value.toLowerCase()),
  name: safeString({ error: 'Bitte geben Sie den Namen ein.' })
    .trim()
    .min(1, 'Bitte geben Sie den Namen ein.')
    .max(120, 'Der Name darf höchstens 120 Zeichen lang sein.'),
});

/** POST /rest/organization/ — admins and partners create an organisation (released at once). */
export const organizationCreateSchema = organizationInputSchema.extend({
  firstUser: organizationFirstUserSchema.nullish().transform((value) => value ?? null),
});
export type OrganizationCreateInput = z.input<typeof organizationCreateSchema>;
export type OrganizationCreateInputParsed = z.output<typeof organizationCreateSchema>;
