import { describe, expect, it } from 'vitest';
import { textBlocks } from './rich-text';

describe('textBlocks', () => {
  it('keeps paragraphs, headings and list items as text', () => {
    expect(textBlocks('<h3>Aufgaben</h3><p>Du <b>lernst</b> viel.</p><ul><li>Holz</li><li>Metall</li></ul>')).toEqual([
      { kind: 'h', text: 'Aufgaben' },
      { kind: 'p', text: 'Du lernst viel.' },
      { kind: 'li', text: 'Holz' },
      { kind: 'li', text: 'Metall' },
    ]);
  });

  it('never turns markup into elements', () => {
    expect(textBlocks('<img src=x onerror="alert(1)">Hallo')).toEqual([{ kind: 'p', text: 'Hallo' }]);
    expect(textBlocks(null)).toEqual([]);
  });
});
