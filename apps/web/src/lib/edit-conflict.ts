/**
 * Helpers for editing a versioned record (vacancy, organisation) in a form: which version to
 * send as If-Match, and which fields of the user's form differ from the stored version after a
 * 412, so the conflict dialog can show what would be lost by reloading.
 */

export interface Versioned {
  version: number;
}

/**
 * The version a save is based on. The form was filled from `base`; `latest` is the newest copy
 * the app has seen (query cache). Writes that do not touch the form's fields (photos, logo,
 * activation — also the user's own) raise the version too: when `latest` has the same form
 * content as `base`, its version is safe to send; otherwise someone changed the fields and the
 * base version must go, so the server answers 412 instead of overwriting their change.
 */
export function versionToSend<T extends Versioned>(
  base: T,
  latest: T | null | undefined,
  sameContent: (a: T, b: T) => boolean,
): number {
  if (latest && latest.version > base.version && sameContent(base, latest)) return latest.version;
  return base.version;
}

/** True when the listed keys of both records hold equal values (deep, by JSON). */
export function sameKeys<T extends object>(keys: readonly (keyof T)[]): (a: T, b: T) => boolean {
  return (a, b) => keys.every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}

/** Nested form values as dotted paths; arrays and primitives are leaves. */
export function flattenValues(values: object, prefix = ''): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      Object.assign(flat, flattenValues(value as object, path));
    else flat[path] = value;
  }
  return flat;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** Paths (in the order of `yours`) whose values differ between the user's form and the stored version's form values. */
export function changedPaths(yours: object, stored: object): string[] {
  const a = flattenValues(yours);
  const b = flattenValues(stored);
  return Object.keys(a).filter((path) => {
    if (isEmpty(a[path]) && isEmpty(b[path])) return false;
    return JSON.stringify(a[path]) !== JSON.stringify(b[path]);
  });
}

/** Plain text of editor HTML for copying: paragraphs and line breaks become new lines. */
export function htmlToCopyText(html: string): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|li|h[1-6]|blockquote)>/gi, '\n');
  const text = new DOMParser().parseFromString(withBreaks, 'text/html').body.textContent ?? '';
  return text.replace(/\n{3,}/g, '\n\n').trim();
}

/** A form leaf value as text: strings as typed, numbers the German way, anything else as JSON. */
export function leafText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return value.toLocaleString('de-DE');
  if (typeof value === 'boolean') return value ? 'ja' : 'nein';
  return JSON.stringify(value);
}
