import { REGION_LABELS, USER_TYPE_LABELS, type AuditValue, type UserType } from '@matchwerk/shared';
import { formatTimestamp } from '../../../lib/dayjs';

export interface AuditValueTexts {
  yes: string;
  no: string;
  none: string;
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function regionLabel(code: string): string {
  return (REGION_LABELS as Record<string, string>)[code] ?? code;
}

/**
 * A recorded value in German: yes/no for flags, region and user-type labels for their codes,
 * DD.MM.YYYY HH:mm for timestamps, lists joined by commas, "(leer)" for nothing.
 */
export function formatAuditValue(field: string, value: AuditValue, texts: AuditValueTexts): string {
  if (value === null || value === '') return texts.none;
  if (typeof value === 'boolean') return value ? texts.yes : texts.no;
  if (typeof value === 'number') return value.toLocaleString('de-DE');
  if (Array.isArray(value)) {
    if (value.length === 0) return texts.none;
    return value.map((item) => (field === 'regions' ? regionLabel(item) : item)).join(', ');
  }
  if (field === 'region') return regionLabel(value);
  if (field === 'type' && value in USER_TYPE_LABELS) return USER_TYPE_LABELS[value as UserType];
  if (ISO_TIMESTAMP.test(value)) return formatTimestamp(value);
  return value;
}
