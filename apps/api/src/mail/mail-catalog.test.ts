import { describe, expect, it } from 'vitest';
import { MAIL_CATALOG } from './mail-catalog';
import { extractLinks } from './mailer';

/** How a text appears in the HTML part: React escapes &, <, > (and " in attributes). */
function inHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

describe('mail templates (React Email, ADR 0050)', () => {
  it('lists every template once', () => {
    expect(new Set(MAIL_CATALOG.map((entry) => entry.name)).size).toBe(MAIL_CATALOG.length);
  });

  for (const entry of MAIL_CATALOG) {
    it(`${entry.name}: subject, content and links in the HTML and the text part`, async () => {
      const mail = await entry.render();
      expect(mail.subject).toBe(entry.subject);
      expect(mail.html).toMatch(/^<!DOCTYPE html[^>]*><html dir="ltr" lang="de">/);
      expect(mail.html).toContain(`<title>${inHtml(entry.subject)}</title>`);
      expect(mail.html).toContain('>Matchwerk</p>');
      // The HTML part as the reader sees it: markup and React's text separators removed.
      const visible = mail.html.replace(/<!--.*?-->/g, '').replace(/<[^>]+>/g, '');
      for (const content of entry.content) {
        expect(mail.text, content).toContain(content);
        expect(visible, content).toContain(inHtml(content));
      }
      for (const link of entry.links) expect(mail.html, link).toContain(`href="${inHtml(link)}"`);
      // Every web link of the HTML part is in the text part as a full URL.
      const htmlLinks = [...mail.html.matchAll(/href="(https?:[^"]+)"/g)].map((match) =>
        match[1]!.replace(/&amp;/g, '&'),
      );
      expect(extractLinks(mail.text)).toEqual(expect.arrayContaining(htmlLinks));
      expect(extractLinks(mail.text)).toEqual(expect.arrayContaining(entry.links));
      // The frame (Matchwerk header, title) is HTML only; the text part starts with the mail itself.
      expect(mail.text.split('\n')[0]).not.toBe('Matchwerk');
    });

    it(`${entry.name}: a user-supplied <script> is escaped in HTML and stays one line in text`, async () => {
      const mail = await entry.render('Max <script>alert(1)</script>\nBcc: x@y.example');
      expect(mail.html).not.toMatch(/<script/i);
      expect(mail.html).toContain('Max &lt;script&gt;alert(1)&lt;/script&gt; Bcc: x@y.example');
      expect(mail.text).toContain('Max <script>alert(1)</script> Bcc: x@y.example');
      expect(mail.text.split('\n').filter((line) => /^\s*Bcc:/i.test(line))).toEqual([]);
    });
  }
});
