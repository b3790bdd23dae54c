import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChatMessage } from '@matchwerk/shared';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { formatTimestamp } from '../../../lib/dayjs';
import type { PendingMessage } from '../lib/chat-messages';
import { LinkifiedText } from './linkified-text';
import { visuallyHidden } from '@mui/utils';

export type ChatItem =
  { kind: 'server'; key: string; message: ChatMessage } | { kind: 'pending'; key: string; pending: PendingMessage };

/** Server messages, then what is still in the outbox; keyed by clientMessageId where there is one, so a confirmed message keeps its element. */
export function chatItems(messages: readonly ChatMessage[], pending: readonly PendingMessage[]): ChatItem[] {
  return [
    ...messages.map((message): ChatItem => ({ kind: 'server', key: message.clientMessageId ?? message.id, message })),
    ...pending.map((p): ChatItem => ({ kind: 'pending', key: p.clientMessageId, pending: p })),
  ];
}

interface MessageItemProps {
  item: ChatItem;
  applicantName: string;
  /** The candidate's read mark: own messages up to this seq show "gelesen" (ADR 0040). */
  readByApplicant: number;
  onRetry: (pending: PendingMessage) => void;
  onDiscard: (pending: PendingMessage) => void;
}

function MessageItem({ item, applicantName, readByApplicant, onRetry, onDiscard }: MessageItemProps) {
  const { t } = useTranslation();
  const sender = item.kind === 'pending' ? 'ORGANIZATION' : item.message.sender;
  const text = item.kind === 'pending' ? item.pending.text : item.message.text;
  const timestamp = item.kind === 'pending' ? item.pending.createdAt : item.message.timestamp;
  const failed = item.kind === 'pending' && item.pending.status === 'failed';
  const textId = useId();

  if (sender === 'SYSTEM') {
    return (
      <Box component="li" sx={{ textAlign: 'center', px: 2, py: 0.5 }}>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontStyle: 'italic' }}
        >
          <Box component="span" sx={visuallyHidden}>{`${t('chats.senderSystem')}: `}</Box>
          <LinkifiedText text={text} />
        </Typography>
        <Typography variant="caption" color="text.secondary">
          <time dateTime={timestamp}>{formatTimestamp(timestamp)}</time>
        </Typography>
      </Box>
    );
  }

  const own = sender === 'ORGANIZATION';
  const bubble = failed
    ? { bgcolor: 'background.paper', color: 'text.primary', border: 2, borderColor: 'error.main' }
    : own
      ? { bgcolor: 'primary.main', color: 'primary.contrastText' }
      : { bgcolor: 'grey.100', color: 'text.primary', border: 1, borderColor: 'divider' };

  return (
    <Box component="li" sx={{ display: 'flex', flexDirection: 'column', alignItems: own ? 'flex-end' : 'flex-start' }}>
      <Box
        sx={{
          ...bubble,
          maxWidth: { xs: '88%', sm: '75%' },
          px: 1.5,
          py: 1,
          borderRadius: 2,
          borderBottomRightRadius: own ? 4 : undefined,
          borderBottomLeftRadius: own ? undefined : 4,
        }}
      >
        <Typography id={textId} component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <Box component="span" sx={visuallyHidden}>{`${own ? t('chats.senderYou') : applicantName}: `}</Box>
          <LinkifiedText text={text} />
        </Typography>
        <Typography variant="caption" component="div" sx={{ mt: 0.5, textAlign: 'right', color: 'inherit' }}>
          <time dateTime={timestamp}>{formatTimestamp(timestamp)}</time>
          {own && item.kind === 'server' && item.message.seq <= readByApplicant && (
            <Box component="span" sx={{ ml: 1, fontWeight: 600 }}>
              {t('chats.read')}
            </Box>
          )}
          {item.kind === 'pending' && (
            <Box component="span" sx={{ ml: 1, fontWeight: 600, color: failed ? 'error.main' : 'inherit' }}>
              {failed ? t('chats.failed') : t('chats.sending')}
            </Box>
          )}
        </Typography>
      </Box>
      {item.kind === 'pending' && failed && (
        <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
          {/* The message text describes both buttons: several failed messages stay distinguishable. */}
          <Button size="small" aria-describedby={textId} onClick={() => onDiscard(item.pending)}>
            {t('chats.discard')}
          </Button>
          <Button size="small" variant="outlined" aria-describedby={textId} onClick={() => onRetry(item.pending)}>
            {t('chats.retry')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}

/** The older messages not loaded yet ("Ältere Nachrichten laden" at the top of the log). */
export interface OlderMessages {
  available: boolean;
  loading: boolean;
  failed: boolean;
  onLoad: () => void;
}

export interface ChatLogProps {
  items: ChatItem[];
  applicantName: string;
  /** The candidate's read mark (seq); own messages up to it show "gelesen". */
  readByApplicant?: number;
  /** Incremented by the screen when the user sends: always scroll to the newest message then. */
  scrollRequest: number;
  older?: OlderMessages;
  onRetry: (pending: PendingMessage) => void;
  onDiscard: (pending: PendingMessage) => void;
}

const NEAR_BOTTOM_PX = 80;

/**
 * The message history (`role="log"`: screen readers announce new messages politely). Stays at
 * the newest message unless the user scrolled up to read; then a button leads back down.
 */
export function ChatLog({
  items,
  applicantName,
  readByApplicant = 0,
  scrollRequest,
  older,
  onRetry,
  onDiscard,
}: ChatLogProps) {
  const { t } = useTranslation();
  const logRef = useRef<HTMLDivElement>(null);
  // Updated from scroll events only; programmatic scrolling fires them too.
  const [atBottom, setAtBottom] = useState(true);
  const lastKey = items.at(-1)?.key;
  const [seenKey, setSeenKey] = useState(lastKey);
  const hasUnseen = !atBottom && lastKey !== seenKey;

  const scrollToEnd = () => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  };

  // Older messages put in front: move by the height they added, so the messages the reader was
  // looking at stay where they were. Runs after every render (it records the height), before
  // the follow-the-newest effect below.
  const firstKey = items[0]?.key;
  const anchor = useRef<{ firstKey?: string; lastKey?: string; scrollHeight: number }>({ scrollHeight: 0 });
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const previous = anchor.current;
    if (previous.firstKey !== undefined && firstKey !== previous.firstKey && lastKey === previous.lastKey) {
      log.scrollTop += log.scrollHeight - previous.scrollHeight;
    }
    anchor.current = { firstKey, lastKey, scrollHeight: log.scrollHeight };
  });

  // A new last message: follow it if the reader is at the end; otherwise the button offers it.
  useLayoutEffect(() => {
    if (atBottom) scrollToEnd();
  }, [lastKey, items.length, atBottom]);

  // The user sent a message: always show it.
  useLayoutEffect(() => {
    if (scrollRequest > 0) scrollToEnd();
  }, [scrollRequest]);

  return (
    <Box sx={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex' }}>
      <Box
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label={t('chats.logLabel')}
        // Scrollable regions must be reachable by keyboard (WCAG 2.1.1).
        tabIndex={0}
        onScroll={(event) => {
          const log = event.currentTarget;
          const bottom = log.scrollHeight - log.scrollTop - log.clientHeight < NEAR_BOTTOM_PX;
          setAtBottom(bottom);
          if (bottom) setSeenKey(lastKey);
        }}
        sx={{
          flex: 1,
          overflowY: 'auto',
          px: { xs: 1, sm: 2 },
          py: 2,
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
          // The effect above keeps the position; the browser's own scroll anchoring would add to it.
          overflowAnchor: 'none',
        }}
      >
        {older?.available && (
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, mb: 2 }}>
            {older.failed && (
              <Alert severity="warning" sx={{ width: '100%' }}>
                {t('chats.olderFailed')}
              </Alert>
            )}
            <Button size="small" variant="outlined" onClick={older.onLoad} disabled={older.loading}>
              {older.loading ? t('chats.loadingOlder') : t('chats.loadOlder')}
            </Button>
          </Box>
        )}
        {older && !older.available && items.length > 0 && (
          <Typography variant="caption" component="p" color="text.secondary" sx={{ textAlign: 'center', m: 0, mb: 2 }}>
            {t('chats.chatStart')}
          </Typography>
        )}
        {items.length === 0 ? (
          <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
            {t('chats.emptyChat')}
          </Typography>
        ) : (
          <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {items.map((item) => (
              <MessageItem
                key={item.key}
                item={item}
                applicantName={applicantName}
                readByApplicant={readByApplicant}
                onRetry={onRetry}
                onDiscard={onDiscard}
              />
            ))}
          </Stack>
        )}
      </Box>
      {hasUnseen && (
        <Button
          variant="contained"
          size="small"
          startIcon={<ArrowDownwardIcon aria-hidden />}
          onClick={scrollToEnd}
          sx={{ position: 'absolute', bottom: 12, left: '50%', transform: 'translateX(-50%)', borderRadius: 4 }}
        >
          {t('chats.jumpToNewest')}
        </Button>
      )}
    </Box>
  );
}
