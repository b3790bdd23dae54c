import { describe, expect, it } from 'vitest';
import { formatAuditValue } from './format-audit-value';

const texts = { yes: 'ja', no: 'nein', none: '(leer)' };

describe('formatAuditValue', () => {
  it('writes flags, empty values and numbers in German', () => {
    expect(formatAuditValue('active', true, texts)).toBe('ja');
    expect(formatAuditValue('member', false, texts)).toBe('nein');
    expect(formatAuditValue('city', null, texts)).toBe('(leer)');
    expect(formatAuditValue('city', '', texts)).toBe('(leer)');
    expect(formatAuditValue('employeeCount', 1250, texts)).toBe('1.250');
  });

  it('shows region and user-type labels instead of codes', () => {
    expect(formatAuditValue('region', 'SINDELFINGEN', texts)).toBe('Sindelfingen/Böblingen/Calw');
    expect(formatAuditValue('regions', ['HORB', 'LICHTENFELS'], texts)).toBe('Horb a. N., Landkreis Lichtenfels');
    expect(formatAuditValue('regions', [], texts)).toBe('(leer)');
    expect(formatAuditValue('type', 'REGIONAL_PARTNER', texts)).toBe('Regionalpartner');
    expect(formatAuditValue('name', 'ADMIN GmbH', texts)).toBe('ADMIN GmbH');
  });

  it('formats timestamps as DD.MM.YYYY HH:mm', () => {
    expect(formatAuditValue('disabledAt', '2026-11-02T09:10:00.000Z', texts)).toMatch(/^02\.11\.2026 \d\d:10$/);
  });
});
