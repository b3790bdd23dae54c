/**
 * The one rich-text policy (spec §5). The web editor may only produce this markup, the server
 * sanitiser (sanitize-html) and the web sanitiser (DOMPurify) both keep exactly this markup,
 * so a text survives editor → server → editor unchanged. Both sanitiser configurations are
 * derived from here; nothing about allowed markup is written down a second time (ADR 0019).
 */

/** Tags the editor toolbar and its input rules can produce. */
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'em', 'u', 'ul', 'ol', 'li', 'h3', 'a'] as const;
export type RichTextTag = (typeof RICH_TEXT_TAGS)[number];

/**
 * Attributes per tag. `ol start` comes from the editor's "3. " input rule; a link's `target`
 * and `rel` are not taken from the input but always set to RICH_TEXT_LINK_ATTRIBUTES.
 */
export const RICH_TEXT_ATTRIBUTES: Readonly<Partial<Record<RichTextTag, readonly string[]>>> = {
  a: ['href', 'target', 'rel'],
  ol: ['start'],
};

/** URL schemes a link may use; relative and protocol-relative addresses are refused. */
export const RICH_TEXT_URL_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/** Every link opens in a new tab, without access to the opener and without passing ranking. */
export const RICH_TEXT_LINK_ATTRIBUTES = { target: '_blank', rel: 'noopener noreferrer nofollow' } as const;

/** The only heading level (the editor's "Überschrift" button). */
export const RICH_TEXT_HEADING_LEVEL = 3;

/**
 * Foreign markup (pasted from office programs, or stored before this policy) renamed to the
 * allowed tag with the same meaning instead of being dropped. Other tags are removed and
 * their text kept.
 */
export const RICH_TEXT_TAG_ALIASES: Readonly<Record<string, RichTextTag>> = {
  b: 'strong',
  i: 'em',
  h1: 'h3',
  h2: 'h3',
  h4: 'h3',
  h5: 'h3',
  h6: 'h3',
};

const ALLOWED_HREF = new RegExp(`^(?:${RICH_TEXT_URL_SCHEMES.join('|')}):`, 'i');

/** Whether a link address may be kept: an absolute address with an allowed scheme. */
export function isAllowedRichTextHref(href: string | null | undefined): boolean {
  return typeof href === 'string' && ALLOWED_HREF.test(href.trim());
}

/**
 * What the editor writes for each allowed tag (TipTap's HTML serialisation; it always ends a
 * text that does not end in a paragraph with an empty one). The server and
 * web sanitisers must return every sample unchanged and the editor must read each one back
 * to the same HTML: that is the round trip the policy promises (tested on both sides).
 */
export const RICH_TEXT_EDITOR_SAMPLES: readonly { tag: RichTextTag; html: string }[] = [
  { tag: 'p', html: '<p>Wir bilden seit 1950 aus &amp; übernehmen gern.</p>' },
  { tag: 'br', html: '<p>Erste Zeile<br>zweite Zeile</p>' },
  { tag: 'strong', html: '<p>Ein <strong>fetter</strong> Text</p>' },
  { tag: 'em', html: '<p>Ein <em>kursiver</em> Text</p>' },
  { tag: 'u', html: '<p>Ein <u>unterstrichener</u> Text</p>' },
  { tag: 'ul', html: '<ul><li><p>eins</p></li><li><p>zwei</p></li></ul><p></p>' },
  { tag: 'ol', html: '<ol><li><p>erstens</p></li><li><p>zweitens</p></li></ol><p></p>' },
  { tag: 'ol', html: '<ol start="3"><li><p>drittens</p></li></ol><p></p>' },
  { tag: 'li', html: '<ul><li><p><strong>Fair</strong> bezahlt</p></li></ul><p></p>' },
  { tag: 'h3', html: '<h3>Was wir bieten</h3><p>Text</p><p></p>' },
  {
    tag: 'a',
    html: '<p><a href="https://www.firma.example/ausbildung?jahr=2027&amp;ort=horb" target="_blank" rel="noopener noreferrer nofollow">Web</a></p>',
  },
  {
    tag: 'a',
    html: '<p><a href="mailto:ausbildung@firma.example" target="_blank" rel="noopener noreferrer nofollow">Mail</a></p>',
  },
  {
    tag: 'a',
    html: '<p><a href="tel:+49703112345" target="_blank" rel="noopener noreferrer nofollow">Anrufen</a></p>',
  },
];
