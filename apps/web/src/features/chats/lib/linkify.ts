/**
 * Turns plain chat text into text and link segments (spec §5: links become clickable, default
 * protocol https). Only http(s) and mailto addresses ever become links: `javascript:`,
 * `data:` and anything else stay text. Rendering is done with React elements, never HTML.
 */
import { find } from 'linkifyjs';

export type TextSegment =
  | { kind: 'text'; start: number; text: string }
  | { kind: 'link'; start: number; text: string; href: string; external: boolean };

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** The href if it is an http(s) or mailto URL, else null. */
export function safeHref(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  return SAFE_PROTOCOLS.has(url.protocol) ? href : null;
}

export function linkSegments(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let position = 0;
  const pushText = (end: number) => {
    if (end > position) segments.push({ kind: 'text', start: position, text: text.slice(position, end) });
  };
  for (const match of find(text, { defaultProtocol: 'https' })) {
    if (!match.isLink || (match.type !== 'url' && match.type !== 'email')) continue;
    const href = safeHref(match.href);
    if (!href) continue;
    pushText(match.start);
    segments.push({
      kind: 'link',
      start: match.start,
      text: text.slice(match.start, match.end),
      href,
      external: match.type === 'url',
    });
    position = match.end;
  }
  pushText(text.length);
  return segments;
}
