import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatEuro, formatNumber, type VacancyListItem } from '@matchwerk/shared';
import { useTranslation } from '../../../lib/i18n';
import { scheduleLabels } from '../lib/schedule-labels';

/** The description excerpt in two lines at most, in the table and on the phone cards alike. */
export const twoLineClamp = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const;

export function StatusChip({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={active ? t('vacancies.active') : t('vacancies.inactive')}
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
    />
  );
}

/** Planned publication day and deadline under the status ("geplant ab …", "Bewerbungsschluss …"). */
export function ScheduleText({ item }: { item: VacancyListItem }) {
  const { t } = useTranslation();
  const labels = scheduleLabels(item, t);
  if (labels.length === 0) return null;
  return (
    <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block', mt: 0.5 }}>
      {labels.join(' · ')}
    </Typography>
  );
}

/** "950 €", or with cents "950,50 €". */
function monthlyPay(value: number): string {
  return Number.isInteger(value) ? `${formatNumber(value, 0)}\u00a0€` : formatEuro(value);
}

/**
 * "Gehalt" of the postings list (issue 48 item 5): the monthly pay per training year, one line
 * each ("1. Jahr: 950 €"), else the free-text range of older postings.
 */
export function SalaryText({ item }: { item: VacancyListItem }) {
  if (item.salaryPerTrainingYear.length === 0) return <>{item.salaryRange ?? ''}</>;
  return (
    <Typography component="ul" variant="body2" sx={{ listStyle: 'none', m: 0, p: 0, whiteSpace: 'nowrap' }}>
      {item.salaryPerTrainingYear.map((value, index) => (
        <li key={index}>
          {index + 1}. Jahr: {monthlyPay(value)}
        </li>
      ))}
    </Typography>
  );
}
