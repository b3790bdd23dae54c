import { describe, expect, it } from 'vitest';
import { XSS_FORBIDDEN as FORBIDDEN, XSS_PAYLOADS } from '../../testing/hostile';
import { htmlToPlainText, plainTextExcerpt, sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it('keeps the allowed formatting', () => {
    const html = '<h3>Titel</h3><p>Ein <strong>fetter</strong>, <em>kursiver</em>, <u>unterstrichener</u> und <s>durchgestrichener</s> Text.</p><ul><li>eins</li></ul><ol><li>zwei</li></ol><blockquote>Zitat</blockquote><h4>Unter</h4><p>Zeile<br />Umbruch</p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('forces safe links: http/https/mailto only, new tab, no opener', () => {
    expect(sanitizeRichText('<a href="https://firma.example" target="_self" rel="opener" onclick="x()">Web</a>')).toBe(
      '<a href="https://firma.example" rel="noopener noreferrer" target="_blank">Web</a>',
    );
    expect(sanitizeRichText('<a href="mailto:info@firma.example">Mail</a>')).toContain('href="mailto:info@firma.example"');
    expect(sanitizeRichText('<a href="javascript:alert(1)">Klick</a>')).toBe('<a rel="noopener noreferrer" target="_blank">Klick</a>');
    expect(sanitizeRichText('<a href="//evil.example">protokollrelativ</a>')).not.toContain('evil.example');
  });

  it.each(XSS_PAYLOADS)('neutralises %s', (payload) => {
    const clean = sanitizeRichText(payload) ?? '';
    for (const pattern of FORBIDDEN) expect(clean).not.toMatch(pattern);
  });

  it('maps b/i/h1/h2 to the allowed tags and returns null for empty results', () => {
    expect(sanitizeRichText('<b>a</b><i>b</i><h1>c</h1>')).toBe('<strong>a</strong><em>b</em><h3>c</h3>');
    expect(sanitizeRichText('<script>alert(1)</script>')).toBeNull();
    expect(sanitizeRichText('')).toBeNull();
    expect(sanitizeRichText(null)).toBeNull();
  });
});

describe('plain text', () => {
  it('turns HTML into readable text with decoded entities', () => {
    expect(htmlToPlainText('<p>Erste&nbsp;Zeile</p><p>B &amp; C &lt;3</p><ul><li>eins</li><li>zwei</li></ul>')).toBe('Erste Zeile B & C <3 eins zwei');
  });

  it('cuts excerpts at a word boundary', () => {
    const long = `<p>${'Wort '.repeat(100)}</p>`;
    const excerpt = plainTextExcerpt(long, 50);
    expect(excerpt.length).toBeLessThanOrEqual(50);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(plainTextExcerpt('<p>kurz</p>')).toBe('kurz');
  });
});
