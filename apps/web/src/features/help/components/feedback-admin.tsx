import '../../../lib/locales/register-help-texts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  FEEDBACK_CATEGORY_LABELS,
  FEEDBACK_STATUS_LABELS,
  FEEDBACK_STATUSES,
  feedbackStatusSchema,
  type FeedbackItem,
  type FeedbackStatus,
} from '@matchwerk/shared';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { CenteredProgress } from '../../../components/feedback/centered-progress';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { FormTextField } from '../../../components/form/form-text-field';
import { formatTimestamp } from '../../../lib/dayjs';
import { feedbackScreenshotUrl, useFeedbackList, useSetFeedbackStatus } from '../api/feedback-api';

const PAGE_SIZE = 10;

function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
}

function FeedbackCard({ item }: { item: FeedbackItem }) {
  const { t } = useTranslation();
  const setStatus = useSetFeedbackStatus();
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2, listStyle: 'none' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Chip
          label={FEEDBACK_CATEGORY_LABELS[item.category]}
          size="small"
          color={item.category === 'ACCESSIBILITY' ? 'secondary' : 'default'}
        />
        <Typography variant="body2" color="text.secondary">
          {t('help.adminReceived')}: {formatTimestamp(item.createdAt)}
        </Typography>
        {item.fromCandidate && (
          <Chip label={t('help.adminFromCandidate')} size="small" color="info" variant="outlined" />
        )}
        {!item.mailed && <Chip label={t('help.adminNotMailed')} size="small" color="warning" variant="outlined" />}
      </Box>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{item.message}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        {t('help.adminFrom')}:{' '}
        {item.sender ? `${item.sender.name} <${item.sender.email}>` : t('help.adminDeletedSender')} ·{' '}
        {t('help.adminPage')}: {item.page}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Box sx={{ minWidth: 200 }}>
          <FormTextField
            select
            name={`status-${item.id}`}
            label={t('help.adminStatus', { excerpt: excerpt(item.message) })}
            onChange={(event) => {
              const status = feedbackStatusSchema.parse(event.target.value);
              setStatus.mutate({ id: item.id, status });
            }}
            // The select shows the saved status; a change is saved at once.
            value={item.status}
          >
            {FEEDBACK_STATUSES.map((status) => (
              <option key={status} value={status}>
                {FEEDBACK_STATUS_LABELS[status]}
              </option>
            ))}
          </FormTextField>
        </Box>
        {item.hasScreenshot && (
          <Link href={feedbackScreenshotUrl(item.id)} target="_blank" rel="noopener">
            {t('help.adminScreenshot')}
          </Link>
        )}
      </Box>
    </Paper>
  );
}

/** Administrators: the feedback received, newest first, with its status (ADR 0036). */
export function FeedbackAdmin() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<FeedbackStatus | ''>('');
  const [page, setPage] = useState(0);
  const list = useFeedbackList({ page, pageSize: PAGE_SIZE, ...(status ? { status } : {}) });
  const pages = list.data ? Math.ceil(list.data.total / PAGE_SIZE) : 0;

  return (
    <Box>
      <Typography color="text.secondary">{t('help.adminIntro')}</Typography>
      <Box sx={{ maxWidth: 260 }}>
        <FormTextField
          select
          name="feedback-status-filter"
          label={t('help.adminFilter')}
          onChange={(event) => {
            const value = event.target.value;
            setStatus(value === '' ? '' : feedbackStatusSchema.parse(value));
            setPage(0);
          }}
          value={status}
        >
          <option value="">{t('help.adminAll')}</option>
          {FEEDBACK_STATUSES.map((value) => (
            <option key={value} value={value}>
              {FEEDBACK_STATUS_LABELS[value]}
            </option>
          ))}
        </FormTextField>
      </Box>
      {list.isPending && <CenteredProgress />}
      {list.isError && <ErrorState onRetry={() => void list.refetch()} />}
      {list.data && list.data.items.length === 0 && <EmptyState text={t('help.adminEmpty')} />}
      {list.data && list.data.items.length > 0 && (
        <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }} aria-label={t('help.adminTitle')}>
          {list.data.items.map((item) => (
            <FeedbackCard key={item.id} item={item} />
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Pagination
          sx={{ mt: 2 }}
          count={pages}
          page={page + 1}
          onChange={(_event, value) => setPage(value - 1)}
          getItemAriaLabel={(type, value) =>
            type === 'page' ? `Seite ${value}` : type === 'next' ? 'Nächste Seite' : 'Vorherige Seite'
          }
        />
      )}
    </Box>
  );
}
