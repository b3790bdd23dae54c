/** The applicants module's public entry: the candidate profile as employers' modules read it. */
export { toCandidateProfile, type ProfileFields } from './applicants.mapper';
/** Age rules for candidate lists and interest (ADR 0096): use `oldEnoughFor(age)` in any query over postings. */
export { assertOldEnoughFor, candidateAge, oldEnoughFor } from './age-rules';
export { type CandidateGate } from './candidate-gate';
export { type ApplicantsRepository } from './applicants.repository';
