import { describe, expect, it } from 'vitest';
import { normalizeLinkHref } from './rich-text-editor';

describe('normalizeLinkHref (the link dialog)', () => {
  it.each([
    ['www.firma.de', 'https://www.firma.de'],
    ['https://firma.de/ausbildung?jahr=2027', 'https://firma.de/ausbildung?jahr=2027'],
    ['ausbildung@firma.de', 'mailto:ausbildung@firma.de'],
    ['mailto:ausbildung@firma.de', 'mailto:ausbildung@firma.de'],
    ['07031 123-45', 'tel:0703112345'],
    ['+49 (7031) 12345', 'tel:+49703112345'],
    ['tel:+49703112345', 'tel:+49703112345'],
  ])('turns %j into %j', (typed, href) => {
    expect(normalizeLinkHref(typed)).toBe(href);
  });

  it.each([
    [''],
    ['javascript:alert(1)'],
    ['ftp://firma.de'],
    ['localhost'],
    ['https://user@firma.de'],
    ['tel:'],
    ['firma de'],
  ])('refuses %j', (typed) => {
    expect(normalizeLinkHref(typed)).toBeNull();
  });
});
