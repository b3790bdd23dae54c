/** The vacancies module's public entry: the posting mapper, repository type and what candidates may see. */
export { toVacancy } from './vacancies.mapper';
export { type VacanciesRepository } from './vacancies.repository';
export { findVisibleVacancyPhoto, organizationVisibleToCandidates, visibleToCandidates } from './vacancy-visibility';
