// The audit feature's public API (ADR 0051): the change history panel, shown wherever an entity is
// managed, and the whole log for the administrators' area (ADR 0120).
export { AuditHistory } from './components/audit-history';
export { AuditLog } from './components/audit-log';
