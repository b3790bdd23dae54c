import { describe, expect, it } from 'vitest';
import { changedPaths, flattenValues, htmlToCopyText, leafText, sameKeys, versionToSend } from './edit-conflict';

interface Doc {
  version: number;
  title: string;
  photos: string[];
}
const sameTitle = sameKeys<Doc>(['title']);

describe('versionToSend', () => {
  const base: Doc = { version: 3, title: 'A', photos: [] };

  it('sends the base version when nothing newer is known', () => {
    expect(versionToSend(base, base, sameTitle)).toBe(3);
    expect(versionToSend(base, undefined, sameTitle)).toBe(3);
  });

  it('moves on to a newer version whose form fields are unchanged (photos, status, logo)', () => {
    expect(versionToSend(base, { version: 5, title: 'A', photos: ['p1'] }, sameTitle)).toBe(5);
  });

  it('keeps the base version when someone changed the form fields, so the server answers 412', () => {
    expect(versionToSend(base, { version: 4, title: 'B', photos: [] }, sameTitle)).toBe(3);
  });
});

describe('changedPaths', () => {
  it('lists differing leaves by dotted path; arrays are leaves; empty values are equal', () => {
    const yours = { title: 'Neu', location: { city: 'Horb', street: '' }, benefits: ['A', 'B'], phone: '' };
    const stored = { title: 'Alt', location: { city: 'Horb', street: null }, benefits: ['A'], phone: null };
    expect(changedPaths(yours, stored)).toEqual(['title', 'benefits']);
    expect(flattenValues(yours)).toMatchObject({ 'location.city': 'Horb', benefits: ['A', 'B'] });
  });
});

describe('copyable text', () => {
  it('turns editor HTML into plain text with line breaks', () => {
    expect(htmlToCopyText('<p>Erste <strong>Zeile</strong></p><ul><li>Punkt</li></ul><p>a<br>b</p>')).toBe(
      'Erste Zeile\nPunkt\na\nb',
    );
  });

  it('writes numbers the German way', () => {
    expect(leafText(1250.5)).toBe('1.250,5');
    expect(leafText(null)).toBe('');
    expect(leafText('x')).toBe('x');
  });
});
