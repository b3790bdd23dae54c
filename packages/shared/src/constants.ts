/** Business constants of spec §9. */
export const MOBILE_BREAKPOINT_PX = 1000;
export const CHAT_POLLING_INTERVAL_MS = 5000;
/** Rows per page a server-paged list offers, and the number it starts with (the API's default too). */
export const LIST_PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
export const LIST_PAGE_SIZE = 25;
/**
 * The posting list's first page as an organisation user opens it: the web list's defaults, and the
 * page index.html's script asks early (ADR 0070). Admins and partners start sorted by organisation.
 */
export const VACANCY_LIST_FIRST_PAGE = { page: 0, pageSize: LIST_PAGE_SIZE, sort: 'title', order: 'asc' } as const;
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/**
 * What the server accepts per upload. The browser compresses to MAX_IMAGE_BYTES first but
 * uploads the original when compression fails (spec §5), so the server allows more.
 */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Decoded pixels the server accepts per image (pixel-bomb guard), ≈ 6000 × 6000. */
export const MAX_IMAGE_PIXELS = 36_000_000;
/** Longest edge of a stored image: the server shrinks to it, so the browser need not send more. */
export const MAX_IMAGE_EDGE_PX = 2000;
/** Width ÷ height the crop dialog gives a logo: shown square (32–56 px) beside postings. */
export const LOGO_ASPECT_RATIO = 1;
/** Width ÷ height the crop dialog gives a posting photo: shown 16:9 on cards, pages and the widget. */
export const PHOTO_ASPECT_RATIO = 16 / 9;
export const MAX_PHOTOS_PER_VACANCY = 10;
/** Photos on a candidate's profile (candidate app). */
export const MAX_PHOTOS_PER_APPLICANT = 6;
export const TIMESTAMP_FORMAT = 'DD.MM.YYYY HH:mm';
export const DATE_FORMAT = 'DD.MM.YYYY';
export const DEFAULT_SNACKBAR_TIMEOUT_MS = 5000;
/** The error snackbar never times out. */
export const ERROR_SNACKBAR_TIMEOUT_MS = null;
export const MAX_TRAINING_YEAR_SALARIES = 4;
export const DEFAULT_LOCALE = 'de';

/** Password length bounds (NIST SP 800-63B: length only): the shared schemas, better-auth and every German text use these. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_LENGTH_MESSAGES = {
  tooShort: `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein.`,
  tooLong: `Das Passwort darf höchstens ${PASSWORD_MAX_LENGTH} Zeichen lang sein.`,
} as const;

export const COLORS = {
  primary: '#007BFF',
  anhaltBitterfeld: '#132566',
  horb: '#3a84c5',
  oehringen: '#eb1c27',
} as const;

/** Person name display (spec §9): names then family names, joined by spaces. */
export function formatPersonName(person: {
  names?: readonly string[] | null;
  familyNames?: readonly string[] | null;
}): string {
  return [...(person.names ?? []), ...(person.familyNames ?? [])]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}
