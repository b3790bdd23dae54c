import '../../../lib/locales/register-administration-texts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FailedMail } from '@matchwerk/shared';
import { useTranslation } from '../../../lib/i18n';
import { CenteredProgress } from '../../../components/feedback/centered-progress';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { isApiError } from '../../../lib/api-client';
import { formatTimestamp } from '../../../lib/dayjs';
import { useUiStore } from '../../../stores/ui-store';
import { useFailedMails, useResendFailedMail } from '../api/failed-mails-api';

function FailedMailCard({ mail }: { mail: FailedMail }) {
  const { t } = useTranslation();
  const showSnackbar = useUiStore((s) => s.showSnackbar);
  const resend = useResendFailedMail();
  const failed = resend.isError
    ? isApiError(resend.error)
      ? resend.error.message
      : t('administration.resendFailed')
    : null;
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2, listStyle: 'none' }}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{mail.subject}</Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          mt: 1,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 2,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' },
        }}
      >
        <dt>{t('administration.mailTo')}</dt>
        <dd>{mail.to}</dd>
        <dt>{t('administration.mailFailedAt')}</dt>
        <dd>{formatTimestamp(mail.failedAt)}</dd>
        <dt>{t('administration.mailAttempts')}</dt>
        <dd>{mail.attempts.toLocaleString('de-DE')}</dd>
        <dt>{t('administration.mailError')}</dt>
        <dd>{mail.lastError ?? t('administration.mailNoError')}</dd>
      </Box>
      {failed && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failed}
        </Alert>
      )}
      <Button
        variant="outlined"
        sx={{ mt: 1.5 }}
        loading={resend.isPending}
        aria-label={t('administration.resendAria', { subject: mail.subject, to: mail.to })}
        onClick={() =>
          resend.mutate(mail.id, { onSuccess: () => showSnackbar(t('administration.resent', { to: mail.to })) })
        }
      >
        {t('administration.resend')}
      </Button>
    </Paper>
  );
}

/** Account mails that failed after every retry, with "Erneut senden" (issue 49 item 6, ADR 0119). */
export function FailedMailsSection() {
  const { t } = useTranslation();
  const list = useFailedMails();
  if (list.isPending) return <CenteredProgress />;
  if (list.isError)
    return <ErrorState text={t('administration.mailsLoadFailed')} onRetry={() => void list.refetch()} />;
  if (!list.data.available) return <Alert severity="warning">{t('administration.mailsUnavailable')}</Alert>;
  if (list.data.items.length === 0) return <EmptyState text={t('administration.mailsEmpty')} />;
  return (
    <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }} aria-label={t('administration.mailsTitle')}>
      {list.data.items.map((mail) => (
        <FailedMailCard key={mail.id} mail={mail} />
      ))}
    </Stack>
  );
}

/** The number of failed mails for the tab's label; undefined until known or when the list is not available. */
export function useFailedMailCount(): number | undefined {
  const list = useFailedMails();
  return list.data?.available ? list.data.items.length : undefined;
}
