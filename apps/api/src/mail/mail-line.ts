/** Making user-supplied values safe for mail headers, text lines and hand-built HTML pages. */

/** For hand-built HTML pages (public pages, unsubscribe page): every user-supplied text goes through this. Mail templates are React and escape by themselves. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

// C0 and C1 control characters (CR, LF, TAB, NUL, NEL, …), DEL and the Unicode line and
// paragraph separators: anything a mail client or header parser could read as a line break.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * A user-supplied value (name, address, title, excerpt) as one plain line for subjects and
 * text lines: line breaks and control characters become a space, so it can never start a new
 * header or a line of its own ("Max\r\nBcc: …"). Every template builds its lines through this.
 */
export function mailLine(value: string): string {
  return value.replace(LINE_BREAKING, ' ').replace(/ {2,}/g, ' ').trim();
}

/** "Guten Tag Max Muster," — the name made one safe line. */
export function greetingLine(name: string): string {
  const safe = mailLine(name);
  return safe ? `Guten Tag ${safe},` : 'Guten Tag,';
}
