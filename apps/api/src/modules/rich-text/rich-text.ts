/**
 * Server-side sanitiser for the vacancy rich-text fields (spec §5). It keeps exactly the
 * shared rich-text policy (@matchwerk/shared rich-text-policy, ADR 0019) — the markup the
 * web editor can produce — so a posting keeps its formatting however often it is saved.
 * Links: only the policy's schemes, always in a new tab without opener. Everything else
 * (script, style, iframes, svg, event attributes, javascript:/data: URLs) is removed. The
 * web app sanitises again, with the same policy, when it shows the text.
 */
import {
  isAllowedRichTextHref,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_LINK_ATTRIBUTES,
  RICH_TEXT_TAG_ALIASES,
  RICH_TEXT_TAGS,
  RICH_TEXT_URL_SCHEMES,
} from '@matchwerk/shared';
import { decodeHTMLStrict } from 'entities';
import sanitizeHtml from 'sanitize-html';

// Contents of these are dropped with the tag, not kept as text.
const NON_TEXT_TAGS = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'svg',
  'math',
  'object',
  'embed',
  'template',
  'title',
];

const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...RICH_TEXT_URL_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  nonTextTags: NON_TEXT_TAGS,
  disallowedTagsMode: 'discard',
  transformTags: {
    ...RICH_TEXT_TAG_ALIASES,
    // Attributes in the order the editor writes them; relative addresses are not links.
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(isAllowedRichTextHref(attribs.href) ? { href: attribs.href!.trim() } : {}),
        ...RICH_TEXT_LINK_ATTRIBUTES,
      },
    }),
    ol: (tagName, attribs): sanitizeHtml.Tag => ({
      tagName,
      attribs: attribs.start && /^\d{1,6}$/.test(attribs.start) ? { start: attribs.start } : {},
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
};

/** Sanitised HTML; null/empty stays null. A text that is empty after sanitising becomes null. */
export function sanitizeRichText(html: string | null | undefined): string | null {
  if (!html) return null;
  // The editor and the browser write <br>; sanitize-html writes <br /> (br never has attributes).
  const clean = sanitizeHtml(html, RICH_TEXT_OPTIONS).replaceAll('<br />', '<br>').trim();
  return htmlToPlainText(clean) || /<(ul|ol|li|br)\b/.test(clean) ? clean : null;
}

/** Plain text of (sanitised) HTML: block ends become spaces, entities decoded, whitespace collapsed, no markup. */
export function htmlToPlainText(html: string | null | undefined): string {
  if (!html) return '';
  const spaced = html.replace(/<\/(p|li|h[1-6]|blockquote)>|<br\s*\/?>/gi, ' ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: NON_TEXT_TAGS });
  // Every HTML entity (sanitize-html writes them with ";"); a no-break space counts as a space below.
  const decoded = decodeHTMLStrict(text);
  return withoutMarkup(decoded);
}

// A "<" starts markup in HTML only before a letter, "/", "!" or "?" (e.g. "<3" stays text).
const TAG_LIKE = /<[a-z/!?][^<>]*>/gi;
const TAG_OPEN = /<(?=[a-z/!?])/gi;

/**
 * Plain text that is no markup wherever it ends up, even inserted into HTML unescaped (the
 * candidate app's lists, mails): tag-like text ("<script>", typed as "&lt;script&gt;" in the
 * editor) is removed, any other "<" that could open a tag is followed by a space. Idempotent,
 * so it is also applied to excerpts stored before this rule.
 */
export function withoutMarkup(text: string): string {
  let previous: string;
  let current = text;
  do {
    previous = current;
    current = current.replace(TAG_LIKE, '');
  } while (current !== previous);
  return current.replace(TAG_OPEN, '< ').replace(/\s+/g, ' ').trim();
}

/** Plain-text excerpt for lists: at most `max` characters, cut at a word boundary with "…". */
export function plainTextExcerpt(html: string | null | undefined, max = 200): string {
  const text = htmlToPlainText(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
