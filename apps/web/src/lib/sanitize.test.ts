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
    const html = sanitizeRichText('<h3>Wir bieten</h3><ul><li><strong>Fair</strong> <em>bezahlt</em> <u>gut</u></li></ul><a href="https://www.firma.de">Web</a>');
    expect(html).toBe(
      '<h3>Wir bieten</h3><ul><li><strong>Fair</strong> <em>bezahlt</em> <u>gut</u></li></ul><a href="https://www.firma.de" target="_blank" rel="noopener noreferrer nofollow">Web</a>',
    );
    expect(sanitizeRichText(null)).toBe('');
  });
});
