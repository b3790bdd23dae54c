/** Static German legal texts served from apps/web/public/legal. */
export const LEGAL_PAGES = {
  privacy: '/legal/datenschutz.html',
  terms: '/legal/nutzungsbedingungen.html',
  imprint: '/legal/impressum.html',
} as const;
