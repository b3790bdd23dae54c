import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize';

describe('sanitizeRichText', () => {
  it('removes scripts, event handlers, images and dangerous links', () => {
    const html = sanitizeRichText(
      '<p onmouseover="x()">Text<img src=x onerror=alert(1)></p><script>alert(2)</script><a href="javascript:alert(3)">a</a><iframe src="https://evil"></iframe>',
    );
    expect(html).toBe('<p>Text</p><a target="_blank" rel="noopener noreferrer nofollow">a</a>');
  });

  it('keeps the editor formatting and opens links safely in a new tab', () => {
    const html = sanitizeRichText(
      '<h3>Wir bieten</h3><ul><li><strong>Fair</strong> <em>bezahlt</em> <u>gut</u></li></ul><a href="https://www.firma.de">Web</a>',
    );
    expect(html).toBe(
      '<h3>Wir bieten</h3><ul><li><strong>Fair</strong> <em>bezahlt</em> <u>gut</u></li></ul><a href="https://www.firma.de" target="_blank" rel="noopener noreferrer nofollow">Web</a>',
    );
    expect(sanitizeRichText(null)).toBe('');
  });

  it('follows the shared policy: foreign tags renamed or dropped, attributes per tag, only policy link schemes', () => {
    expect(sanitizeRichText('<b>a</b><i>b</i><h1>c</h1><h4>d</h4>')).toBe(
      '<strong>a</strong><em>b</em><h3>c</h3><h3>d</h3>',
    );
    expect(sanitizeRichText('<blockquote><p>Zitat <s>alt</s></p></blockquote>')).toBe('<p>Zitat alt</p>');
    expect(
      sanitizeRichText(
        '<p class="x" data-id="1" aria-label="y" start="2">t</p><ol start="2" type="a"><li>x</li></ol><ol start="x"><li>y</li></ol>',
      ),
    ).toBe('<p>t</p><ol start="2"><li>x</li></ol><ol><li>y</li></ol>');
    const link = (href: string) => sanitizeRichText(`<a href="${href}">x</a>`);
    expect(link('tel:+49703112345')).toContain('href="tel:+49703112345"');
    expect(link('mailto:a@firma.example')).toContain('href="mailto:a@firma.example"');
    for (const refused of [
      'ftp://firma.example',
      'sms:123',
      '/relativ',
      'seite.html',
      '//evil.example',
      'data:text/html,x',
    ]) {
      expect(link(refused)).toBe('<a target="_blank" rel="noopener noreferrer nofollow">x</a>');
    }
  });
});
