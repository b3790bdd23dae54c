import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { CurrentUserOrganization } from '@matchwerk/shared';
import { useTranslation } from '../../../../lib/i18n';
import { scheduleLabels } from '../../lib/schedule-labels';

/**
 * Whether the company's postings reach candidates at all (issue 48 item 3): an employer knows the
 * own company's state; a partner or admin editing another company's posting does not here.
 */
export type OrganizationVisibility = 'visible' | 'waiting' | 'inactive' | 'unknown';

export function organizationVisibility(
  own: CurrentUserOrganization | null | undefined,
  vacancyOrganizationId: string | undefined,
): OrganizationVisibility {
  if (!own || (vacancyOrganizationId !== undefined && vacancyOrganizationId !== own.id)) return 'unknown';
  if (own.waitingForApproval) return 'waiting';
  return own.active ? 'visible' : 'inactive';
}

const ACTIVE_HELP = {
  visible: 'vacancies.statusActiveHelp',
  waiting: 'vacancies.statusActiveWaitingHelp',
  inactive: 'vacancies.statusActiveOrganizationInactiveHelp',
  unknown: 'vacancies.statusActiveNeutralHelp',
} as const;

export interface StatusLineProps {
  active: boolean;
  visibility: OrganizationVisibility;
  publishOn: string | null;
  applicationDeadline: string | null;
}

/** The stored posting's status, with a planned publication day and the deadline. */
export function StatusLine({ active, visibility, publishOn, applicationDeadline }: StatusLineProps) {
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
      {visibility === 'waiting' && <Chip label={t('vacancies.waitingForRelease')} color="warning" variant="outlined" />}
      {schedule.map((label) => (
        <Chip key={label} label={label} variant="outlined" />
      ))}
      <Typography color="text.secondary" variant="body2" sx={{ flex: '1 1 280px' }}>
        {active ? t(ACTIVE_HELP[visibility]) : t('vacancies.statusInactiveHelp')}
      </Typography>
    </Box>
  );
}
