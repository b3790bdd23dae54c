import type { Region, Vacancy, VacancyListItem } from '@matchwerk/shared';
import type { VacancyRow } from '../../db/schema/index';
import { withoutMarkup } from '../rich-text';

export interface VacancyWithRelations {
  row: VacancyRow;
  organization: { id: string; name: string; region: Region };
  photoIds: string[];
}

/** Row + organisation summary + ordered photo ids → the shared vacancy answer. */
export function toVacancy({ row, organization, photoIds }: VacancyWithRelations): Vacancy {
  return {
    id: row.id,
    organizationId: row.organizationId,
    organization,
    active: row.active,
    title: row.title,
    type: row.type,
    trainingOccupationName: row.trainingOccupationName,
    duration: row.duration,
    start: row.start,
    startOfTraining: row.startOfTraining,
    description: row.description,
    whatWereLookingFor: row.whatWereLookingFor,
    about: row.about,
    taskDescription: row.taskDescription,
    benefits: row.benefits,
    additionalBenefits: row.additionalBenefits,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    salaryRange: row.salaryRange,
    compensation: {
      // numeric[] arrives as strings from both drivers.
      salaryPerTrainingYear: row.salaryPerTrainingYear.map(Number),
      additionalCompensation: row.additionalCompensation,
    },
    location: {
      country: row.country,
      city: row.city,
      zipCode: row.zipCode,
      street: row.street,
      streetNumber: row.streetNumber,
      geo: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    },
    applicationDeadline: row.applicationDeadline,
    publishOn: row.publishOn,
    minAge: row.minAge,
    photos: photoIds,
    image: photoIds[0] ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export interface VacancyListRow {
  id: string;
  title: string;
  descriptionExcerpt: string;
  contactName: string;
  salaryRange: string | null;
  /** numeric[]: strings from the driver. */
  salaryPerTrainingYear: string[];
  organizationId: string;
  organizationName: string;
  start: string | null;
  type: VacancyListItem['type'];
  active: boolean;
  applicationDeadline: string | null;
  publishOn: string | null;
  image: string | null;
}

/** Candidate activity on a posting, all time. */
export interface VacancyActivity {
  views: number;
  interest: number;
  accepted: number;
}

export function toVacancyListItem(row: VacancyListRow & VacancyActivity): VacancyListItem {
  // Excerpts stored before the no-markup rule are made safe on the way out too.
  return {
    ...row,
    salaryPerTrainingYear: row.salaryPerTrainingYear.map(Number),
    descriptionExcerpt: withoutMarkup(row.descriptionExcerpt),
  };
}
