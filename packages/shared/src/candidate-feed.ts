/**
 * The candidate's discovery feed, "nicht interessiert", interest with a note and the profile's
 * strengths (issue 46, items 4, 5 and 8; ADR 0100). Plain constants and labels (no zod), so a
 * screen can show them before its first paint; the schemas are in api/candidate-feed.schema.ts.
 */

/** The candidate's own relation to a posting, on every posting the candidate API returns. */
export const MY_POSTING_STATES = ['none', 'interested', 'accepted', 'declined', 'dismissed'] as const;
export type MyPostingState = (typeof MY_POSTING_STATES)[number];
export const MY_POSTING_STATE_LABELS: Record<MyPostingState, string> = {
  none: 'Neu',
  interested: 'Interesse gezeigt',
  accepted: 'Angenommen',
  declined: 'Abgesagt',
  dismissed: 'Nicht interessiert',
};

/** Orders of the feed: newest postings, nearest first (needs a place), earliest start. */
export const FEED_SORTS = ['newest', 'nearest', 'start'] as const;
export type FeedSort = (typeof FEED_SORTS)[number];
export const FEED_SORT_LABELS: Record<FeedSort, string> = {
  newest: 'Neueste zuerst',
  nearest: 'In deiner Nähe zuerst',
  start: 'Frühester Beginn',
};
export const FEED_PAGE_SIZE_DEFAULT = 20;
export const FEED_PAGE_SIZE_MAX = 50;
export const FEED_DISTANCE_DEFAULT_KM = 25;
export const FEED_DISTANCE_MAX_KM = 200;

/** A candidate's note with an expression of interest (plain text, shown to the employer). */
export const INTEREST_NOTE_MAX_LENGTH = 500;
/** Default of MATCHWERK_INTEREST_DAILY_CAP: expressions of interest per candidate and Berlin day. */
export const INTEREST_DAILY_CAP_DEFAULT = 20;

/** Strengths a candidate may pick for the profile (at most MAX_CANDIDATE_STRENGTHS). */
export const CANDIDATE_STRENGTHS = [
  'TEAMWORK',
  'RELIABLE',
  'CAREFUL',
  'CREATIVE',
  'HANDS_ON',
  'TECHNICAL',
  'NUMBERS',
  'PEOPLE',
  'ORGANISED',
  'DIGITAL',
  'LANGUAGES',
  'PHYSICAL',
] as const;
export type CandidateStrength = (typeof CANDIDATE_STRENGTHS)[number];
export const CANDIDATE_STRENGTH_LABELS: Record<CandidateStrength, string> = {
  TEAMWORK: 'Teamfähig',
  RELIABLE: 'Zuverlässig',
  CAREFUL: 'Sorgfältig',
  CREATIVE: 'Kreativ',
  HANDS_ON: 'Handwerklich geschickt',
  TECHNICAL: 'Technisches Verständnis',
  NUMBERS: 'Gut mit Zahlen',
  PEOPLE: 'Gut im Umgang mit Menschen',
  ORGANISED: 'Organisiert',
  DIGITAL: 'Fit am Computer',
  LANGUAGES: 'Sprachbegabt',
  PHYSICAL: 'Körperlich fit',
};
export const MAX_CANDIDATE_STRENGTHS = 3;
/** Wanted fields: training occupations or areas in the candidate's own words. */
export const MAX_WANTED_FIELDS = 10;
export const WANTED_FIELD_MAX_LENGTH = 160;

/** German texts of the feed, dismissals and interest (candidates are addressed with "du"). */
export const CANDIDATE_FEED_MESSAGES = {
  invalidCursor: 'Der Seiten-Cursor ist ungültig. Bitte lade die Liste neu.',
  cursorOtherSort: 'Dieser Seiten-Cursor gehört zu einer anderen Sortierung. Bitte lade die Liste neu.',
  nearestNeedsPlace:
    'Für „In deiner Nähe zuerst“ brauchen wir einen Ort: Gib eine Postleitzahl oder Koordinaten an oder trage deine Postleitzahl im Profil ein.',
  latLngTogether: 'Bitte gib Breiten- und Längengrad zusammen an.',
  placeTwice: 'Bitte gib entweder eine Postleitzahl oder Koordinaten an, nicht beides.',
  unknownZipCode: 'Diese Postleitzahl kennen wir nicht. Bitte prüfe die Eingabe.',
  invalidZipCode: 'Bitte gib eine gültige Postleitzahl mit fünf Ziffern ein.',
  startRange: 'Das Datum „Beginn ab“ muss vor „Beginn bis“ liegen.',
  vacancyNotFound: 'Diese Stellenanzeige gibt es nicht oder sie ist nicht mehr aktiv.',
  notDismissed: 'Diese Anzeige hast du nicht als „Nicht interessiert“ markiert.',
  noteTooLong: `Deine Nachricht darf höchstens ${INTEREST_NOTE_MAX_LENGTH} Zeichen lang sein.`,
  tooManyStrengths: `Du kannst höchstens ${MAX_CANDIDATE_STRENGTHS} Stärken auswählen.`,
  strengthsTwice: 'Jede Stärke nur einmal, bitte.',
} as const;

/** The friendly 429 of the daily interest cap; `resetsAt` is a time of day in Europe/Berlin ("00:00"). */
export function interestCapMessage(cap: number, resetsAt: string): string {
  return `Du hast heute schon ${cap}-mal Interesse gezeigt – mehr geht an einem Tag nicht. Nimm dir Zeit für die Anzeigen, die dir wirklich gefallen. Morgen ab ${resetsAt} Uhr kannst du wieder Interesse zeigen.`;
}
