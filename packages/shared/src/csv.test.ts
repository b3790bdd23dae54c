import { describe, expect, it } from 'vitest';
import { formatCandidateCount, suppressSmallGroup } from './candidate-privacy';
import { csvFileName, toCsv } from './csv';

describe('CSV for German Excel', () => {
  it('writes a BOM, semicolons, decimal commas and CRLF, and quotes what needs it', () => {
    const csv = toCsv(
      [
        { name: 'Müller; Söhne "GmbH"', amount: 1250.5, member: true },
        { name: '=HYPERLINK("x")', amount: 12500, member: false },
      ],
      [
        { header: 'Name', value: (row) => row.name },
        { header: 'Betrag', value: (row) => row.amount },
        { header: 'Mitglied', value: (row) => row.member },
      ],
    );
    expect(csv).toBe(
      '\uFEFFName;Betrag;Mitglied\r\n"Müller; Söhne ""GmbH""";1250,5;ja\r\n"\'=HYPERLINK(""x"")";12500;nein\r\n',
    );
  });

  it('names files in ASCII', () => {
    expect(csvFileName('Statistik', 'Unternehmen', '2026-08-01 bis 2027-07-31')).toBe(
      'matchwerk-statistik-unternehmen-2026-08-01-bis-2027-07-31.csv',
    );
  });
});

describe('small candidate groups', () => {
  it('reports 1 to 4 candidates as "< 5" and shows 0 and 5 as numbers', () => {
    expect([0, 1, 4, 5, 1234].map(suppressSmallGroup)).toEqual([0, 'LT5', 'LT5', 5, 1234]);
    expect(formatCandidateCount('LT5')).toBe('< 5');
    expect(formatCandidateCount(1234)).toBe('1.234');
  });
});
