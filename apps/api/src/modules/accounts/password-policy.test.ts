import { describe, expect, it } from 'vitest';
import { findPasswordProblem } from './password-policy';

describe('findPasswordProblem', () => {
  it('accepts a long, uncommon password', () => {
    expect(findPasswordProblem('Blauer-Kran-am-Neckar-7', 'a@b.de')).toBeNull();
  });
  it('refuses common passwords case-insensitively', () => {
    expect(findPasswordProblem('QWERTY123456')).toBe('COMMON');
    expect(findPasswordProblem('1qaz2wsx3edc')).toBe('COMMON');
  });
  it('refuses the e-mail address as password', () => {
    expect(findPasswordProblem('Firma@Example.de', 'firma@example.de')).toBe('EQUALS_EMAIL');
  });
  it('checks the length', () => {
    expect(findPasswordProblem('kurz')).toBe('TOO_SHORT');
    expect(findPasswordProblem('x'.repeat(129))).toBe('TOO_LONG');
  });
});
