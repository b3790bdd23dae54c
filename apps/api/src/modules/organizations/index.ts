/** The organisations module's public entry. */
export { type OrganizationsRepository } from './organizations.repository';
export { anonymousHeaders } from './organizations.service';
