/**
 * Server-side sanitiser for the vacancy rich-text fields (spec §5): a small allow-list of
 * formatting tags; links only http/https/mailto and always opened in a new tab without
 * opener. Everything else (script, style, iframes, svg, event attributes, javascript:/data:
 * URLs) is removed. The web app sanitises again when it shows the text.
 */
import sanitizeHtml from 'sanitize-html';

const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote', 'a'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Contents of these are dropped with the tag, not kept as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'svg', 'math', 'object', 'embed', 'template', 'title'],
  disallowedTagsMode: 'discard',
  transformTags: {
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
    h1: 'h3',
    h2: 'h3',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), rel: 'noopener noreferrer', target: '_blank' },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
};

/** Sanitised HTML; null/empty stays null. A text that is empty after sanitising becomes null. */
export function sanitizeRichText(html: string | null | undefined): string | null {
  if (!html) return null;
  const clean = sanitizeHtml(html, RICH_TEXT_OPTIONS).trim();
  return htmlToPlainText(clean) || /<(ul|ol|li|br)\b/.test(clean) ? clean : null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Plain text of (sanitised) HTML: block ends become spaces, entities decoded, whitespace collapsed. */
export function htmlToPlainText(html: string | null | undefined): string {
  if (!html) return '';
  const spaced = html.replace(/<\/(p|li|h3|h4|blockquote)>|<br\s*\/?>/gi, ' ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: RICH_TEXT_OPTIONS.nonTextTags });
  return text
    .replace(/&(#?\w+);/g, (match, name: string) => {
      if (name in ENTITIES) return ENTITIES[name]!;
      const numeric = /^#(x?)([0-9a-f]+)$/i.exec(name);
      if (numeric) {
        const code = Number.parseInt(numeric[2]!, numeric[1] ? 16 : 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : match;
      }
      return match;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Plain-text excerpt for lists: at most `max` characters, cut at a word boundary with "…". */
export function plainTextExcerpt(html: string | null | undefined, max = 200): string {
  const text = htmlToPlainText(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
