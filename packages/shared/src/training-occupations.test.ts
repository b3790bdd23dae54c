import { describe, expect, it } from 'vitest';
import {
  NO_OCCUPATION_LABEL,
  occupationGroup,
  officialOccupation,
  OTHER_OCCUPATION_LABEL,
  TRAINING_OCCUPATIONS,
} from './training-occupations';

describe('training occupations (issue #48)', () => {
  it('lists each occupation once, trimmed', () => {
    expect(new Set(TRAINING_OCCUPATIONS.map((name) => name.toLowerCase())).size).toBe(TRAINING_OCCUPATIONS.length);
    expect(TRAINING_OCCUPATIONS.every((name) => name === name.trim() && name.length > 0)).toBe(true);
  });

  it('finds the official spelling regardless of case, umlaut spelling and spaces', () => {
    expect(officialOccupation(' baecker/BÄCKERIN ')).toBe('Bäcker/Bäckerin');
    expect(officialOccupation('Kaufmann/Kauffrau  für Büromanagement')).toBe('Kaufmann/Kauffrau für Büromanagement');
    expect(officialOccupation('Bäcker')).toBeNull();
  });

  it('groups free text as "Anderer Beruf" and nothing as "Ohne Angabe"', () => {
    expect(occupationGroup('Mechatroniker/Mechatronikerin')).toBe('Mechatroniker/Mechatronikerin');
    expect(occupationGroup('Mechatroniker/in')).toBe(OTHER_OCCUPATION_LABEL);
    expect(occupationGroup('  ')).toBe(NO_OCCUPATION_LABEL);
    expect(occupationGroup(null)).toBe(NO_OCCUPATION_LABEL);
  });
});
