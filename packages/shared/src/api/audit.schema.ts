/**
 * Audit log of administrative changes (issue #10): the actions the API records, their German
 * labels, and the read side (GET /rest/organization/{id}/audit, /rest/users/{userId}/audit,
 * /rest/audit).
 */
import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './fields';

/** Administrative changes the audit log records; the recorder and the views share this list. */
export const AUDIT_ACTIONS = [
  'organization.created',
  'organization.updated',
  'organization.deleted',
  'organization.activated',
  'organization.deactivated',
  'organization.approved',
  'organization.member_set',
  'organization.member_unset',
  'organization.region_changed',
  'user.created',
  'user.updated',
  'user.deleted',
  'user.disabled',
  'user.enabled',
  'user.role_changed',
  'user.password_reset_sent',
  'user.confirmation_resent',
  'invitation.sent',
  'invitation.accepted',
  'invitation.revoked',
  'order.created',
  'order.updated',
  'order.status_changed',
  'product.created',
  'product.updated',
  'retention.settings_changed',
  'retention.executed',
  'organization.exported',
  // safeguarding (ADR 0101)
  'report.status_changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'organization.created': 'Unternehmen angelegt',
  'organization.updated': 'Unternehmensdaten geändert',
  'organization.deleted': 'Unternehmen gelöscht',
  'organization.activated': 'Unternehmen aktiviert',
  'organization.deactivated': 'Unternehmen deaktiviert',
  'organization.approved': 'Unternehmen freigeschaltet',
  'organization.member_set': 'Als Mitglied markiert',
  'organization.member_unset': 'Mitgliedschaft beendet',
  'organization.region_changed': 'Region geändert',
  'user.created': 'Nutzer angelegt',
  'user.updated': 'Nutzerdaten geändert',
  'user.deleted': 'Nutzer gelöscht',
  'user.disabled': 'Nutzer deaktiviert',
  'user.enabled': 'Nutzer aktiviert',
  'user.role_changed': 'Rolle geändert',
  'user.password_reset_sent': 'Passwort-Reset gesendet',
  'user.confirmation_resent': 'Bestätigungs-E-Mail erneut gesendet',
  'invitation.sent': 'Einladung gesendet',
  'invitation.accepted': 'Einladung angenommen',
  'invitation.revoked': 'Einladung zurückgezogen',
  'order.created': 'Bestellung angelegt',
  'order.updated': 'Bestellung geändert',
  'order.status_changed': 'Bestellstatus geändert',
  'product.created': 'Produkt angelegt',
  'product.updated': 'Produkt geändert',
  'retention.settings_changed': 'Aufbewahrungsfristen geändert',
  'retention.executed': 'Fristgerechte Löschung ausgeführt',
  'organization.exported': 'Alle Daten exportiert',
  'report.status_changed': 'Meldung bearbeitet',
};

/** German names of the fields that appear in before/after; unknown fields are shown by their key. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  email: 'E-Mail',
  region: 'Region',
  regions: 'Regionen',
  city: 'Ort',
  active: 'Aktiv',
  member: 'Mitglied',
  approvedAt: 'Freigeschaltet am',
  type: 'Typ',
  organizationId: 'Unternehmen',
  organizationName: 'Unternehmen',
  organization: 'Unternehmen',
  disabled: 'Deaktiviert',
  disabledAt: 'Deaktiviert am',
  emailVerified: 'E-Mail bestätigt',
  employeeCount: 'Mitarbeitende',
  branch: 'Branche',
  about: 'Über uns',
  contactName: 'Ansprechperson',
  contactPhone: 'Telefon',
  contactMail: 'Kontakt-E-Mail',
  links: 'Links',
  expiresAt: 'Gültig bis',
  acceptedAt: 'Angenommen am',
  status: 'Status',
  quantity: 'Menge',
  periodStart: 'Beginn',
  periodEnd: 'Ende',
  notes: 'Notiz',
  invoiceNumber: 'Rechnungsnr.',
  productName: 'Produkt',
  grossCents: 'Brutto (Cent)',
  netCents: 'Netto (Cent)',
  priceNetCents: 'Nettopreis (Cent)',
  durationMonths: 'Laufzeit (Monate)',
  postingsCount: 'Anzeigen',
  matchingRetentionMonths: 'Aufbewahrung Matchings/Chats (Monate)',
  candidateInactivityMonths: 'Löschung inaktiver Bewerber (Monate)',
  deletedMatchings: 'Gelöschte Matchings',
  deletedChats: 'Gelöschte Chats',
  deletedCandidates: 'Gelöschte Bewerberkonten',
  deletedPhotos: 'Gelöschte Fotos',
  noticedMatchings: 'Angekündigte Matchings',
  noticedChats: 'Angekündigte Chats',
  noticedOrganizations: 'Benachrichtigte Unternehmen',
  noticedCandidates: 'Benachrichtigte Bewerber',
  failedMails: 'Nicht versandte Mails an Unternehmen',
  failedCandidateMails: 'Nicht versandte Mails an Bewerber',
  exportedRows: 'Exportierte Datensätze',
};

/** Shown in the "Wer" column when no user made the change (an accepted invitation, a scheduled job). */
export const AUDIT_SYSTEM_ACTOR_LABEL = 'System';

export const AUDIT_TARGET_TYPES = [
  'organization',
  'user',
  'invitation',
  'order',
  'product',
  'retention',
  // safeguarding (ADR 0101)
  'report',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** A value before or after a change, as recorded (objects arrive as JSON text). */
export const auditValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);
export type AuditValue = z.infer<typeof auditValueSchema>;

export const auditChangeSchema = z.object({
  field: z.string(),
  /** German field label (the key itself when none is known). */
  label: z.string(),
  before: auditValueSchema,
  after: auditValueSchema,
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** The acting user's e-mail at the time, or null for the system. */
  actorEmail: z.string().nullable(),
  /** Text for "Wer": the e-mail or "System". */
  actorLabel: z.string(),
  /** The stored action; unknown actions (from newer versions) pass through with their key as label. */
  action: z.string(),
  actionLabel: z.string(),
  target: z.object({ type: z.string(), id: z.string(), label: z.string().nullable() }),
  organizationId: z.string().nullable(),
  changes: z.array(auditChangeSchema),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_SORT_FIELDS = ['at'] as const;

/** Paging of one history (newest first; sort is fixed). */
export const auditPageQuerySchema = pageQuerySchema(AUDIT_SORT_FIELDS, 'at')
  .pick({ page: true, pageSize: true })
  .extend({
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  });
export type AuditPageQuery = z.input<typeof auditPageQuerySchema>;

const auditDateSchema = z.iso.date({ error: 'Bitte geben Sie ein Datum im Format JJJJ-MM-TT an.' });

/** GET /rest/audit: the whole log (admins) or the entries of one's regions (partners). */
export const auditListQuerySchema = auditPageQuerySchema.extend({
  action: z.enum(AUDIT_ACTIONS, { error: 'Unbekannte Aktion.' }).optional(),
  /** Inclusive calendar days (Europe/Berlin is not assumed: whole UTC days). */
  from: auditDateSchema.optional(),
  to: auditDateSchema.optional(),
});
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

export const auditPageSchema = pageSchema(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

export function auditFieldLabel(field: string): string {
  return AUDIT_FIELD_LABELS[field] ?? field;
}
