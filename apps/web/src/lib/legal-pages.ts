/** Static German legal texts served from apps/web/public/legal (or the operator's files, README). */
export { LEGAL_PAGE_PATHS as LEGAL_PAGES } from '@matchwerk/shared';
