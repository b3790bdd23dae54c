import { describe, expect, it } from 'vitest';
import {
  GERMAN_FOLD_FROM,
  GERMAN_FOLD_TO,
  compareGerman,
  foldGerman,
  germanSearchTerms,
  germanSortKey,
  matchesGermanSearch,
} from './german-text';

describe('German order (DIN 5007-1)', () => {
  it('sorts umlauts as their base letter and ignores case', () => {
    const names = ['Brenner', 'Zimmerei Ölm', 'ümit yılmaz', 'Bäckerei Olm', 'Ulrich', 'Anton', 'Uwe', 'Oelm', 'Öko'];
    expect([...names].sort(compareGerman)).toEqual([
      'Anton',
      'Bäckerei Olm',
      'Brenner',
      'Oelm',
      'Öko',
      'Ulrich',
      'ümit yılmaz',
      'Uwe',
      'Zimmerei Ölm',
    ]);
  });

  it('writes ß as ss and orders names equal after folding by their original text', () => {
    expect(foldGerman('Straße ẞ')).toBe('strasse ss');
    expect(compareGerman('Müller', 'Muller')).not.toBe(0);
    expect(compareGerman('Müller', 'Mullerei')).toBeLessThan(0);
    // A shorter name comes before its continuation, whatever follows.
    expect(germanSortKey('Bau') < germanSortKey('Bau GmbH')).toBe(true);
  });

  it('folds every listed letter to its lower-case ASCII base letter', () => {
    expect(GERMAN_FOLD_FROM.length).toBe(GERMAN_FOLD_TO.length);
    expect(/^[a-z]+$/.test(GERMAN_FOLD_TO)).toBe(true);
    expect(foldGerman('ÄÖÜäöüÇŞĞİıŁØ')).toBe('aouaoucsgiilo');
  });
});

describe('German search', () => {
  it.each(['Baeckerei', 'Backerei', 'bäckerei', 'BÄCKEREI'])('%s finds Bäckerei and Baeckerei', (term) => {
    expect(matchesGermanSearch('Bäckerei Brenner', term)).toBe(true);
    expect(matchesGermanSearch('Baeckerei Brenner', term)).toBe(true);
  });

  it.each(['Olm', 'Oelm', 'Ölm', 'ölm'])('%s finds Ölm, Oelm and Olm', (term) => {
    for (const name of ['Zimmerei Ölm', 'Oelm Metallbau', 'Olm Sanitär'])
      expect(matchesGermanSearch(name, term)).toBe(true);
  });

  it('still finds a term that starts inside a spelled-out umlaut', () => {
    expect(matchesGermanSearch('Bauer Landtechnik', 'er')).toBe(true);
  });

  it('does not find what is not there', () => {
    expect(matchesGermanSearch('Brenner', 'Bäcker')).toBe(false);
  });

  it('gives one or two forms and none for a blank term', () => {
    expect(germanSearchTerms('Ölm')).toEqual(['olm']);
    expect(germanSearchTerms('Oelm')).toEqual(['oelm', 'olm']);
    expect(germanSearchTerms(' \n ')).toEqual([]);
  });
});
