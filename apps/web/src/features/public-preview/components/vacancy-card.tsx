import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatEuro, formatNumber, POSTING_TYPE_LABELS, type PublicVacancyListItem } from '@matchwerk/shared';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink } from '../../../lib/router';
import { formatDate } from '../../../lib/dayjs';

export interface VacancyCardProps {
  vacancy: PublicVacancyListItem;
  /** Route of the posting's detail view (with the list's filters, for the way back). */
  to: string;
}

function CardImage({ src, alt }: { src: string | null; alt: string }) {
  const [failed, setFailed] = useState(false);
  const frame = { width: '100%', aspectRatio: '16 / 9', bgcolor: 'grey.100', display: 'block' } as const;
  if (!src || failed) {
    return (
      <Box sx={{ ...frame, display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'text.secondary' }}>
        <ImageOutlinedIcon fontSize="large" aria-hidden />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      width={640}
      height={360}
      onError={() => setFailed(true)}
      sx={{ ...frame, height: 'auto', objectFit: 'cover' }}
    />
  );
}

/** One posting of the preview: image, title, company and logo, type, place, start, pay per training year. */
export function VacancyCard({ vacancy, to }: VacancyCardProps) {
  const { t } = useTranslation();
  const start = vacancy.startOfTraining ?? vacancy.start;
  return (
    <Card component="article" variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardImage src={vacancy.imageUrl} alt={t('preview.imageOf', { title: vacancy.title })} />
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1, flexGrow: 1 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Chip size="small" label={POSTING_TYPE_LABELS[vacancy.type]} />
          {vacancy.distanceKm !== null && (
            <Chip
              size="small"
              variant="outlined"
              label={t('preview.distance', { km: formatNumber(vacancy.distanceKm, 3) })}
            />
          )}
        </Box>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
          <Link
            component={RouterLink}
            to={to}
            underline="hover"
            aria-label={t('preview.details', { title: vacancy.title })}
          >
            {vacancy.title}
          </Link>
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {vacancy.organization.logoUrl && (
            <Box
              component="img"
              src={vacancy.organization.logoUrl}
              alt={t('preview.logoOf', { name: vacancy.organization.name })}
              width={32}
              height={32}
              loading="lazy"
              sx={{
                objectFit: 'contain',
                borderRadius: 0.5,
                border: 1,
                borderColor: 'divider',
                bgcolor: 'common.white',
              }}
            />
          )}
          <Typography variant="body2">{vacancy.organization.name}</Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {vacancy.zipCode} {vacancy.city}
          {start ? ` · ${t('preview.start', { date: formatDate(start) })}` : ''}
        </Typography>
        {vacancy.salaryPerTrainingYear.length > 0 && (
          <Typography variant="body2">
            {t('preview.payPerYear')}:{' '}
            {vacancy.salaryPerTrainingYear
              .map((amount, index) => t('preview.payYear', { year: index + 1, amount: formatEuro(amount) }))
              .join(' · ')}
          </Typography>
        )}
      </Box>
    </Card>
  );
}
