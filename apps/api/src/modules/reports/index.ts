/** The reports module's public entry (ADR 0101): whether a candidate ended contact with a company, for the candidate's lists. */
export { contactEndedSql } from './contact-ends.repository';
