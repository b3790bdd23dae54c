import jsonld from 'jsonld';
import { z } from 'zod';

/**
 * Test helper: checks a JobPosting against Google's job posting structured data (required and
 * recommended properties and their allowed values, developers.google.com/search/docs/appearance/
 * structured-data/job-posting) with a zod schema written from it, and against schema.org itself by
 * expanding the JSON-LD (jsonld.js) and checking every property IRI against schema.org's
 * definitions of the types used.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/, 'ISO 8601 date');
const absoluteUrl = z.url({ protocol: /^https?$/ });
const EMPLOYMENT_TYPES = [
  'FULL_TIME',
  'PART_TIME',
  'CONTRACTOR',
  'TEMPORARY',
  'INTERN',
  'VOLUNTEER',
  'PER_DIEM',
  'OTHER',
] as const;

const quantitativeValue = z
  .object({
    '@type': z.literal('QuantitativeValue'),
    value: z.number().nonnegative().optional(),
    minValue: z.number().nonnegative().optional(),
    maxValue: z.number().nonnegative().optional(),
    unitText: z.enum(['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR']),
  })
  .strict()
  .refine(
    (value) =>
      value.value !== undefined ||
      (value.minValue !== undefined && value.maxValue !== undefined && value.minValue <= value.maxValue),
    'value or minValue ≤ maxValue',
  );

export const googleJobPostingSchema = z
  .object({
    '@context': z.literal('https://schema.org'),
    '@type': z.literal('JobPosting'),
    // Required by Google.
    title: z.string().min(1),
    description: z.string().min(1),
    datePosted: isoDate,
    hiringOrganization: z
      .object({
        '@type': z.literal('Organization'),
        name: z.string().min(1),
        sameAs: absoluteUrl.optional(),
        logo: absoluteUrl.optional(),
      })
      .strict(),
    jobLocation: z
      .object({
        '@type': z.literal('Place'),
        address: z
          .object({
            '@type': z.literal('PostalAddress'),
            streetAddress: z.string().min(1).optional(),
            postalCode: z.string().min(1),
            addressLocality: z.string().min(1),
            addressRegion: z.string().optional(),
            addressCountry: z.string().min(2),
          })
          .strict(),
        geo: z
          .object({
            '@type': z.literal('GeoCoordinates'),
            latitude: z.number().min(-90).max(90),
            longitude: z.number().min(-180).max(180),
          })
          .strict()
          .optional(),
      })
      .strict(),
    // Recommended by Google.
    validThrough: isoDate.optional(),
    employmentType: z.union([z.enum(EMPLOYMENT_TYPES), z.array(z.enum(EMPLOYMENT_TYPES)).min(1)]),
    directApply: z.boolean(),
    identifier: z
      .object({ '@type': z.literal('PropertyValue'), name: z.string().min(1), value: z.string().min(1) })
      .strict(),
    baseSalary: z
      .object({
        '@type': z.literal('MonetaryAmount'),
        currency: z.string().regex(/^[A-Z]{3}$/),
        value: quantitativeValue,
      })
      .strict()
      .optional(),
    // Further schema.org properties we fill where they fit.
    url: absoluteUrl,
    image: absoluteUrl.optional(),
    jobStartDate: isoDate.optional(),
    occupationalCategory: z.string().min(1).optional(),
    educationRequirements: z
      .object({ '@type': z.literal('EducationalOccupationalCredential'), credentialCategory: z.string().min(1) })
      .strict()
      .optional(),
  })
  .strict()
  .refine(
    (posting) => !posting.validThrough || posting.validThrough.slice(0, 10) >= posting.datePosted.slice(0, 10),
    'validThrough before datePosted',
  );

/** Zod check (Google's rules); throws with the issues. */
export function assertValidJobPosting(value: unknown): asserts value is z.infer<typeof googleJobPostingSchema> {
  const result = googleJobPostingSchema.safeParse(value);
  if (!result.success) throw new Error(`invalid JobPosting: ${JSON.stringify(result.error.issues, null, 2)}`);
}

const SCHEMA = 'https://schema.org/';
/**
 * schema.org's properties of the types a JobPosting of ours uses (each type's own and inherited
 * ones that we use, from the schema.org definitions): an expanded IRI outside these is a property
 * schema.org does not define for that type.
 */
const PROPERTIES_BY_TYPE: Record<string, readonly string[]> = {
  JobPosting: [
    'title',
    'description',
    'datePosted',
    'validThrough',
    'employmentType',
    'directApply',
    'hiringOrganization',
    'jobLocation',
    'baseSalary',
    'identifier',
    'url',
    'image',
    'jobStartDate',
    'occupationalCategory',
    'educationRequirements',
    'name',
    'sameAs',
  ],
  Organization: ['name', 'sameAs', 'logo', 'url'],
  Place: ['address', 'geo', 'name'],
  PostalAddress: ['streetAddress', 'postalCode', 'addressLocality', 'addressRegion', 'addressCountry'],
  GeoCoordinates: ['latitude', 'longitude'],
  MonetaryAmount: ['currency', 'value', 'minValue', 'maxValue'],
  QuantitativeValue: ['value', 'minValue', 'maxValue', 'unitText', 'unitCode'],
  PropertyValue: ['name', 'value', 'propertyID'],
  EducationalOccupationalCredential: ['credentialCategory', 'name'],
};

/** The context document for https://schema.org, offline: schema.org's context maps every term into its vocabulary. */
const SCHEMA_ORG_CONTEXT = { '@context': { '@vocab': SCHEMA } };

const documentLoader = (url: string) => {
  if (url.replace(/\/$/, '') !== SCHEMA.replace(/\/$/, '')) throw new Error(`no remote contexts in tests: ${url}`);
  return Promise.resolve({ contextUrl: undefined, documentUrl: url, document: SCHEMA_ORG_CONTEXT });
};

type Expanded = Record<string, unknown>;

function checkNode(node: Expanded, path: string, problems: string[]): void {
  const types = (node['@type'] as string[] | undefined) ?? [];
  if (types.length !== 1 || !types[0]!.startsWith(SCHEMA)) {
    problems.push(`${path}: type ${JSON.stringify(types)} is not one schema.org type`);
    return;
  }
  const type = types[0]!.slice(SCHEMA.length);
  const allowed = PROPERTIES_BY_TYPE[type];
  if (!allowed) {
    problems.push(`${path}: unexpected type ${type}`);
    return;
  }
  for (const [key, values] of Object.entries(node)) {
    if (key.startsWith('@')) continue;
    if (!key.startsWith(SCHEMA) || !allowed.includes(key.slice(SCHEMA.length))) {
      problems.push(`${path}: ${key} is no property of schema.org/${type}`);
      continue;
    }
    for (const value of values as Expanded[])
      if (value['@type']) checkNode(value, `${path}.${key.slice(SCHEMA.length)}`, problems);
  }
}

/** Expands the JSON-LD and returns the problems (none = every term is a schema.org property of its type). */
export async function schemaOrgProblems(value: unknown): Promise<string[]> {
  // jsonld's types want a JsonLdDocument; the value is parsed JSON.
  const expanded = (await jsonld.expand(value as jsonld.JsonLdDocument, {
    documentLoader: documentLoader,
  })) as Expanded[];
  const problems: string[] = [];
  if (expanded.length !== 1) problems.push(`expected one node, got ${expanded.length}`);
  for (const node of expanded) checkNode(node, 'JobPosting', problems);
  return problems;
}
