/**
 * Optimistic concurrency for records edited in forms (vacancies, organisations): every write
 * raises the record's integer `version`; GET and every write answer carry it in the body and
 * as the strong ETag `"<version>"`; a PUT with `If-Match` only writes when that is still the
 * stored version, otherwise 412 PRECONDITION_FAILED.
 */

/** The ETag of a record version, e.g. `"7"` (strong: the API compares it byte for byte). */
export function etagOfVersion(version: number): string {
  return `"${version}"`;
}

/**
 * The versions an `If-Match` header names: `null` for `*` (any existing record), otherwise the
 * integers of the listed strong ETags. Weak (`W/`) or foreign tags never match (RFC 9110 §13.1.1
 * compares strongly), so they are left out: a header that names none of ours matches nothing.
 */
export function versionsOfIfMatch(header: string): number[] | null {
  if (header.trim() === '*') return null;
  const versions: number[] = [];
  for (const part of header.split(',')) {
    const match = /^\s*"(\d{1,15})"\s*$/.exec(part);
    if (match?.[1]) versions.push(Number(match[1]));
  }
  return versions;
}
