import Box from '@mui/material/Box';
import { REGION_PARTNER_LOGOS, type CurrentUser, type Region } from '@matchwerk/shared';
import { useTranslation } from '../../lib/i18n';

export interface PartnerWordmarkProps {
  name: string;
}

const WIDTH = 232;
const HEIGHT = 40;

/** A neutral wordmark for a partner (no third-party logo files): rounded frame plus the name. */
export function PartnerWordmark({ name }: PartnerWordmarkProps) {
  const { t } = useTranslation();
  // Shrink long names so they fit on one line (≈ 0.56 em per character).
  const fontSize = Math.min(13, (WIDTH - 24) / (name.length * 0.56));
  return (
    <svg
      role="img"
      aria-label={t('nav.partnerLogo', { name })}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      height={HEIGHT}
    >
      <rect
        x="1"
        y="1"
        width={WIDTH - 2}
        height={HEIGHT - 2}
        rx="8"
        fill="#ffffff"
        stroke="#cbd5e1"
        strokeWidth="1.5"
      />
      <text
        x={WIDTH / 2}
        y={HEIGHT / 2}
        dominantBaseline="central"
        textAnchor="middle"
        fontSize={fontSize}
        fontWeight="600"
        fill="#334155"
        fontFamily="inherit"
      >
        {name}
      </text>
    </svg>
  );
}

/** Regions whose partners are shown: the organisation's region, or a partner's regions (spec §6). */
export function logoRegionsFor(user: CurrentUser): Region[] {
  if (user.type === 'REGIONAL_PARTNER') return [...user.regions];
  if (user.type === 'ORGANIZATION') {
    const region = user.organization?.region ?? user.region;
    return region ? [region] : [];
  }
  return [];
}

export function partnerNamesFor(regions: readonly Region[]): string[] {
  return [...new Set(regions.flatMap((region) => REGION_PARTNER_LOGOS[region] ?? []))];
}

export interface RegionLogosProps {
  regions: readonly Region[];
}

export function RegionLogos({ regions }: RegionLogosProps) {
  const { t } = useTranslation();
  const names = partnerNamesFor(regions);
  if (names.length === 0) return null;
  return (
    <Box component="section" aria-label={t('nav.partners')} sx={{ display: 'grid', gap: 1, px: 2, py: 1.5 }}>
      {names.map((name) => (
        <PartnerWordmark key={name} name={name} />
      ))}
    </Box>
  );
}
