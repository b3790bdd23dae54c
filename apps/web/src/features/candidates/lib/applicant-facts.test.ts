import { describe, expect, it } from 'vitest';
import { ageInYears } from './applicant-facts';

describe('ageInYears', () => {
  const now = new Date('2026-11-21T12:00:00Z');

  it('counts full years only', () => {
    expect(ageInYears('2009-11-21', now)).toBe(17);
    expect(ageInYears('2009-11-22', now)).toBe(16);
  });

  it('gives null for a missing or broken date', () => {
    expect(ageInYears(null, now)).toBeNull();
    expect(ageInYears('kein Datum', now)).toBeNull();
    expect(ageInYears('2030-01-01', now)).toBeNull();
  });
});
