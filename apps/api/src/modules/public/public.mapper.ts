import {
  publicOrganizationLogoUrl,
  publicPostingPath,
  publicVacancyPhotoUrl,
  type PublicVacancy,
  type PublicVacancyListItem,
} from '@matchwerk/shared';
import type { OrganizationRow, VacancyRow } from '../../db/schema/index';
import { sanitizeRichText } from '../rich-text';
import type { PublicListRow } from './public.repository';

/**
 * Rows → public answers. Only fields listed here leave the server: no contact person, no e-mail
 * address, no user; the phone only when the organisation made it public.
 */

function logoUrl(organizationId: string, logoPhotoId: string | null): string | null {
  return logoPhotoId ? publicOrganizationLogoUrl(organizationId, logoPhotoId) : null;
}

function euros(values: readonly string[]): number[] {
  return values.map(Number);
}

export function toPublicListItem(row: PublicListRow): PublicVacancyListItem {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    trainingOccupationName: row.trainingOccupationName,
    city: row.city,
    zipCode: row.zipCode,
    start: row.start,
    startOfTraining: row.startOfTraining,
    salaryPerTrainingYear: euros(row.salaryPerTrainingYear),
    descriptionExcerpt: row.descriptionExcerpt,
    organization: {
      id: row.organizationId,
      name: row.organizationName,
      logoUrl: logoUrl(row.organizationId, row.logoPhotoId),
    },
    imageUrl: row.imagePhotoId ? publicVacancyPhotoUrl(row.id, row.imagePhotoId) : null,
    distanceKm: row.distanceKm === null ? null : Math.round(row.distanceKm * 10) / 10,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPublicVacancy(
  vacancy: VacancyRow,
  organization: OrganizationRow,
  photos: { id: string; width: number; height: number }[],
): PublicVacancy {
  return {
    id: vacancy.id,
    region: organization.region,
    title: vacancy.title,
    type: vacancy.type,
    trainingOccupationName: vacancy.trainingOccupationName,
    duration: vacancy.duration,
    start: vacancy.start,
    startOfTraining: vacancy.startOfTraining,
    // Stored sanitised; sanitised again on the way out as for every reader (rich-text policy, ADR 0019).
    description: sanitizeRichText(vacancy.description) ?? '',
    whatWereLookingFor: sanitizeRichText(vacancy.whatWereLookingFor),
    about: sanitizeRichText(vacancy.about),
    taskDescription: sanitizeRichText(vacancy.taskDescription),
    benefits: vacancy.benefits,
    additionalBenefits: sanitizeRichText(vacancy.additionalBenefits),
    salaryRange: vacancy.salaryRange,
    compensation: {
      salaryPerTrainingYear: euros(vacancy.salaryPerTrainingYear),
      additionalCompensation: vacancy.additionalCompensation,
    },
    location: {
      country: vacancy.country,
      city: vacancy.city,
      zipCode: vacancy.zipCode,
      street: vacancy.street,
      streetNumber: vacancy.streetNumber,
      geo: vacancy.lat !== null && vacancy.lng !== null ? { lat: vacancy.lat, lng: vacancy.lng } : null,
    },
    applicationDeadline: vacancy.applicationDeadline,
    minAge: vacancy.minAge,
    photos: photos.map((photo) => ({
      id: photo.id,
      url: publicVacancyPhotoUrl(vacancy.id, photo.id),
      width: photo.width,
      height: photo.height,
    })),
    organization: {
      id: organization.id,
      name: organization.name,
      logoUrl: logoUrl(organization.id, organization.logoPhotoId),
      branch: organization.branch,
      employeeCount: organization.employeeCount,
      about: organization.about,
      links: {
        website: organization.linkWebsite,
        linkedin: organization.linkLinkedin,
        xing: organization.linkXing,
        instagram: organization.linkInstagram,
        facebook: organization.linkFacebook,
        dataProtection: organization.linkDataProtection,
      },
      contactPhone: organization.contactPhonePublic ? organization.contactPhone : null,
    },
    publicPath: publicPostingPath(vacancy.id),
    createdAt: vacancy.createdAt.toISOString(),
    updatedAt: vacancy.updatedAt.toISOString(),
  };
}
