/** The organisation feature's public API: what other features may use of it. */
export { organizationQueryOptions } from './api/organization-api';
