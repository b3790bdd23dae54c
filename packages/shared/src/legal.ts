// No zod here: the web app's first bundle uses this without the schemas (ADR 0032).

/**
 * The legal documents a web-app user accepts (spec §2 "Post-login routing"). Their texts are
 * the static pages apps/web/public/legal/{datenschutz,nutzungsbedingungen}.html; the versions
 * below are the "Fassung vom" date printed in them (a web test keeps both in step).
 * Changing a version makes every user accept that document once more on next sign-in (ADR 0037).
 */
export const LEGAL_DOCUMENTS = ['PRIVACY', 'TERMS'] as const;

/**
 * Where the legal texts are served. Every public page links the imprint and the privacy statement
 * (issue 48); the operator replaces the placeholders with IMPRINT_FILE / PRIVACY_FILE (README).
 */
export const LEGAL_PAGE_PATHS = {
  privacy: '/legal/datenschutz.html',
  terms: '/legal/nutzungsbedingungen.html',
  imprint: '/legal/impressum.html',
} as const;

/** The two links of every public page's footer, in this order. */
export const PUBLIC_LEGAL_LINKS = [
  { href: LEGAL_PAGE_PATHS.imprint, label: 'Impressum' },
  { href: LEGAL_PAGE_PATHS.privacy, label: 'Datenschutz' },
] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

/** Current version of the privacy statement (ISO date of its "Fassung vom"). */
export const PRIVACY_VERSION = '2026-11-26';
/** Current version of the terms of use (ISO date of its "Fassung vom"). */
export const TERMS_VERSION = '2026-11-26';

export type LegalVersions = Readonly<Record<LegalDocument, string>>;
export const CURRENT_LEGAL_VERSIONS: LegalVersions = { PRIVACY: PRIVACY_VERSION, TERMS: TERMS_VERSION };

export const LEGAL_DOCUMENT_LABELS: Readonly<Record<LegalDocument, string>> = {
  PRIVACY: 'Datenschutzerklärung',
  TERMS: 'Nutzungsbedingungen',
};

/** A document the user has not accepted in its current version; `acceptedVersion` is the newest older one they did accept. */
export interface DueLegalDocument {
  document: LegalDocument;
  version: string;
  acceptedVersion: string | null;
}

/**
 * Which documents are due: those whose current version is not among the accepted ones.
 * `accepted` lists the user's acceptances oldest first.
 */
export function dueLegalDocuments(
  accepted: readonly { document: LegalDocument; version: string }[],
  current: LegalVersions,
): DueLegalDocument[] {
  return LEGAL_DOCUMENTS.filter(
    (document) => !accepted.some((a) => a.document === document && a.version === current[document]),
  ).map((document) => ({
    document,
    version: current[document],
    acceptedVersion: accepted.filter((a) => a.document === document).at(-1)?.version ?? null,
  }));
}

/** Legal gate: every document accepted in its current version before the user may do anything else. */
export function hasSignedLegal(user: { legalDue: readonly unknown[] }): boolean {
  return user.legalDue.length === 0;
}

/** "2026-11-26" → "26.11.2026" (a version is the ISO date of its "Fassung vom"). */
export function formatLegalVersion(version: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(version);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : version;
}
