import { describe, expect, it } from 'vitest';
import { linkSegments, safeHref } from './linkify';

const links = (text: string) => linkSegments(text).filter((s) => s.kind === 'link');

describe('linkSegments', () => {
  it('keeps text without links as one text segment', () => {
    expect(linkSegments('Hallo, bis morgen!')).toEqual([{ kind: 'text', start: 0, text: 'Hallo, bis morgen!' }]);
  });

  it('adds https to addresses without a protocol', () => {
    expect(links('Infos unter www.example.de bitte')).toEqual([
      { kind: 'link', start: 12, text: 'www.example.de', href: 'https://www.example.de', external: true },
    ]);
    expect(links('siehe example.de/jobs?x=1')[0]).toMatchObject({ href: 'https://example.de/jobs?x=1' });
  });

  it('keeps an explicit http or https protocol', () => {
    expect(links('http://example.org/a und https://example.com/b').map((l) => l.kind === 'link' && l.href)).toEqual([
      'http://example.org/a',
      'https://example.com/b',
    ]);
  });

  it('splits text around links without losing characters', () => {
    const text = 'Schauen Sie auf https://firma.de/ausbildung.\nDanke!';
    expect(
      linkSegments(text)
        .map((s) => s.text)
        .join(''),
    ).toBe(text);
  });

  it('links e-mail addresses with mailto, not in a new tab', () => {
    expect(links('Mail an info@firma.de')[0]).toMatchObject({ href: 'mailto:info@firma.de', external: false });
  });

  it('never links javascript:, data: or other schemes', () => {
    for (const text of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(document.cookie)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
    ]) {
      expect(links(text), text).toEqual([]);
      expect(
        linkSegments(text)
          .map((s) => s.text)
          .join(''),
      ).toBe(text);
    }
  });

  it('links at most the harmless host part of a disguised javascript: URL', () => {
    const text = 'javascript://example.com/%0Aalert(1)';
    for (const link of links(text)) {
      expect(link.kind === 'link' && link.href).toMatch(/^https:\/\/example\.com\//);
      expect(link.text).not.toMatch(/javascript/i);
    }
    expect(
      linkSegments(text)
        .map((s) => s.text)
        .join(''),
    ).toBe(text);
  });
});

describe('safeHref', () => {
  it('accepts only http, https and mailto', () => {
    expect(safeHref('https://a.de')).toBe('https://a.de');
    expect(safeHref('mailto:a@b.de')).toBe('mailto:a@b.de');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(safeHref('kein link')).toBeNull();
  });
});
