// The administration feature's public API (ADR 0120): the administrators' area and its failed-mails section.
export { AdministrationScreen, type AdministrationSection } from './components/administration-screen';
export { FailedMailsSection, useFailedMailCount } from './components/failed-mails-section';
