import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Chip from '@mui/material/Chip';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatPersonName, href, ROUTES, type ChatSummary } from '@matchwerk/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink } from '../../../lib/router';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { Page } from '../../../components/layout/page';
import { PersonAvatar } from '../../../components/person/person-avatar';
import { marketplacePaths } from '../../../lib/api-paths';
import { formatTimestamp } from '../../../lib/dayjs';
import { chatListQueryOptions } from '../api/chats-api';

/** Newest first (spec §9), whatever order the answer had. */
export function sortNewestFirst(chats: readonly ChatSummary[]): ChatSummary[] {
  return [...chats].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));
}

function ChatRow({ chat }: { chat: ChatSummary }) {
  const { t } = useTranslation();
  const name = formatPersonName(chat.applicant);
  const photoId = chat.applicant.photos[0];
  const last = chat.lastMessage;
  const preview = last
    ? `${last.sender === 'ORGANIZATION' ? t('chats.youPrefix') : ''}${last.text.replace(/\s+/g, ' ')}`
    : t('chats.noMessages');
  return (
    <ListItem disablePadding divider>
      <ListItemButton
        component={RouterLink}
        to={href('Chat', { id: chat.applicantId })}
        sx={{ gap: 1, py: 1.5, alignItems: 'flex-start' }}
      >
        <ListItemAvatar sx={{ mt: 0.5 }}>
          <PersonAvatar name={name} src={photoId ? marketplacePaths.applicantPhoto(chat.applicantId, photoId) : null} />
        </ListItemAvatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Box
            sx={{ display: 'flex', gap: 1, alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap' }}
          >
            <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {name}
              {chat.unread > 0 && (
                <Chip
                  component="span"
                  size="small"
                  color="primary"
                  label={t('chats.unreadCount', { count: chat.unread })}
                  sx={{ ml: 1, fontWeight: 700, verticalAlign: 'middle' }}
                />
              )}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              <time dateTime={chat.timestamp}>{formatTimestamp(chat.timestamp)}</time>
            </Typography>
          </Box>
          <Typography
            variant="body2"
            color={chat.unread > 0 ? 'text.primary' : 'text.secondary'}
            noWrap
            sx={{ fontStyle: last ? undefined : 'italic', fontWeight: chat.unread > 0 ? 600 : undefined }}
          >
            {preview}
          </Typography>
        </Box>
      </ListItemButton>
    </ListItem>
  );
}

function LoadingRows() {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 2 }} role="status" aria-label={t('common.loading')}>
      {Array.from({ length: 4 }, (_, i) => (
        <Box key={i} sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
          <Skeleton variant="circular" width={40} height={40} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="40%" />
            <Skeleton width="80%" />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** Nachrichten (spec §2 Chats): the latest chats, newest first, refreshed every 5 s. */
export function ChatsScreen() {
  const { t } = useTranslation();
  const query = useQuery(chatListQueryOptions);
  const data = query.data;

  let content;
  if (query.isPending) content = <LoadingRows />;
  else if (!data)
    content = (
      <Box sx={{ p: 2 }}>
        <ErrorState onRetry={() => void query.refetch()} />
      </Box>
    );
  else if (data.chats.length === 0)
    content = (
      <Box sx={{ p: 2 }}>
        <EmptyState
          text={t('chats.empty')}
          action={
            <Button variant="outlined" component={RouterLink} to={ROUTES.Candidates.path}>
              {t('chats.toCandidates')}
            </Button>
          }
        />
      </Box>
    );
  else
    content = (
      <List aria-label={t('chats.listLabel')} disablePadding>
        {sortNewestFirst(data.chats).map((chat) => (
          <ChatRow key={chat.applicantId} chat={chat} />
        ))}
      </List>
    );

  return (
    <Page title={ROUTES.Chats.title} maxWidth={900}>
      <Paper variant="outlined">{content}</Paper>
    </Page>
  );
}
