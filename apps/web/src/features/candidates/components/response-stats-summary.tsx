import '../../../lib/locales/register-candidate-follow-up-texts';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatPercent, type ResponseStats } from '@matchwerk/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../../lib/i18n';
import { useResponseStats } from '../api/follow-up-api';

/** "18 Stunden" below two days, else "3 Tage" (rounded up, like the promise to candidates). */
export function answerTimeText(t: TFunction, hours: number): string {
  return hours < 48
    ? t('candidateFollowUp.hours', { count: Math.max(1, Math.round(hours)) })
    : t('candidateFollowUp.days', { count: Math.ceil(hours / 24) });
}

export function responseStatsText(t: TFunction, stats: ResponseStats): string {
  if (stats.total === 0 || stats.responseRate === null)
    return t('candidateFollowUp.statsNone', { days: stats.windowDays });
  const rate = formatPercent(stats.responseRate);
  if (stats.medianAnswerHours === null) return t('candidateFollowUp.statsNoAnswers', { rate, days: stats.windowDays });
  return t('candidateFollowUp.statsLine', {
    rate,
    time: answerTimeText(t, stats.medianAnswerHours),
    days: stats.windowDays,
  });
}

/** The own response rate and median answer time (issue 14), above the Anfragen list. */
export function ResponseStatsSummary() {
  const { t } = useTranslation();
  const stats = useResponseStats();
  if (stats.isPending) return <Skeleton variant="text" width="60%" aria-label={t('common.loading')} />;
  if (stats.isError) return <Alert severity="warning">{t('candidateFollowUp.statsFailed')}</Alert>;
  return (
    <section aria-label={t('candidateFollowUp.statsLabel')}>
      <Typography sx={{ fontWeight: 600 }}>{responseStatsText(t, stats.data)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('candidateFollowUp.statsHint')}
      </Typography>
    </section>
  );
}
