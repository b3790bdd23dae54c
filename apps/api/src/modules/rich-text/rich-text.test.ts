import { describe, expect, it } from 'vitest';
import { RICH_TEXT_EDITOR_SAMPLES } from '@matchwerk/shared';
import { XSS_FORBIDDEN as FORBIDDEN, XSS_PAYLOADS } from '../../testing/hostile';
import { htmlToPlainText, plainTextExcerpt, sanitizeRichText, withoutMarkup } from './rich-text';

describe('sanitizeRichText', () => {
  // The server half of the round trip (ADR 0019); the web test shows the editor writes these
  // samples and reads them back, and the web sanitiser keeps them.
  it.each(RICH_TEXT_EDITOR_SAMPLES.map((sample) => [sample.tag, sample.html] as const))(
    'keeps what the editor writes for <%s> unchanged: %s',
    (_tag, html) => {
      expect(sanitizeRichText(html)).toBe(html);
      expect(sanitizeRichText(sanitizeRichText(html))).toBe(html);
    },
  );

  it('maps markup of the old allow-list and of office programs onto the policy instead of keeping what the editor cannot show', () => {
    expect(sanitizeRichText('<h4>Unter</h4><blockquote><p>Zitat</p></blockquote><p><s>alt</s> neu</p>')).toBe(
      '<h3>Unter</h3><p>Zitat</p><p>alt neu</p>',
    );
    expect(
      sanitizeRichText(
        '<p class="MsoNormal" style="color:red" data-x="1">Text</p><ol start="2" type="a"><li>b</li></ol><ol start="x"><li>c</li></ol>',
      ),
    ).toBe('<p>Text</p><ol start="2"><li>b</li></ol><ol><li>c</li></ol>');
  });

  it('forces safe links: the policy schemes only (tel: too), new tab, no opener, no ranking', () => {
    expect(sanitizeRichText('<a href="https://firma.example" target="_self" rel="opener" onclick="x()">Web</a>')).toBe(
      '<a href="https://firma.example" target="_blank" rel="noopener noreferrer nofollow">Web</a>',
    );
    expect(sanitizeRichText('<a href="mailto:info@firma.example">Mail</a>')).toContain(
      'href="mailto:info@firma.example"',
    );
    expect(sanitizeRichText('<a href="tel:+49703112345">Anruf</a>')).toContain('href="tel:+49703112345"');
    expect(sanitizeRichText('<a href="javascript:alert(1)">Klick</a>')).toBe(
      '<a target="_blank" rel="noopener noreferrer nofollow">Klick</a>',
    );
    for (const refused of ['//evil.example', '/relativ', 'seite.html', 'ftp://firma.example', 'sms:123']) {
      expect(sanitizeRichText(`<a href="${refused}">x</a>`)).toBe(
        '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
      );
    }
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
    expect(htmlToPlainText('<p>Erste&nbsp;Zeile</p><p>B &amp; C &lt;3</p><ul><li>eins</li><li>zwei</li></ul>')).toBe(
      'Erste Zeile B & C <3 eins zwei',
    );
  });

  it('never turns escaped markup into markup (excerpts are shown unescaped by other clients)', () => {
    const typed = sanitizeRichText(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; und &lt;b&gt;fett&lt;/b&gt; &lt;img src=x onerror=alert(2)&gt;</p>',
    );
    for (const text of [htmlToPlainText(typed), plainTextExcerpt(typed)]) {
      expect(text).toBe('alert(1) und fett');
      expect(text).not.toMatch(/<[a-z/!?]/i);
    }
    expect(htmlToPlainText('<p>&amp;lt;script&amp;gt;</p>')).toBe('&lt;script&gt;');
    expect(htmlToPlainText('<p>&lt;&lt;b&gt;script&gt;x &lt;i</p>')).toBe('x < i');
    expect(htmlToPlainText('<p>a &lt;b c</p>')).not.toMatch(/<[a-z]/i);
  });

  it('makes stored excerpts safe as well, and changes nothing twice', () => {
    expect(withoutMarkup('<script>alert(1)</script> Text <3')).toBe('alert(1) Text <3');
    expect(withoutMarkup(withoutMarkup('a <b c'))).toBe(withoutMarkup('a <b c'));
  });

  it('cuts excerpts at a word boundary', () => {
    const long = `<p>${'Wort '.repeat(100)}</p>`;
    const excerpt = plainTextExcerpt(long, 50);
    expect(excerpt.length).toBeLessThanOrEqual(50);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(plainTextExcerpt('<p>kurz</p>')).toBe('kurz');
  });
});
