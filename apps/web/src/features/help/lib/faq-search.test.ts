import { describe, expect, it } from 'vitest';
import { FAQ } from '../content/faq';
import { filterFaq, highlightSegments } from './faq-search';

describe('FAQ search', () => {
  it('has 15 to 25 entries with unique ids', () => {
    expect(FAQ.length).toBeGreaterThanOrEqual(15);
    expect(FAQ.length).toBeLessThanOrEqual(25);
    expect(new Set(FAQ.map((entry) => entry.id)).size).toBe(FAQ.length);
  });

  it('finds entries by every word, ignoring case and umlaut spelling', () => {
    expect(filterFaq(FAQ, '').length).toBe(FAQ.length);
    expect(filterFaq(FAQ, 'konto loeschen').map((entry) => entry.id)).toContain('konto-loeschen');
    expect(filterFaq(FAQ, 'KONTO LÖSCHEN').map((entry) => entry.id)).toContain('konto-loeschen');
    expect(filterFaq(FAQ, 'Einladung 7 Tage').map((entry) => entry.id)).toEqual(['team']);
    // Keywords count too: "Internet Explorer" is in the keywords of the browser entry.
    expect(filterFaq(FAQ, 'internet explorer').map((entry) => entry.id)).toEqual(['browser']);
    expect(filterFaq(FAQ, 'Quantencomputer')).toEqual([]);
  });

  it('highlights matches in the original spelling', () => {
    expect(highlightSegments('Konto löschen', 'loeschen')).toEqual([
      { text: 'Konto ', match: false },
      { text: 'löschen', match: true },
    ]);
    expect(highlightSegments('Straße und Strasse', 'strasse')).toEqual([
      { text: 'Straße', match: true },
      { text: ' und ', match: false },
      { text: 'Strasse', match: true },
    ]);
    expect(highlightSegments('Ohne Treffer', '')).toEqual([{ text: 'Ohne Treffer', match: false }]);
  });
});
