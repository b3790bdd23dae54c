import { describe, expect, it } from 'vitest';
import { shouldConfirmLeave } from './unsaved-changes';

describe('shouldConfirmLeave', () => {
  const base = { hasUnsavedChanges: true, bypass: false, currentPathname: '/vacancies/1', nextPathname: '/vacancies' };

  it('asks before leaving with unsaved changes', () => {
    expect(shouldConfirmLeave(base)).toBe(true);
  });

  it('lets the user go when nothing is unsaved, after a save or delete, or within the same page', () => {
    expect(shouldConfirmLeave({ ...base, hasUnsavedChanges: false })).toBe(false);
    expect(shouldConfirmLeave({ ...base, bypass: true })).toBe(false);
    expect(shouldConfirmLeave({ ...base, nextPathname: '/vacancies/1' })).toBe(false);
  });
});
