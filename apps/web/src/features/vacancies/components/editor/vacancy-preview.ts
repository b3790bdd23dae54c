import { defaultMinAgeOf, withoutFieldsNotUsed, type Vacancy } from '@matchwerk/shared';
import type { PostingDetailData } from '../../../../components/posting/posting-detail';
import type { PhotoItem } from '../../../../components/photos/photo-uploader';
import { benefitsForType, type VacancyFormValues } from '../../lib/vacancy-form-values';

const orNull = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);
const richOrNull = (value: string | null | undefined) => (value && value.replace(/<[^>]*>/g, '').trim() ? value : null);

/**
 * The form's current values as the public detail shows them: only what saving would store
 * (fields and benefits of the type), the organisation's name, the photos as they are now.
 */
export function previewOf(
  values: VacancyFormValues,
  vacancy: Vacancy | null,
  organizationName: string,
  photos: PhotoItem[],
  now: string,
): PostingDetailData {
  const typed = withoutFieldsNotUsed(values.type, values);
  return {
    id: vacancy?.id ?? 'neu',
    title: values.title.trim(),
    type: values.type,
    trainingOccupationName: orNull(typed.trainingOccupationName),
    duration: orNull(typed.duration),
    start: orNull(values.start),
    startOfTraining: orNull(typed.startOfTraining),
    description: values.description ?? '',
    whatWereLookingFor: richOrNull(values.whatWereLookingFor),
    about: richOrNull(values.about),
    taskDescription: richOrNull(values.taskDescription),
    benefits: benefitsForType(values.benefits, values.type),
    additionalBenefits: richOrNull(values.additionalBenefits),
    salaryRange: orNull(values.salaryRange),
    compensation: {
      salaryPerTrainingYear: (typed.compensation?.salaryPerTrainingYear ?? []).filter(
        (amount): amount is number => typeof amount === 'number',
      ),
      additionalCompensation: orNull(values.compensation?.additionalCompensation),
    },
    location: {
      country: values.location.country ?? 'Deutschland',
      city: values.location.city,
      zipCode: values.location.zipCode,
      street: orNull(values.location.street),
      streetNumber: orNull(values.location.streetNumber),
      geo: vacancy?.location.geo ?? null,
    },
    applicationDeadline: orNull(values.applicationDeadline),
    minAge: typeof values.minAge === 'number' ? values.minAge : defaultMinAgeOf(values.type),
    photos: photos.map((photo) => ({ id: photo.key, url: photo.src })),
    organization: {
      id: vacancy?.organizationId ?? '',
      name: organizationName,
      logoUrl: null,
      branch: null,
      employeeCount: null,
      about: null,
      links: { website: null, linkedin: null, xing: null, instagram: null, facebook: null, dataProtection: null },
      contactPhone: null,
    },
    publicPath: null,
    createdAt: vacancy?.createdAt ?? now,
    updatedAt: now,
  };
}
