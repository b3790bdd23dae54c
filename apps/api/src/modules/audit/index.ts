/** The audit module's public entry: recording an audit entry. */
export { recordAudit, type AuditEntry } from './audit-recorder';
