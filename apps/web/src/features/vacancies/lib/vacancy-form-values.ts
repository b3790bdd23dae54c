import type { vacancyInputSchema } from '@matchwerk/shared';
import {
  BENEFITS_BY_POSTING_TYPE,
  RICH_TEXT_FIELDS,
  vacancyInputFieldsSchema,
  withPostingDateRules,
  type Benefit,
  type PostingType,
  type Vacancy,
  type VacancyInput,
} from '@matchwerk/shared';
import { z } from 'zod';
import '../../../lib/locales/register-company-texts';
import { i18n } from '../../../lib/i18n';
import { sanitizeRichText } from '../../../lib/sanitize';

/**
 * The contract's vacancy input, plus the organisation an admin or partner picks on create, with
 * every date rule the API checks (ADR 0043): today in Berlin, and the stored dates of `stored`,
 * which may stay as they are even when they have passed.
 */
export function vacancyFormSchema(
  requiresOrganization: boolean,
  stored: Pick<Vacancy, 'start' | 'startOfTraining'> | null = null,
) {
  const fields = vacancyInputFieldsSchema.extend({
    organizationId: requiresOrganization
      ? z
          .string({ error: () => i18n.t('vacancies.organizationRequired') })
          .min(1, { error: () => i18n.t('vacancies.organizationRequired') })
      : z.string().optional(),
  });
  return withPostingDateRules(fields, {
    previous: stored ? { start: stored.start, startOfTraining: stored.startOfTraining } : null,
  });
}
export type VacancyFormValues = z.input<ReturnType<typeof vacancyFormSchema>>;
export type VacancyFormOutput = z.output<ReturnType<typeof vacancyFormSchema>>;

/** Benefits of the catalogue of `type` only, in catalogue order (spec §3: variants per type). */
export function benefitsForType(benefits: readonly Benefit[] | undefined, type: PostingType): Benefit[] {
  const selected = new Set(benefits ?? []);
  return BENEFITS_BY_POSTING_TYPE[type].filter((benefit) => selected.has(benefit));
}

const text = (value: string | null | undefined) => value ?? '';

/** Form values of a stored vacancy (rich text sanitised on load, spec §5), or of a new one. */
export function vacancyFormValues(vacancy: Vacancy | null | undefined): VacancyFormValues {
  if (!vacancy) {
    return {
      organizationId: '',
      title: '',
      type: 'APPRENTICESHIP',
      trainingOccupationName: '',
      duration: '',
      start: '',
      startOfTraining: '',
      description: '',
      whatWereLookingFor: '',
      about: '',
      taskDescription: '',
      benefits: [],
      additionalBenefits: '',
      contactName: '',
      contactPhone: '',
      salaryRange: '',
      compensation: { salaryPerTrainingYear: [], additionalCompensation: '' },
      location: { country: 'Deutschland', zipCode: '', city: '', street: '', streetNumber: '' },
      applicationDeadline: '',
      publishOn: '',
      minAge: null,
    };
  }
  const rich = Object.fromEntries(RICH_TEXT_FIELDS.map((field) => [field, sanitizeRichText(vacancy[field])])) as Record<
    (typeof RICH_TEXT_FIELDS)[number],
    string
  >;
  return {
    organizationId: vacancy.organizationId,
    title: vacancy.title,
    type: vacancy.type,
    trainingOccupationName: text(vacancy.trainingOccupationName),
    duration: text(vacancy.duration),
    start: text(vacancy.start),
    startOfTraining: text(vacancy.startOfTraining),
    ...rich,
    // All stored benefits, also ones the type does not offer (older data): the editor names
    // those before saving instead of dropping them unseen.
    benefits: [...vacancy.benefits],
    contactName: vacancy.contactName,
    contactPhone: text(vacancy.contactPhone),
    salaryRange: text(vacancy.salaryRange),
    compensation: {
      salaryPerTrainingYear: [...vacancy.compensation.salaryPerTrainingYear],
      additionalCompensation: text(vacancy.compensation.additionalCompensation),
    },
    location: {
      country: vacancy.location.country || 'Deutschland',
      zipCode: vacancy.location.zipCode,
      city: vacancy.location.city,
      street: text(vacancy.location.street),
      streetNumber: text(vacancy.location.streetNumber),
    },
    applicationDeadline: text(vacancy.applicationDeadline),
    publishOn: text(vacancy.publishOn),
    // A stored value equal to the type's default stays explicit; empty would follow a type change.
    minAge: vacancy.minAge,
  };
}

/**
 * The request body: the contract's fields only (the picked organisation goes into the path).
 * Benefits the type does not offer are left out here — the editor lists them while the user
 * edits (`benefitsNotOfferedFor`), so they are not dropped unseen; the API refuses them otherwise.
 */
export function vacancyRequestBody(values: VacancyFormOutput): z.output<typeof vacancyInputSchema> {
  const { organizationId: _organizationId, ...body } = values;
  return { ...body, benefits: benefitsForType(body.benefits, body.type) };
}

export type { VacancyInput };
