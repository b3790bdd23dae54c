import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatPersonName, href, ROUTES, type UnreadResponse } from '@matchwerk/shared';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink } from '../../../lib/router';
import { ErrorState } from '../../../components/feedback/error-state';
import { formatTimestamp } from '../../../lib/dayjs';
import { unreadQueryOptions } from '../api/unread-api';

/** The lists of the panel: links to each new matching and each chat with unread messages. */
function NewItems({ data }: { data: UnreadResponse }) {
  const { t } = useTranslation();
  const matchingsId = useId();
  const chatsId = useId();
  if (data.matchings === 0 && data.messages === 0) {
    return <Typography color="text.secondary">{t('unread.empty')}</Typography>;
  }
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {data.matchings > 0 && (
        <Box component="section" aria-labelledby={matchingsId}>
          <Typography id={matchingsId} variant="h3" component="h3" sx={{ mb: 1 }}>
            {t('unread.matchingsHeading', { count: data.matchings })}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {data.newMatchings.map((matching) => (
              <Box component="li" key={`${matching.vacancyId}:${matching.applicantId}`} sx={{ mb: 0.75 }}>
                <Link component={RouterLink} to={ROUTES.Candidates.path} sx={{ overflowWrap: 'anywhere' }}>
                  {t('unread.matchingLink', {
                    name: formatPersonName(matching.applicant),
                    vacancy: matching.vacancyTitle,
                  })}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {t('unread.received', { time: formatTimestamp(matching.createdAt) })}
                </Typography>
              </Box>
            ))}
          </Box>
          {data.matchings > data.newMatchings.length && (
            <Link component={RouterLink} to={ROUTES.Candidates.path} sx={{ fontWeight: 600 }}>
              {t('unread.moreMatchings', { count: data.matchings })}
            </Link>
          )}
        </Box>
      )}
      {data.messages > 0 && (
        <Box component="section" aria-labelledby={chatsId}>
          <Typography id={chatsId} variant="h3" component="h3" sx={{ mb: 1 }}>
            {t('unread.messagesHeading', { count: data.messages })}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {data.unreadChats.map((chat) => (
              <Box component="li" key={chat.applicantId} sx={{ mb: 0.75 }}>
                <Link
                  component={RouterLink}
                  to={href('Chat', { id: chat.applicantId })}
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {t('unread.chatLink', { name: formatPersonName(chat.applicant), count: chat.unread })}
                </Link>
              </Box>
            ))}
          </Box>
          <Link component={RouterLink} to={ROUTES.Chats.path} sx={{ fontWeight: 600 }}>
            {t('unread.moreChats')}
          </Link>
        </Box>
      )}
    </Box>
  );
}

/**
 * "Neu seit Ihrem letzten Besuch" at the top of Mein Unternehmen (issue #14): new interest and
 * unread messages of this user, from the same poll as the sidebar's badges (no extra request).
 */
export function NewSincePanel() {
  const { t } = useTranslation();
  const headingId = useId();
  const query = useQuery(unreadQueryOptions);
  let body;
  if (query.isPending) {
    body = (
      <Box role="status" aria-label={t('common.loading')}>
        <Skeleton variant="rounded" height={24} sx={{ mb: 1, maxWidth: 360 }} />
        <Skeleton variant="rounded" height={24} sx={{ maxWidth: 280 }} />
      </Box>
    );
  } else if (query.isError && !query.data) {
    body = <ErrorState text={t('unread.failed')} onRetry={() => void query.refetch()} />;
  } else {
    body = <NewItems data={query.data} />;
  }
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography id={headingId} variant="h2" sx={{ mb: 1.5 }}>
        {t('unread.title')}
      </Typography>
      {/* Polite: a change while the page is open is announced, not interrupting. */}
      <Box aria-live="polite">{body}</Box>
    </Paper>
  );
}
