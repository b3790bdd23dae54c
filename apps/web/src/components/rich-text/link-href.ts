import { isAllowedRichTextHref } from '@matchwerk/shared';

/**
 * Normalises a typed address to one the shared policy keeps: "www.firma.de" → "https://www.firma.de",
 * "info@firma.de" → "mailto:info@firma.de", "07031 123-45" → "tel:0703112345". Anything else → null.
 */
export function normalizeLinkHref(input: string): string | null {
  const value = input.trim();
  if (!value) return null;
  let href: string;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) href = value;
  else if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(value)) href = `mailto:${value}`;
  else if (/^\+?[0-9][0-9 ()/-]{4,}$/.test(value)) href = `tel:${value.replace(/[^0-9+]/g, '')}`;
  else href = `https://${value}`;
  if (!isAllowedRichTextHref(href) || !/^[a-z]+:\S+$/i.test(href)) return null;
  return /^https?:/i.test(href) && !/^https?:\/\/[^/?#@]+\.[^/?#]+/i.test(href) ? null : href;
}
