import type { Organization, OrganizationListItem, OrganizationInputParsed } from '@matchwerk/shared';
import type { NewOrganizationRow, OrganizationRow } from '../../db/schema/index';
import type { OrganizationListRow } from './organizations.repository';

/** Row → shared organisation answer. Text fields are returned exactly as stored (plain text; the web escapes them). */
export function toOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    name: row.name,
    region: row.region,
    active: row.active,
    member: row.member,
    employeeCount: row.employeeCount,
    branch: row.branch,
    about: row.about,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    contactPhonePublic: row.contactPhonePublic,
    contactMail: row.contactMail,
    links: {
      dataProtection: row.linkDataProtection,
      website: row.linkWebsite,
      linkedin: row.linkLinkedin,
      xing: row.linkXing,
      instagram: row.linkInstagram,
      facebook: row.linkFacebook,
    },
    logoPhotoId: row.logoPhotoId,
    city: row.city,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    waitingForApproval: isWaiting(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** Waiting for release (ADR 0020): never released and not active (same rule as the list filter). */
export function isWaiting(row: Pick<OrganizationRow, 'approvedAt' | 'active'>): boolean {
  return row.approvedAt === null && !row.active;
}

export function toOrganizationListItem(row: OrganizationListRow): OrganizationListItem {
  return {
    id: row.id,
    name: row.name,
    region: row.region,
    city: row.city,
    active: row.active,
    member: row.member,
    waiting: isWaiting(row),
    emailVerified: row.emailVerified,
    activeVacancies: row.activeVacancies,
    vacancies: row.vacancies,
    users: row.users,
    openMatchings: row.openMatchings,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}

/** Input → columns (active/member are not part of the input: admins toggle them elsewhere). */
export function toOrganizationValues(
  input: OrganizationInputParsed,
): Omit<NewOrganizationRow, 'id' | 'createdAt' | 'updatedAt'> {
  return {
    name: input.name,
    region: input.region,
    employeeCount: input.employeeCount,
    branch: input.branch,
    about: input.about,
    contactName: input.contactName,
    contactPhone: input.contactPhone,
    ...(input.contactPhonePublic === undefined ? {} : { contactPhonePublic: input.contactPhonePublic }),
    contactMail: input.contactMail,
    linkDataProtection: input.links.dataProtection,
    linkWebsite: input.links.website,
    linkLinkedin: input.links.linkedin,
    linkXing: input.links.xing,
    linkInstagram: input.links.instagram,
    linkFacebook: input.links.facebook,
    city: input.city,
  };
}
