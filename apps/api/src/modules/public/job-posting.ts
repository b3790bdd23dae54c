import type { PostingType, PublicVacancy } from '@matchwerk/shared';
import type { JobPosting, WithContext } from 'schema-dts';
import { isGermany } from '../geocoding';

/**
 * schema.org `JobPosting` (Google's job posting structured data) of a public posting. The return
 * type comes from `schema-dts` (Google's schema.org types), so a property schema.org does not
 * define, or a value of the wrong kind, fails the type check; the test validates the output
 * against Google's required and recommended properties and expands it as JSON-LD.
 *
 * employmentType (Google's values): an apprenticeship and a dual study are full-time contracts,
 * an internship INTERN, a holiday job TEMPORARY, a voluntary service VOLUNTEER.
 */
export const EMPLOYMENT_TYPES: Record<PostingType, 'FULL_TIME' | 'INTERN' | 'TEMPORARY' | 'VOLUNTEER'> = {
  APPRENTICESHIP: 'FULL_TIME',
  DUAL_STUDY: 'FULL_TIME',
  INTERNSHIP: 'INTERN',
  HOLIDAY_JOB: 'TEMPORARY',
  VOLUNTARY_SERVICE: 'VOLUNTEER',
};

export interface JobPostingContext {
  /** Absolute URL of the public page (canonical). */
  url: string;
  /** Turns a same-origin path (image URLs) into an absolute URL. */
  absolute: (path: string) => string;
  /** Today in Europe/Berlin (YYYY-MM-DD): validThrough is only given for a start still ahead. */
  today: string;
}

function descriptionHtml(vacancy: PublicVacancy): string {
  const parts = [vacancy.description];
  if (vacancy.taskDescription) parts.push(`<h3>Deine Aufgaben</h3>${vacancy.taskDescription}`);
  if (vacancy.whatWereLookingFor) parts.push(`<h3>Das wünschen wir uns</h3>${vacancy.whatWereLookingFor}`);
  if (vacancy.about) parts.push(`<h3>Über uns</h3>${vacancy.about}`);
  return parts.join('');
}

export function toJobPosting(vacancy: PublicVacancy, context: JobPostingContext): WithContext<JobPosting> {
  const { location, organization } = vacancy;
  const salaries = vacancy.compensation.salaryPerTrainingYear;
  const start = vacancy.startOfTraining ?? vacancy.start;
  const image = vacancy.photos[0]?.url ?? organization.logoUrl;
  const posting: WithContext<JobPosting> = {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: vacancy.title,
    description: descriptionHtml(vacancy),
    url: context.url,
    identifier: { '@type': 'PropertyValue', name: 'Matchwerk', value: vacancy.id },
    datePosted: vacancy.createdAt.slice(0, 10),
    employmentType: EMPLOYMENT_TYPES[vacancy.type],
    directApply: false,
    hiringOrganization: {
      '@type': 'Organization',
      name: organization.name,
      ...(organization.links.website ? { sameAs: organization.links.website } : {}),
      ...(organization.logoUrl ? { logo: context.absolute(organization.logoUrl) } : {}),
    },
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        ...(location.street
          ? { streetAddress: [location.street, location.streetNumber].filter(Boolean).join(' ') }
          : {}),
        postalCode: location.zipCode,
        addressLocality: location.city,
        addressCountry: isGermany(location.country) ? 'DE' : location.country,
      },
      ...(location.geo
        ? { geo: { '@type': 'GeoCoordinates', latitude: location.geo.lat, longitude: location.geo.lng } }
        : {}),
    },
  };
  // A posting for a position that starts on a date is no longer open after it; without a start ahead, no end is claimed.
  // The application deadline, when given, is the posting's end (ADR 0042).
  if (vacancy.applicationDeadline) posting.validThrough = vacancy.applicationDeadline;
  else if (start && start > context.today) posting.validThrough = start;
  if (start) posting.jobStartDate = start;
  if (vacancy.trainingOccupationName) posting.occupationalCategory = vacancy.trainingOccupationName;
  // A dual study needs a university entrance qualification; the other types ask for none in particular.
  if (vacancy.type === 'DUAL_STUDY')
    posting.educationRequirements = { '@type': 'EducationalOccupationalCredential', credentialCategory: 'high school' };
  if (salaries.length > 0) {
    const min = Math.min(...salaries);
    const maxValue = Math.max(...salaries);
    posting.baseSalary = {
      '@type': 'MonetaryAmount',
      currency: 'EUR',
      // Pay per training year is monthly (spec §3): one value, or the range over the years.
      value:
        min === maxValue
          ? { '@type': 'QuantitativeValue', value: min, unitText: 'MONTH' }
          : { '@type': 'QuantitativeValue', minValue: min, maxValue, unitText: 'MONTH' },
    };
  }
  if (image) posting.image = context.absolute(image);
  return posting;
}

/**
 * JSON for a `<script type="application/ld+json">` block: `<` (and `>`, `&`, U+2028/2029) as
 * \u escapes, so no text of a posting can close the script element or open a comment.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
