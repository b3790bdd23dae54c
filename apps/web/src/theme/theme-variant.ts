/**
 * Region branding (spec §6, §9): accent colours per partner region, chosen by URL substring
 * (a partner's own domain or path) first, then by the user's or their organisation's region.
 */
import { COLORS, type Region } from '@matchwerk/shared';

export type ThemeVariantName = 'default' | 'anhaltBitterfeld' | 'horb' | 'oehringen' | 'mitz' | 'monheim';

export interface ThemeVariant {
  name: ThemeVariantName;
  /** Accent colour (MUI `secondary`), undefined for the default look. */
  accent?: string;
  /** Replacement for MUI's default error red, where the accent would be confused with it. */
  error?: string;
}

export const THEME_VARIANTS: Record<ThemeVariantName, ThemeVariant> = {
  default: { name: 'default' },
  // Anhalt-Bitterfeld's navy sits next to red in the district's branding; a darker error
  // red (#b3261e, 6.5:1 on white) stays clearly "error" and not "brand".
  anhaltBitterfeld: { name: 'anhaltBitterfeld', accent: COLORS.anhaltBitterfeld, error: '#b3261e' },
  horb: { name: 'horb', accent: COLORS.horb },
  // Öhringen's accent is itself red (#eb1c27): errors become a dark red-brown (9.4:1 on
  // white, 2.1:1 against the accent) so an error never looks like a branded element.
  oehringen: { name: 'oehringen', accent: COLORS.oehringen, error: '#7a2e0e' },
  // No colours were given for these two: a calm teal and a petrol blue, both ≥ 6.6:1 with
  // white text, distinct from the primary blue and from error red.
  mitz: { name: 'mitz', accent: '#00695c' },
  monheim: { name: 'monheim', accent: '#00617f' },
};

const URL_MARKERS: readonly [string, ThemeVariantName][] = [
  ['anhalt-bitterfeld', 'anhaltBitterfeld'],
  ['horb', 'horb'],
  ['mitz', 'mitz'],
  ['monheim', 'monheim'],
  ['oehringen', 'oehringen'],
];

// Region-based theming applies only to these three regions (spec §6).
const REGION_VARIANTS: Partial<Record<Region, ThemeVariantName>> = {
  ANHALT_BITTERFELD: 'anhaltBitterfeld',
  HORB: 'horb',
  OEHRINGEN: 'oehringen',
};

export function themeVariantFor({ href, region }: { href: string; region?: Region | null }): ThemeVariant {
  const url = href.toLowerCase();
  const byUrl = URL_MARKERS.find(([marker]) => url.includes(marker));
  if (byUrl) return THEME_VARIANTS[byUrl[1]];
  const byRegion = region ? REGION_VARIANTS[region] : undefined;
  return THEME_VARIANTS[byRegion ?? 'default'];
}
