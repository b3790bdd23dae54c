import { candidateAppPath } from './candidate-app';
import { REGIONS, type Region } from './region-codes';

/**
 * Public addresses of the marketplace, reachable without an account (issue #13): the server-rendered
 * page of one posting (shared links, search engines, the job widget link to it), the SPA's external
 * preview of a region and the sitemaps.
 */
export const PUBLIC_POSTING_PATH_PREFIX = '/stellen';

export function publicPostingPath(vacancyId: string): string {
  return `${PUBLIC_POSTING_PATH_PREFIX}/${encodeURIComponent(vacancyId)}`;
}

/**
 * A region's slug in public URLs: its code in lower case with hyphens (MONHEIM_AM_RHEIN →
 * `monheim-am-rhein`), so the spec's `/vorschau-lichtenfels` is one case of `/vorschau-<slug>`.
 */
export function regionSlug(region: Region): string {
  return region.toLowerCase().replace(/_/g, '-');
}

const REGION_BY_SLUG = new Map<string, Region>(REGIONS.map((region) => [regionSlug(region), region]));

/** The region of a slug, undefined for an unknown one. */
export function regionFromSlug(slug: string): Region | undefined {
  return REGION_BY_SLUG.get(slug);
}

/** Hash route of the external preview of a region (the SPA), e.g. `/vorschau-lichtenfels`. */
export function publicPreviewPath(region: Region): string {
  return `/vorschau-${regionSlug(region)}`;
}

/** Hash route of one posting inside the external preview. */
export function publicPreviewPostingPath(region: Region, vacancyId: string): string {
  return `${publicPreviewPath(region)}/stelle/${encodeURIComponent(vacancyId)}`;
}

export const SITEMAP_INDEX_PATH = '/sitemap.xml';

/** One sitemap per region with visible postings. */
export function regionSitemapPath(region: Region): string {
  return `/sitemaps/${regionSlug(region)}.xml`;
}

/** The call to action of the public pages: candidates apply in the Matchwerk app (not in this web app). */
export const CANDIDATE_APP_CALL_TO_ACTION = {
  title: 'Interesse? Bewirb dich mit der Matchwerk-App',
  text: 'Lade die kostenlose Matchwerk-App auf dein Smartphone, melde dich an und tippe bei der Stelle, die dich interessiert, auf „Interesse zeigen“. Das Unternehmen antwortet dir direkt im Chat der App – ganz ohne Anschreiben.',
  /** The button on a posting: opens that posting in the app (sign-up there leads back to it). */
  postingButton: 'Interesse zeigen',
  /** The button everywhere else: opens the app's Entdecken (from there it can be installed). */
  appButton: 'Kostenlose Matchwerk-App öffnen',
} as const;

/** Where the public pages' buttons lead: a posting in the candidate app, or the app's start. */
export function candidateAppPostingPath(vacancyId: string): string {
  return candidateAppPath('posting', { params: { postingId: vacancyId } });
}

export const CANDIDATE_APP_START_PATH = candidateAppPath('discover');
