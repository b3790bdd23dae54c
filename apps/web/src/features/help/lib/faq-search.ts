/**
 * Client-side FAQ search: every word of the query must occur (case- and accent-insensitive,
 * "ä" = "ae" = "a") in the question, the answer or the keywords; matches are highlighted.
 */
import type { FaqEntry } from '../content/faq';

/** Lower case, umlauts and ß spelled out, other accents dropped — the same for text and query. */
export function foldGerman(value: string): string {
  return value
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

export function queryWords(query: string): string[] {
  return foldGerman(query)
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word.length > 0);
}

export function filterFaq(entries: readonly FaqEntry[], query: string): FaqEntry[] {
  const words = queryWords(query);
  if (words.length === 0) return [...entries];
  return entries.filter((entry) => {
    const haystack = foldGerman([entry.question, ...entry.answer, ...(entry.keywords ?? []), entry.topic].join(' '));
    return words.every((word) => haystack.includes(word));
  });
}

export interface TextSegment {
  text: string;
  match: boolean;
}

/**
 * Splits `text` into plain and matching segments for the query's words. Works on the folded
 * text and maps back character by character, so "Loeschen" highlights "Löschen".
 */
export function highlightSegments(text: string, query: string): TextSegment[] {
  const words = queryWords(query);
  if (words.length === 0 || text.length === 0) return [{ text, match: false }];
  // folded[i] came from text[origin[i]]; one original character can fold to several (ä → ae) or none.
  let folded = '';
  const origin: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const piece = foldGerman(text[index]!);
    folded += piece;
    for (let k = 0; k < piece.length; k++) origin.push(index);
  }
  const marked = new Array<boolean>(text.length).fill(false);
  for (const word of words) {
    let from = folded.indexOf(word);
    while (from !== -1) {
      for (let k = from; k < from + word.length; k++) marked[origin[k]!] = true;
      from = folded.indexOf(word, from + word.length);
    }
  }
  const segments: TextSegment[] = [];
  for (let index = 0; index < text.length; index++) {
    const last = segments.at(-1);
    if (last && last.match === marked[index]) last.text += text[index];
    else segments.push({ text: text[index]!, match: marked[index]! });
  }
  return segments;
}
