import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../../lib/i18n';
import { scheduleLabels } from '../../lib/schedule-labels';

export interface StatusLineProps {
  active: boolean;
  publishOn: string | null;
  applicationDeadline: string | null;
}

/** The stored posting's status, with a planned publication day and the deadline. */
export function StatusLine({ active, publishOn, applicationDeadline }: StatusLineProps) {
  const { t } = useTranslation();
  const schedule = scheduleLabels({ active, publishOn, applicationDeadline }, t);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 3 }}>
      <Typography component="span" sx={{ fontWeight: 600 }}>
        {t('vacancies.status')}:
      </Typography>
      <Chip
        label={active ? t('vacancies.active') : t('vacancies.inactive')}
        color={active ? 'success' : 'default'}
        variant={active ? 'filled' : 'outlined'}
      />
      {schedule.map((label) => (
        <Chip key={label} label={label} variant="outlined" />
      ))}
      <Typography color="text.secondary" variant="body2" sx={{ flex: '1 1 280px' }}>
        {active ? t('vacancies.statusActiveHelp') : t('vacancies.statusInactiveHelp')}
      </Typography>
    </Box>
  );
}
