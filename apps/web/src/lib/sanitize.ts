/**
 * Rich text is sanitised on the server when stored and again here whenever it is loaded or
 * shown (spec §5). Both keep exactly the shared rich-text policy (ADR 0019): the markup the
 * editor can produce, nothing else.
 */
import {
  isAllowedRichTextHref,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_LINK_ATTRIBUTES,
  RICH_TEXT_TAG_ALIASES,
  RICH_TEXT_TAGS,
} from '@matchwerk/shared';
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

const ALLOWED_TAGS = [...RICH_TEXT_TAGS, ...Object.keys(RICH_TEXT_TAG_ALIASES)];
const ALLOWED_ATTR = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];

let instance: Purifier | undefined;
/** Its own DOMPurify instance, so these hooks never touch another use of the library. */
function purifier(): Purifier {
  if (instance) return instance;
  const purify = DOMPurify(window);
  // Attributes are allowed per tag, not globally (DOMPurify's list is global).
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const allowed = RICH_TEXT_ATTRIBUTES[node.nodeName.toLowerCase() as keyof typeof RICH_TEXT_ATTRIBUTES];
    if (!allowed?.includes(data.attrName)) data.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      // DOMPurify's own URI check only stops script URLs; the policy allows fewer schemes.
      if (node.hasAttribute('href') && !isAllowedRichTextHref(node.getAttribute('href'))) node.removeAttribute('href');
      node.setAttribute('target', RICH_TEXT_LINK_ATTRIBUTES.target);
      node.setAttribute('rel', RICH_TEXT_LINK_ATTRIBUTES.rel);
    }
    if (node.tagName === 'OL' && node.hasAttribute('start') && !/^\d{1,6}$/.test(node.getAttribute('start') ?? '')) {
      node.removeAttribute('start');
    }
  });
  instance = purify;
  return purify;
}

/** Renames foreign tags (b, i, h1 …) to the policy's tags, keeping their attributes out. */
function applyAliases(fragment: DocumentFragment): void {
  for (const [from, to] of Object.entries(RICH_TEXT_TAG_ALIASES)) {
    for (const element of Array.from(fragment.querySelectorAll(from))) {
      const renamed = element.ownerDocument.createElement(to);
      renamed.append(...Array.from(element.childNodes));
      element.replaceWith(renamed);
    }
  }
}

export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  const fragment = purifier().sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, RETURN_DOM_FRAGMENT: true });
  applyAliases(fragment);
  const container = fragment.ownerDocument.createElement('div');
  container.append(fragment);
  return container.innerHTML;
}
