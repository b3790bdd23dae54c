/**
 * German order and search (issue 48 item 4, ADR 0117): the one normalisation of names used by the
 * API (query terms, and — as the same translate() in SQL — the generated columns `name_sort` and
 * `name_search` of migration 0035) and by the web app (sorting and filtering lists in the browser).
 *
 * Order is DIN 5007-1 ("Wörterbuch"): ä = a, ö = o, ü = u, ß = ss, case ignored, so "Bäckerei"
 * comes before "Brenner" and "Ümit" among the U. Search also folds the spellings without umlaut
 * key ("Baeckerei", "Oelm") so each of "Bäckerei", "Baeckerei", "Backerei" finds the others.
 *
 * Why a character table and not `Intl.Collator` / ICU collations: PGlite (the tests' database)
 * has no ICU, and an index must be built from an immutable SQL expression. `translate()` with
 * exactly these two strings gives byte-for-byte the same key in PostgreSQL, PGlite and here
 * (german-text.db.test.ts compares them).
 */

/** Characters folded by `translate()`: ASCII capitals and the Latin letters of names common in Germany. */
export const GERMAN_FOLD_FROM =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅàáâãäåĄąĀāÆæÇçĆćČčĎďÈÉÊËèéêëĘęĚěĒēĞğÌÍÎÏìíîïİıĪīŁłÑñŃńŇňÒÓÔÕÖØòóôõöøŐőŌōŘřŚśŠšŞşȘșŤťŢţȚțÙÚÛÜùúûüŰűŮůŪūÝýÿŸŹźŻżŽž';
/** What each character of `GERMAN_FOLD_FROM` becomes (same position; Æ/æ keep only a, see the test). */
export const GERMAN_FOLD_TO =
  'abcdefghijklmnopqrstuvwxyzaaaaaaaaaaaaaaaaaaccccccddeeeeeeeeeeeeeeggiiiiiiiiiiiillnnnnnnoooooooooooooooorrssssssssttttttuuuuuuuuuuuuuuyyyyzzzzzz';

const FOLD = new Map<string, string>();
for (let i = 0; i < GERMAN_FOLD_FROM.length; i++) FOLD.set(GERMAN_FOLD_FROM[i]!, GERMAN_FOLD_TO[i]!);

/** Separates the folded name from the original in the sort key; sorts before every printable character. */
const SORT_SEPARATOR = '\u0001';

/** Case and accents folded, ß and ẞ written ss (the first step of both keys). */
export function foldGerman(text: string): string {
  let out = '';
  for (const char of text) out += FOLD.get(char) ?? char;
  return out.replace(/[ßẞ]/g, 'ss');
}

/** "ae", "oe", "ue" read as the umlaut they stand for ("Baeckerei" = "Bäckerei" = "Backerei"). */
function foldDigraphs(folded: string): string {
  return folded.replace(/ae/g, 'a').replace(/oe/g, 'o').replace(/ue/g, 'u');
}

/**
 * Sort key by DIN 5007-1, compared bytewise (`collate "C"` in SQL, `<` here). Names equal after
 * folding ("Müller", "Muller") are ordered by the original text so the order is stable.
 */
export function germanSortKey(name: string): string {
  return `${foldGerman(name)}${SORT_SEPARATOR}${name}`;
}

/** Compares two names in German order (DIN 5007-1); for `Array.prototype.sort`. */
export function compareGerman(a: string, b: string): number {
  const left = germanSortKey(a);
  const right = germanSortKey(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * The stored search text of a name: its folded form and, on a second line, that form with
 * "ae"/"oe"/"ue" read as umlauts. Both are kept because folding the digraphs alone would lose
 * matches that start inside one ("er" in "Bauer").
 */
export function germanSearchText(name: string): string {
  const folded = foldGerman(name);
  return `${folded}\n${foldDigraphs(folded)}`;
}

/**
 * The forms a search term is looked up in (one or two, each to be found as a substring of
 * `germanSearchText`). Line breaks and control characters are dropped so a term never spans the
 * two lines of the stored text.
 */
export function germanSearchTerms(term: string): string[] {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const folded = foldGerman(term.replace(/[\u0000-\u001f\u007f]/g, ' ').trim());
  if (!folded) return [];
  const digraphs = foldDigraphs(folded);
  return digraphs === folded ? [folded] : [folded, digraphs];
}

/** Does the name contain the search term in any of its German spellings? (lists filtered in the browser) */
export function matchesGermanSearch(name: string, term: string): boolean {
  const text = germanSearchText(name);
  const terms = germanSearchTerms(term);
  return terms.length === 0 || terms.some((form) => text.includes(form));
}
