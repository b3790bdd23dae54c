// The audit feature's public API (ADR 0051): the change history panel, shown wherever an entity is managed.
export { AuditHistory } from './components/audit-history';
