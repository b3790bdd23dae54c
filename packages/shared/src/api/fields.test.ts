import { describe, expect, it } from 'vitest';
import { normalizeUrl, optionalUrlSchema, URL_MESSAGES } from './fields';

describe('normalizeUrl', () => {
  it.each([
    ['beispiel.de', 'https://beispiel.de'],
    ['www.holzwurm.de', 'https://www.holzwurm.de'],
    ['HTTP://Beispiel.DE/Pfad', 'http://beispiel.de/Pfad'],
    ['https://WWW.Beispiel.de/Karriere?Stelle=A#Top', 'https://www.beispiel.de/Karriere?Stelle=A#Top'],
    ['www.firma.de:8080/jobs', 'https://www.firma.de:8080/jobs'],
    ['//cdn.beispiel.de/x', 'https://cdn.beispiel.de/x'],
    ['  https://beispiel.de  ', 'https://beispiel.de'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeUrl(input)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'mailto:info@beispiel.de',
    'ftp://beispiel.de',
    'https://localhost',
    'localhost:3000',
    'nur text',
  ])('refuses %j', (input) => {
    expect(normalizeUrl(input)).toBeNull();
  });

  it('is idempotent', () => {
    expect(normalizeUrl('https://beispiel.de/Pfad')).toBe('https://beispiel.de/Pfad');
  });
});

describe('optionalUrlSchema', () => {
  it('adds https:// to an address typed without protocol', () => {
    expect(optionalUrlSchema.parse('www.holzwurm.de')).toBe('https://www.holzwurm.de');
  });
  it('turns an empty value into null', () => {
    expect(optionalUrlSchema.parse('  ')).toBeNull();
  });
  it.each([
    ['javascript:alert(1)', URL_MESSAGES.scheme],
    ['data:text/html,<script>alert(1)</script>', URL_MESSAGES.scheme],
    ['https://localhost', URL_MESSAGES.invalid],
  ])('refuses %j in German', (input, message) => {
    expect(optionalUrlSchema.safeParse(input).error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});
